import {
  BadgeCheck,
  Ban,
  Clock,
  Copyright,
  Flag,
  HeartHandshake,
  Lock,
  Megaphone,
  Scale,
  ShieldAlert,
} from 'lucide-react'
import { Link, type MetaArgs } from 'react-router'
import { Button } from '~/components/ui/button'
import { IconCardGrid, PageIntro, Prose, Section } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { SUPPORT_EMAILS } from '~/features/marketing/site-info'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Règles de modération',
    'Les règles de publication de Tremplin, le traitement des signalements sous 24 heures et les sanctions, de l’avertissement à la suspension de 7 à 30 jours.',
    page,
  )

const RULES = [
  {
    icon: HeartHandshake,
    title: 'Respecter les autres membres',
    text: 'Pas de harcèlement, d’insulte, de menace ni de propos haineux ou discriminatoires. On critique une idée, jamais une personne.',
  },
  {
    icon: BadgeCheck,
    title: 'Être soi-même',
    text: 'Un compte par personne, sous votre vrai nom. L’usurpation d’identité et les faux profils sont interdits.',
  },
  {
    icon: Megaphone,
    title: 'Publier utile',
    text: 'Des contenus en rapport avec l’entrepreneuriat. Pas de spam, de publications répétées ni d’autopromotion sans valeur pour les autres.',
  },
  {
    icon: Scale,
    title: 'Rester dans la légalité',
    text: 'Aucun contenu illicite : arnaques, placements miracles, contrefaçons, ventes interdites, incitation à la violence.',
  },
  {
    icon: Lock,
    title: 'Protéger la vie privée',
    text: 'Ne publiez pas les coordonnées, documents ou conversations privées d’autrui sans son accord.',
  },
  {
    icon: Copyright,
    title: 'Respecter la propriété intellectuelle',
    text: 'Partagez ce que vous avez le droit de partager, et citez vos sources.',
  },
] as const

const SANCTIONS = [
  {
    icon: Flag,
    title: 'Retrait et avertissement',
    text: 'Le contenu contraire aux règles est retiré et son auteur reçoit un avertissement qui explique pourquoi.',
  },
  {
    icon: Clock,
    title: 'Suspension de 7 à 30 jours',
    text: 'En cas de manquement grave ou de récidive, le compte est suspendu de 7 à 30 jours selon la gravité des faits.',
  },
  {
    icon: Ban,
    title: 'Exclusion définitive',
    text: 'Les manquements les plus graves ou répétés après une suspension entraînent la fermeture du compte.',
  },
] as const

export default function ModerationScreen() {
  return (
    <>
      <PageIntro
        eyebrow="Modération"
        title="Règles de modération"
        lead="Tremplin est un espace d’entraide professionnelle. Ces règles s’appliquent à chaque publication, commentaire et profil, pour que chacun puisse y échanger en confiance."
      />
      <Section id="regles" title="Les règles de la communauté">
        <IconCardGrid items={RULES} columns="sm-2-lg-3" />
      </Section>
      <div className="border-y bg-muted/60">
        <Section
          id="signaler"
          title="Signaler un contenu"
          description="Chaque signalement est traité dans un délai de 24 heures."
          width="narrow"
        >
          <Prose>
            <p>
              Un contenu vous semble contraire à ces règles ? Écrivez à{' '}
              <a href={`mailto:${SUPPORT_EMAILS.moderation}`}>{SUPPORT_EMAILS.moderation}</a> ou
              passez par le <Link to="/contact?sujet=Signalement">formulaire de contact</Link> en
              indiquant le lien de la publication, du commentaire ou du profil, et ce qui pose
              problème.
            </p>
            <p>
              Un membre de l’équipe examine le contenu et vous répond dans les 24 heures. Les
              contenus manifestement illicites sont retirés sans attendre et, lorsque la loi
              l’impose, signalés aux autorités compétentes.
            </p>
          </Prose>
        </Section>
      </div>
      <Section
        id="sanctions"
        title="Les sanctions"
        description="Elles sont graduées et proportionnées à la gravité des faits."
      >
        <IconCardGrid items={SANCTIONS} columns="md-3" ordered />
      </Section>
      <Section
        id="contester"
        title="Contester une décision"
        width="narrow"
        className="pt-0 sm:pt-0"
      >
        <div className="flex flex-col items-start gap-5">
          <Prose>
            <p>
              Vous pensez qu’une décision vous concernant est une erreur ? Répondez au message qui
              vous l’a notifiée ou écrivez-nous en expliquant pourquoi : un autre membre de l’équipe
              réexamine le dossier et vous répond sous 7 jours.
            </p>
          </Prose>
          <Button asChild variant="outline">
            <Link to="/contact?sujet=Contestation%20d%E2%80%99une%20d%C3%A9cision">
              <ShieldAlert aria-hidden="true" />
              Contester une décision
            </Link>
          </Button>
        </div>
      </Section>
    </>
  )
}
