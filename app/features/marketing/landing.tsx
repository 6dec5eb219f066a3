import {
  ArrowRight,
  BookOpen,
  Briefcase,
  Building2,
  CalendarDays,
  Calculator,
  Check,
  ClipboardList,
  Dumbbell,
  FlaskConical,
  Gauge,
  Handshake,
  HeartPulse,
  Landmark,
  Laptop,
  Leaf,
  Lightbulb,
  Megaphone,
  MessageCircleQuestion,
  MessagesSquare,
  Newspaper,
  Palette,
  PiggyBank,
  Plane,
  Scale,
  Search,
  ShoppingCart,
  Sparkles,
  Store,
  Tag,
  Target,
  TrendingUp,
  Users,
  UtensilsCrossed,
  X,
  type LucideIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { SIGN_UP_PATH } from '~/features/auth/auth-paths'
import { frenchSpacing } from '~/utils/french-spacing'
import { IconCardGrid, IconList, Section } from './marketing-ui'

// The landing page's sections (spec §2 'Landing page'), top to bottom. The embedded sign-up
// and sign-in block lives in the route, which owns the action the forms post to.

function Hero() {
  return (
    <section
      aria-labelledby="accroche"
      className="relative isolate overflow-hidden border-b bg-linear-to-b from-accent/60 to-background"
    >
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
        <p className="rounded-full border bg-background px-3 py-1 text-sm font-medium text-muted-foreground">
          Gratuit, en version bêta
        </p>
        <h1
          id="accroche"
          className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          Le tremplin des <span className="text-primary">entrepreneurs francophones</span>
        </h1>
        <p className="max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">
          Tremplin est le réseau social professionnel gratuit des entrepreneurs. Partagez vos
          publications, lancez des discussions, annoncez vos événements, échangez ressources et
          articles ; votez, commentez et suivez les communautés qui font avancer vos projets.
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={SIGN_UP_PATH}>
              Rejoindre la Communauté
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/feed">Découvrir la Plateforme</Link>
          </Button>
        </div>
      </div>
    </section>
  )
}

const MISSION_POINTS = [
  {
    icon: MessagesSquare,
    title: 'Partager l’expérience',
    text: 'Réussites, erreurs, chiffres : ce que chacun a appris sert à tous les autres.',
  },
  {
    icon: Handshake,
    title: 'Créer des opportunités',
    text: 'Associés, clients, partenaires, mentors : les rencontres utiles se font entre pairs.',
  },
  {
    icon: MessageCircleQuestion,
    title: 'Éprouver ses idées',
    text: 'Soumettez une idée ou un modèle économique et recevez des retours francs avant d’investir.',
  },
] as const

function Mission() {
  return (
    <Section
      id="mission"
      title="Notre mission : qu’aucun entrepreneur n’avance seul"
      description="Porteurs de projet, fondateurs, indépendants, dirigeants de TPE et de PME : Tremplin réunit les entrepreneurs francophones dans un même espace, pour s’entraider, se faire connaître et saisir des opportunités d’affaires."
    >
      <IconCardGrid items={MISSION_POINTS} columns="sm-3" />
    </Section>
  )
}

const FEATURES = [
  {
    icon: MessagesSquare,
    title: 'Posts et discussions',
    text: 'Publiez vos réflexions, posez vos questions et lancez des discussions avec des entrepreneurs qui vivent les mêmes défis que vous.',
  },
  {
    icon: CalendarDays,
    title: 'Événements',
    text: 'Annoncez vos ateliers, webinaires et rencontres, et repérez les événements utiles à votre activité.',
  },
  {
    icon: Users,
    title: 'Contacts',
    text: 'Trouvez associés, mentors, clients ou partenaires grâce aux profils professionnels et aux communautés.',
  },
  {
    icon: Briefcase,
    title: 'Services',
    text: 'Présentez votre offre et découvrez les services proposés par les autres entrepreneurs du réseau.',
  },
  {
    icon: Newspaper,
    title: 'Actualités',
    text: 'Suivez les articles et les nouvelles qui comptent pour votre activité, commentés par la communauté.',
  },
  {
    icon: BookOpen,
    title: 'Ressources',
    text: 'Modèles, guides, outils : échangez les ressources qui font gagner du temps, classées par les votes des membres.',
  },
] as const

function Features() {
  return (
    <div className="border-y bg-muted/60">
      <Section
        id="fonctionnalites"
        title="Tout ce qu’il faut pour entreprendre à plusieurs"
        description="Six façons d’échanger avec la communauté, réunies dans un seul fil d’actualité."
      >
        <IconCardGrid items={FEATURES} columns="sm-2-lg-3" />
      </Section>
    </div>
  )
}

// The 15 themes and 14 sectors the spec lists (§1), in its order.
const THEMES: readonly { label: string; icon: LucideIcon }[] = [
  { label: 'Feedback', icon: MessageCircleQuestion },
  { label: 'Idées Business', icon: Lightbulb },
  { label: 'Business Model', icon: ClipboardList },
  { label: 'Étude de Marché', icon: Search },
  { label: 'R&D', icon: FlaskConical },
  { label: 'Networking', icon: Users },
  { label: 'Commercial', icon: Handshake },
  { label: 'Marketing', icon: Megaphone },
  { label: 'Juridique', icon: Scale },
  { label: 'Comptabilité', icon: Calculator },
  { label: 'Finance', icon: TrendingUp },
  { label: 'Productivité', icon: Gauge },
  { label: 'Marque', icon: Tag },
  { label: 'Financement', icon: PiggyBank },
  { label: 'Relation Client', icon: Target },
]

const SECTORS: readonly { label: string; icon: LucideIcon }[] = [
  { label: 'Informatique', icon: Laptop },
  { label: 'E-commerce et import-export', icon: ShoppingCart },
  { label: 'Marketing et communication', icon: Megaphone },
  { label: 'Santé', icon: HeartPulse },
  { label: 'Alimentation', icon: UtensilsCrossed },
  { label: 'Conseil', icon: Briefcase },
  { label: 'Éducation', icon: BookOpen },
  { label: 'Immobilier et construction', icon: Building2 },
  { label: 'Arts et culture', icon: Palette },
  { label: 'Commerce de détail', icon: Store },
  { label: 'Sport', icon: Dumbbell },
  { label: 'Tourisme et hôtellerie', icon: Plane },
  { label: 'Environnement', icon: Leaf },
  { label: 'Banque et assurance', icon: Landmark },
]

function TileGrid({ items }: { items: readonly { label: string; icon: LucideIcon }[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(({ label, icon: Icon }) => (
        <li
          key={label}
          className="flex min-h-14 items-center gap-3 rounded-lg border bg-card px-3 py-2 text-sm font-medium text-card-foreground"
        >
          <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <span>{label}</span>
        </li>
      ))}
    </ul>
  )
}

function Communities() {
  return (
    <>
      <Section
        id="thematiques"
        title="15 thématiques pour faire avancer votre projet"
        description="Chaque publication est rangée par thème : retrouvez en un clic les échanges sur le sujet qui vous occupe aujourd’hui."
      >
        <TileGrid items={THEMES} />
      </Section>
      <Section
        id="secteurs"
        title="14 secteurs pour retrouver les vôtres"
        description="Suivez les entrepreneurs de votre marché et découvrez ce qui se fait ailleurs."
        className="pt-0 sm:pt-0"
      >
        <TileGrid items={SECTORS} />
        <Button asChild variant="outline" className="mt-8">
          <Link to="/feed">
            Explorer les communautés
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </Section>
    </>
  )
}

const BEFORE = [
  'Vous prenez seul les décisions difficiles, sans personne à qui demander conseil.',
  'Vos questions se perdent dans des groupes généralistes, entre deux publicités.',
  'Trouver un associé, un mentor ou un premier client prend des mois.',
  'Les bonnes ressources sont noyées dans le bruit des réseaux sociaux.',
  'Vos idées ne sont mises à l’épreuve qu’une fois l’argent investi.',
] as const

const AFTER = [
  'Une communauté d’entrepreneurs qui partage ses retours d’expérience.',
  'Des réponses concrètes de pairs, rangées par thématique et par secteur.',
  'Des contacts qualifiés grâce aux profils professionnels et aux communautés.',
  'Des ressources et des articles mis en avant par les votes des membres.',
  'Des retours francs sur vos idées avant de vous lancer.',
] as const

function Comparison() {
  return (
    <div className="border-y bg-muted/60">
      <Section
        id="avant-apres"
        title="Entreprendre, avant et avec Tremplin"
        description="Ce qui change quand on s’entoure des bonnes personnes."
      >
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground">
            <h3 className="text-lg font-semibold">Sans Tremplin</h3>
            <IconList items={BEFORE} icon={X} iconClassName="text-destructive" />
          </div>
          <div className="flex flex-col gap-4 rounded-xl border-2 border-primary bg-card p-6 text-card-foreground shadow-sm">
            <h3 className="text-lg font-semibold">Avec Tremplin</h3>
            <IconList items={AFTER} icon={Check} iconClassName="text-primary" />
          </div>
        </div>
      </Section>
    </div>
  )
}

/** The call to action: the feed for a member, the sign-up page for a visitor. */
function CallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <section
      aria-labelledby="appel-action"
      className="mx-auto w-full max-w-6xl px-4 py-14 sm:py-20"
    >
      <div className="flex flex-col items-start gap-5 rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:items-center sm:px-10 sm:text-center">
        <Sparkles aria-hidden="true" className="size-8" />
        <h2
          id="appel-action"
          className="text-2xl font-bold tracking-tight text-balance sm:text-3xl"
        >
          {frenchSpacing('Prêt à donner de l’élan à votre projet ?')}
        </h2>
        <p className="max-w-2xl text-base leading-relaxed text-pretty opacity-90 sm:text-lg">
          {signedIn
            ? 'Votre fil d’actualité vous attend : les dernières publications de la communauté y sont déjà.'
            : 'L’inscription est gratuite et prend une minute. Rejoignez les entrepreneurs qui avancent ensemble.'}
        </p>
        {/* A large button that may wrap on a phone: its own classes, not the Button's. */}
        <Link
          to={signedIn ? '/feed' : SIGN_UP_PATH}
          className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md border border-transparent bg-background px-6 py-3 text-center text-base font-medium text-foreground shadow-xs transition-[color,background-color,border-color] hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:w-auto"
        >
          {signedIn ? 'Accéder au fil' : 'Créer mon compte gratuitement'}
          <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
        </Link>
      </div>
    </section>
  )
}

