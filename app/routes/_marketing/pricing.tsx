import { Check } from 'lucide-react'
import { Link, type MetaArgs } from 'react-router'
import { Button } from '~/components/ui/button'
import { SIGN_UP_PATH } from '~/features/auth/auth-paths'
import { IconList, PageIntro, Section } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { cn } from '~/utils/cn'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Tarifs',
    'Les offres de Tremplin : Gratuit à 0 €/mois, Premium à 9,99 €/mois, Entreprise sur devis.',
    page,
  )

// Spec §9: Gratuit 0 €/month, Premium 9,99 €/month (highlighted), Entreprise on quotation.
const PLANS = [
  {
    id: 'gratuit',
    name: 'Gratuit',
    price: '0 €',
    period: '/mois',
    summary: 'Pour rejoindre la communauté et échanger avec les autres entrepreneurs.',
    features: [
      'Profil professionnel complet',
      'Publications, discussions, événements, ressources et articles',
      'Votes, commentaires et publications sauvegardées',
      'Toutes les communautés par thématique et par secteur',
      'Recherche dans le fil d’actualité',
    ],
    cta: { label: 'Commencer gratuitement', to: SIGN_UP_PATH },
    highlighted: false,
  },
  {
    id: 'premium',
    name: 'Premium',
    price: '9,99 €',
    period: '/mois',
    summary: 'Pour les entrepreneurs qui veulent gagner en visibilité et aller plus vite.',
    features: [
      'Tout ce que contient l’offre Gratuit',
      'Mise en avant de vos publications dans les communautés',
      'Statistiques détaillées sur vos publications',
      'Badge Premium sur votre profil',
      'Support prioritaire',
    ],
    cta: { label: 'Choisir Premium', to: SIGN_UP_PATH },
    highlighted: true,
  },
  {
    id: 'entreprise',
    name: 'Entreprise',
    price: 'Sur devis',
    period: null,
    summary: 'Pour les incubateurs, réseaux d’accompagnement et équipes.',
    features: [
      'Tout ce que contient l’offre Premium',
      'Un espace dédié à votre communauté',
      'Plusieurs comptes pour votre équipe',
      'Accompagnement personnalisé',
      'Facturation annuelle',
    ],
    cta: { label: 'Nous contacter', to: '/contact?sujet=Offre%20Entreprise' },
    highlighted: false,
  },
] as const

const QUESTIONS = [
  {
    question: 'Tremplin est-il vraiment gratuit ?',
    answer:
      'Oui. L’offre Gratuit donne accès à tout ce qui fait Tremplin : profil, publications, discussions, votes, commentaires et communautés. Pendant la bêta, elle n’a pas de limite de durée.',
  },
  {
    question: 'Puis-je changer d’offre ?',
    answer:
      'Pendant la bêta, Premium n’est pas encore en vente : toutes les fonctionnalités disponibles restent accessibles avec l’offre Gratuit. Quand Premium ouvrira, vous pourrez y passer et revenir à Gratuit à tout moment.',
  },
  {
    question: 'Comment se passe le paiement ?',
    answer:
      'Aucun paiement n’est demandé pendant la bêta, et aucune carte bancaire. Premium se réglera au mois, sans engagement ; l’offre Entreprise fait l’objet d’un devis adapté à votre structure, sur demande.',
  },
] as const

export default function PricingScreen() {
  return (
    <>
      <PageIntro
        eyebrow="Tarifs"
        title="Une offre pour chaque étape de votre projet"
        lead="Commencez gratuitement, passez à Premium quand vous voulez aller plus loin, et parlez-nous de vos besoins d’équipe."
      />
      <section aria-labelledby="offres" className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
        <h2 id="offres" className="sr-only">
          Les offres
        </h2>
        <ul className="grid items-stretch gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.id}
              className={cn(
                'relative flex flex-col gap-6 rounded-2xl border bg-card p-6 text-card-foreground shadow-xs',
                plan.highlighted && 'border-2 border-primary shadow-md lg:-my-3 lg:py-9',
              )}
            >
              {plan.highlighted ? (
                <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                  Recommandé
                </p>
              ) : null}
              <div className="flex flex-col gap-2">
                <h3 id={`offre-${plan.id}`} className="text-xl font-bold">
                  {plan.name}
                </h3>
                <p className="text-sm text-muted-foreground">{plan.summary}</p>
              </div>
              <p className="flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
                {plan.period ? <span className="text-muted-foreground">{plan.period}</span> : null}
              </p>
              <IconList
                items={plan.features}
                icon={Check}
                iconClassName="size-4 text-primary"
                className="flex-1"
              />
              <Button asChild variant={plan.highlighted ? 'default' : 'outline'} className="w-full">
                <Link to={plan.cta.to}>{plan.cta.label}</Link>
              </Button>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-muted-foreground">
          Prix en euros, toutes taxes comprises. Pendant la bêta, toutes les fonctionnalités
          disponibles restent accessibles avec l’offre Gratuit.
        </p>
      </section>
      <Section id="questions-tarifs" title="Questions fréquentes sur les offres" width="narrow">
        <dl className="flex flex-col gap-6">
          {QUESTIONS.map((item) => (
            <div key={item.question} className="flex flex-col gap-2">
              <dt className="font-semibold">{item.question}</dt>
              <dd className="leading-relaxed text-muted-foreground">{item.answer}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8">
          D’autres questions ?{' '}
          <Link to="/faq" className="font-medium text-primary underline underline-offset-4">
            Consultez la FAQ
          </Link>{' '}
          ou{' '}
          <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
            écrivez-nous
          </Link>
          .
        </p>
      </Section>
    </>
  )
}
