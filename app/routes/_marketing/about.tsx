import { Eye, Heart, Rocket } from 'lucide-react'
import { Link, type MetaArgs } from 'react-router'
import { Button } from '~/components/ui/button'
import { SIGN_UP_PATH } from '~/features/auth/auth-paths'
import { IconCardGrid, PageIntro, Prose, Section } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { TEAM } from '~/features/marketing/team'
import { initials } from '~/utils/initials'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'À propos',
    'L’histoire de Tremplin, lancé en 2023 pour construire la plus grande communauté d’entrepreneurs francophones : chiffres clés, mission, équipe.',
    page,
  )

// The product's own marketing figures (spec §1).
const FIGURES = [
  { value: '10K+', label: 'entrepreneurs' },
  { value: '50K+', label: 'publications' },
  { value: '200+', label: 'événements' },
  { value: '95%', label: 'de satisfaction' },
] as const

const PILLARS = [
  {
    icon: Rocket,
    title: 'Mission',
    text: 'Construire la plus grande communauté d’entrepreneurs francophones, où chacun trouve conseils, contacts et opportunités.',
  },
  {
    icon: Eye,
    title: 'Vision',
    text: 'Qu’un entrepreneur, à Dakar, à Montréal ou à Lille, ait accès aux mêmes ressources et au même réseau qu’au cœur d’un incubateur.',
  },
  {
    icon: Heart,
    title: 'Valeurs',
    text: 'L’entraide avant la mise en avant, la franchise bienveillante dans les retours, et le respect des données de chacun.',
  },
] as const

// Spec §2: four entries, fixed sample content.
const TIMELINE = [
  {
    year: '2023',
    title: 'Lancement de Tremplin',
    text: 'La première version ouvre ses portes à quelques centaines d’entrepreneurs.',
  },
  {
    year: '2024',
    title: '10\u202F000 entrepreneurs',
    text: 'La communauté franchit le cap des 10\u202F000 membres.',
  },
  {
    year: '2024',
    title: 'Levée de fonds d’amorçage',
    text: 'Un premier tour de financement permet de renforcer l’équipe.',
  },
  {
    year: '2025',
    title: 'Expansion internationale',
    text: 'Tremplin s’ouvre aux entrepreneurs de toute la francophonie.',
  },
] as const

export default function AboutScreen() {
  return (
    <>
      <PageIntro
        eyebrow="À propos"
        title="Entreprendre ne devrait jamais être un parcours solitaire"
        lead="Tremplin est né en 2023 d’un constat simple : les entrepreneurs apprennent d’abord les uns des autres. Nous leur avons construit un lieu pour le faire."
      />
      <Section id="histoire" title="Notre histoire" width="narrow">
        <Prose>
          <p>
            Avant Tremplin, nos fondateurs dirigeaient chacun leur entreprise. Ils avaient les mêmes
            questions que tous les créateurs — quel statut choisir, comment trouver ses premiers
            clients, à qui demander un avis franc — et les mêmes difficultés à trouver des réponses
            fiables, dispersées entre forums, groupes privés et réseaux généralistes.
          </p>
          <p>
            En 2023, ils lancent Tremplin : un réseau social professionnel gratuit, pensé pour les
            entrepreneurs francophones, où l’on partage son expérience, ses ressources et ses
            événements, et où l’on trouve des pairs qui vivent les mêmes défis.
          </p>
        </Prose>
      </Section>
      <section aria-labelledby="chiffres" className="border-y bg-muted/60">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
          <h2 id="chiffres" className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl">
            Tremplin en chiffres
          </h2>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {FIGURES.map((figure) => (
              <div
                key={figure.label}
                className="flex flex-col-reverse gap-1 rounded-xl border bg-card p-5 text-card-foreground"
              >
                <dt className="text-sm text-muted-foreground">{figure.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <Section id="mission-vision-valeurs" title="Mission, vision et valeurs">
        <IconCardGrid items={PILLARS} columns="md-3" />
      </Section>
      <Section id="parcours" title="Notre parcours" width="narrow" className="pt-0 sm:pt-0">
        <ol className="relative flex flex-col gap-8 border-l-2 border-primary/40 pl-6">
          {TIMELINE.map((entry) => (
            <li key={entry.title} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.95rem] size-3.5 rounded-full border-2 border-background bg-primary"
              />
              <p className="text-sm font-semibold text-primary">{entry.year}</p>
              <h3 className="text-lg font-semibold">{entry.title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{entry.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <div className="border-y bg-muted/60">
        <Section id="equipe" title="L’équipe">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {TEAM.map((member) => (
              <li
                key={member.id}
                className="flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground"
              >
                <span
                  aria-hidden="true"
                  className="flex size-14 items-center justify-center rounded-full bg-accent text-lg font-bold text-accent-foreground"
                >
                  {initials(member.name)}
                </span>
                <div>
                  <h3 className="font-semibold">{member.name}</h3>
                  <p className="text-sm text-primary">{member.role}</p>
                </div>
                <p className="text-sm leading-relaxed text-muted-foreground">{member.bio}</p>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <Section
        id="rejoindre-equipe"
        title="Envie de faire partie de l’aventure ?"
        description="Rejoignez la communauté, ou l’équipe qui la fait vivre."
        width="narrow"
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={SIGN_UP_PATH}>Créer un compte</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/careers">Nous recrutons</Link>
          </Button>
        </div>
      </Section>
    </>
  )
}
