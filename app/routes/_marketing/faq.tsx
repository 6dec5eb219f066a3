import { ChevronDown } from 'lucide-react'
import { Link, type MetaArgs } from 'react-router'
import { Button } from '~/components/ui/button'
import { PageIntro } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { frenchSpacing } from '~/utils/french-spacing'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Questions fréquentes',
    'Les réponses aux questions les plus posées sur Tremplin : création de compte, gratuité, publication, suppression du compte.',
    page,
  )

// The five questions of the spec (§2), answered with its own statements (§1).
const QUESTIONS = [
  {
    id: 'quoi',
    question: 'Qu’est-ce que Tremplin ?',
    answer: (
      <p>
        Tremplin est un réseau social professionnel gratuit, en version bêta, pour les entrepreneurs
        francophones. On y partage des publications, des discussions, des événements, des ressources
        et des articles, on vote, on commente, on suit des communautés par thématique et par
        secteur, et l’on tient à jour son profil professionnel.
      </p>
    ),
  },
  {
    id: 'compte',
    question: 'Comment créer un compte ?',
    answer: (
      <p>
        Cliquez sur « Commencer » en haut à droite, remplissez le formulaire d’inscription avec
        votre adresse email et un mot de passe, puis ouvrez le lien de confirmation que vous recevez
        par email. Il ne vous reste plus qu’à compléter votre profil professionnel.
      </p>
    ),
  },
  {
    id: 'gratuit',
    question: 'Tremplin est-il gratuit ?',
    answer: (
      <p>
        Oui, l’utilisation de Tremplin est gratuite. Une offre Premium propose des fonctionnalités
        avancées pour ceux qui veulent aller plus loin : voir les{' '}
        <Link to="/pricing" className="font-medium text-primary underline underline-offset-4">
          tarifs
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'publier',
    question: 'Comment publier un post ?',
    answer: (
      <p>
        Une fois connecté, cliquez sur « Créer un post » dans le fil d’actualité. Vous pouvez y
        partager du texte, des images et des liens, choisir le type de publication, ses catégories
        et ses secteurs.
      </p>
    ),
  },
  {
    id: 'supprimer',
    question: 'Puis-je supprimer mon compte ?',
    answer: (
      <p>
        Oui, à tout moment, depuis vos paramètres. Vos données sont alors effacées dans un délai de
        30 jours, sauf lorsque la loi impose de les conserver.
      </p>
    ),
  },
] as const

export default function FaqScreen() {
  return (
    <>
      <PageIntro
        eyebrow="FAQ"
        title="Questions fréquentes"
        lead="Tout ce qu’il faut savoir pour bien démarrer sur Tremplin."
        width="narrow"
      />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-10 px-4 py-12 sm:py-16">
        {/* Native disclosures sharing a name: one answer open at a time, the open one closes
            again, with or without JavaScript, and every answer is in the page's text. */}
        <div className="flex flex-col gap-3">
          {QUESTIONS.map((item) => (
            <details
              key={item.id}
              name="faq"
              className="group rounded-xl border bg-card text-card-foreground shadow-xs"
            >
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                <h2 className="text-base font-semibold">{frenchSpacing(item.question)}</h2>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <div className="px-5 pb-5 text-base leading-relaxed text-muted-foreground">
                {item.answer}
              </div>
            </details>
          ))}
        </div>
        <div className="flex flex-col items-start gap-4 rounded-xl border bg-muted p-6">
          <h2 className="text-lg font-semibold">Vous n’avez pas trouvé votre réponse ?</h2>
          <p className="text-sm text-muted-foreground">
            L’équipe répond à chaque message sous 24h.
          </p>
          <Button asChild>
            <Link to="/contact">Contactez-nous</Link>
          </Button>
        </div>
      </div>
    </>
  )
}
