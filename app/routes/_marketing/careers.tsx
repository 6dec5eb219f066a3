import { ArrowRight, Briefcase, MapPin } from 'lucide-react'
import { Link, type MetaArgs } from 'react-router'
import { Button } from '~/components/ui/button'
import { PageIntro, Section } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Recrutement',
    'Rejoignez l’équipe Tremplin : nos postes ouverts et notre processus de recrutement en quatre étapes.',
    page,
  )

// Spec §2: four sample openings and a four-step process, with links to /contact.
const OPENINGS = [
  {
    title: 'Développeur·se full-stack React / Node.js',
    team: 'Technique',
    place: 'Paris ou télétravail',
    contract: 'CDI',
    text: 'Concevoir et livrer les fonctionnalités de Tremplin de bout en bout, du schéma de base de données à l’interface, avec un vrai souci d’accessibilité et de performance.',
  },
  {
    title: 'Product designer UX/UI',
    team: 'Produit',
    place: 'Paris, hybride',
    contract: 'CDI',
    text: 'Comprendre les entrepreneurs qui utilisent Tremplin, prototyper, tester avec eux et faire évoluer notre système de design.',
  },
  {
    title: 'Community manager',
    team: 'Communauté',
    place: 'Lyon ou télétravail',
    contract: 'CDI',
    text: 'Animer les communautés, accompagner les nouveaux membres, organiser les événements en ligne et faire vivre la modération au quotidien.',
  },
  {
    title: 'Business developer partenariats',
    team: 'Partenariats',
    place: 'Paris',
    contract: 'CDI',
    text: 'Nouer des partenariats avec les incubateurs, réseaux d’accompagnement et collectivités qui soutiennent les entrepreneurs.',
  },
] as const

const STEPS = [
  {
    title: 'Candidature',
    text: 'Écrivez-nous depuis la page Contact quelques lignes sur ce qui vous donne envie de rejoindre Tremplin, avec un lien vers votre CV ou votre profil. Nous répondons à chaque candidature.',
  },
  {
    title: 'Premier échange',
    text: 'Trente minutes en visio avec la personne qui recrute, pour faire connaissance et parler du poste.',
  },
  {
    title: 'Mise en situation',
    text: 'Un exercice court et concret, proche du travail réel, que vous présentez ensuite à deux membres de l’équipe.',
  },
  {
    title: 'Rencontre et décision',
    text: 'Vous rencontrez l’équipe et les fondateurs. Nous vous donnons notre réponse sous une semaine, quelle qu’elle soit.',
  },
] as const

function applyLink(subject: string) {
  return `/contact?sujet=${encodeURIComponent(`Candidature : ${subject}`)}`
}

export default function CareersScreen() {
  return (
    <>
      <PageIntro
        eyebrow="Recrutement"
        title="Construisez avec nous le réseau des entrepreneurs"
        lead="Tremplin est une petite équipe qui met son énergie au service de milliers d’entrepreneurs francophones. Nous cherchons des personnes exigeantes et bienveillantes pour la faire grandir."
      />
      <Section id="postes" title="Postes ouverts">
        <ul className="grid gap-4 md:grid-cols-2">
          {OPENINGS.map((opening) => (
            <li
              key={opening.title}
              className="flex flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-xs"
            >
              <div className="flex flex-col gap-2">
                <p className="text-sm font-semibold text-primary">{opening.team}</p>
                <h3 className="text-lg font-semibold">{opening.title}</h3>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" className="size-4" />
                    {opening.place}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Briefcase aria-hidden="true" className="size-4" />
                    {opening.contract}
                  </span>
                </p>
              </div>
              <p className="flex-1 text-sm leading-relaxed">{opening.text}</p>
              <Button asChild variant="outline" className="self-start">
                <Link to={applyLink(opening.title)}>
                  Postuler<span className="sr-only"> : {opening.title}</span>
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </Section>
      <div className="border-y bg-muted/60">
        <Section
          id="processus"
          title="Notre processus de recrutement"
          description="Quatre étapes, trois semaines en moyenne, et une réponse à chaque fois."
        >
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li
                key={step.title}
                className="flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground"
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <h3 className="font-semibold">
                  <span className="sr-only">Étape {index + 1} : </span>
                  {step.title}
                </h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>
      </div>
      <Section
        id="spontanee"
        title="Aucun poste ne vous correspond ?"
        description="Parlez-nous de vous : nous lisons toutes les candidatures spontanées."
        width="narrow"
      >
        <Button asChild>
          <Link to="/contact?sujet=Candidature%20spontan%C3%A9e">
            Envoyer une candidature spontanée
          </Link>
        </Button>
      </Section>
    </>
  )
}