const JOIN_REASONS = [
  'Gratuit pendant toute la bêta, sans carte bancaire.',
  'Un profil professionnel pour vous présenter à la communauté.',
  'Vos données vous appartiennent : export et suppression depuis vos paramètres.',
] as const

/** The text beside the embedded sign-up/sign-in block. */
function JoinPitch() {
  return (
    <div className="flex flex-col gap-4">
      <h2
        id="rejoindre-titre"
        className="text-2xl font-bold tracking-tight text-balance sm:text-3xl"
      >
        Rejoignez Tremplin dès maintenant
      </h2>
      <p className="text-base leading-relaxed text-muted-foreground sm:text-lg">
        Créez votre compte ici même, confirmez votre adresse email, puis complétez votre profil
        professionnel.
      </p>
      <IconList items={JOIN_REASONS} icon={Check} iconClassName="text-primary" />
    </div>
  )
}

/** What a signed-in member sees instead of the forms. */
function WelcomeBack({ firstName }: { firstName: string }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:items-center sm:p-10 sm:text-center">
      <h2 id="rejoindre-titre" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {frenchSpacing(
          firstName ? `Bon retour parmi nous, ${firstName} !` : 'Bon retour parmi nous !',
        )}
      </h2>
      <p className="max-w-xl text-base leading-relaxed text-muted-foreground">
        Vous êtes connecté à Tremplin. Retrouvez les publications, discussions et événements de vos
        communautés dans votre fil d’actualité.
      </p>
      <Button asChild size="lg">
        <Link to="/feed">
          Accéder au fil
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  )
}

export { CallToAction, Communities, Comparison, Features, Hero, JoinPitch, Mission, WelcomeBack }
