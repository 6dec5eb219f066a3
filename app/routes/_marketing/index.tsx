import { Link } from 'react-router'
import { handleAuthAction } from '~/features/auth/auth-action.server'
import {
  AuthTabs,
  offlineAuthAnswer,
  SignInForm,
  SignUpForm,
  TwoFactorForm,
  useAuthActionToast,
  type AuthTab,
} from '~/features/auth/auth-forms'
import {
  CallToAction,
  Communities,
  Comparison,
  Features,
  Hero,
  JoinPitch,
  Mission,
  WelcomeBack,
} from '~/features/marketing/landing'
import { pageMeta } from '~/features/marketing/page-meta'
import { getCurrentSession } from '~/server/auth/session.server'
import { keepRetryAfter } from '~/server/rate-limit.server'
import { keptOffline, skipRevalidationOffline } from '~/utils/form-kept-offline'
import type { Route } from './+types/index'

export const meta: Route.MetaFunction = (page) =>
  pageMeta(
    'Tremplin, le réseau social des entrepreneurs',
    'Tremplin est le réseau social professionnel gratuit des entrepreneurs francophones : partagez, échangez et trouvez des opportunités.',
    page,
  )

// The block's forms post here (not to /auth), so a visitor stays on the landing page; the
// fragment brings the browser back to the block after a submission without JavaScript.
const BLOCK_ACTION = '/?index#rejoindre'

/** A confirmation link from a sign-up email lands here (?confirmation=ok, or ?error=…). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const current = await getCurrentSession(context)
  const tab: AuthTab = params.get('tab') === 'signin' ? 'signin' : 'signup'
  const member = current ? { firstName: current.user.firstName } : null
  if (params.get('error')) {
    return {
      member,
      tab: 'signin' as AuthTab,
      notice: {
        type: 'error' as const,
        message:
          'Ce lien de confirmation est invalide ou a expiré : connectez-vous pour en recevoir un nouveau.',
      },
    }
  }
  if (params.get('confirmation') === 'ok') {
    return {
      member,
      tab: 'signin' as AuthTab,
      notice: {
        type: 'success' as const,
        message: 'Adresse email confirmée : vous pouvez maintenant vous connecter.',
      },
    }
  }
  return { member, tab, notice: null }
}

export const headers = keepRetryAfter

export async function action({ request, context }: Route.ActionArgs) {
  return handleAuthAction({
    request,
    context,
    intents: ['signup', 'signin', 'two-factor', 'forgot-password', 'resend-verification'],
  })
}

/** The forms stay as typed when the connection fails (ADR 052). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keptOffline(request, serverAction, offlineAuthAnswer)
}
export const shouldRevalidate = skipRevalidationOffline

export default function Landing({ loaderData, actionData }: Route.ComponentProps) {
  const { notice, member } = loaderData
  useAuthActionToast(actionData)
  return (
    <>
      {notice ? (
        <div className="mx-auto w-full max-w-4xl px-4 pt-6">
          <p
            role={notice.type === 'error' ? 'alert' : 'status'}
            className={
              notice.type === 'error'
                ? 'rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive'
                : 'rounded-md bg-accent px-4 py-3 text-sm text-accent-foreground'
            }
          >
            {notice.message}{' '}
            <Link to="/auth" className="font-medium underline underline-offset-4">
              Se connecter
            </Link>
          </p>
        </div>
      ) : null}
      <Hero />
      <Mission />
      <Features />
      <Communities />
      <Comparison />
      <CallToAction signedIn={Boolean(member)} />
      <section
        id="rejoindre"
        aria-labelledby="rejoindre-titre"
        className="mx-auto w-full max-w-6xl px-4 pb-16 sm:pb-24"
      >
        {member ? (
          <WelcomeBack firstName={member.firstName} />
        ) : (
          <div className="grid items-start gap-10 lg:grid-cols-2">
            <JoinPitch />
            <JoinBlock tab={loaderData.tab} actionData={actionData} />
          </div>
        )}
      </section>
    </>
  )
}

function JoinBlock({
  tab: requestedTab,
  actionData,
}: {
  tab: AuthTab
  actionData: Route.ComponentProps['actionData']
}) {
  // After a submission, the tab of the form that was sent stays open whatever the URL says.
  const intent = actionData?.intent
  const tab: AuthTab =
    intent === 'signup' ? 'signup' : intent && intent !== 'signup' ? 'signin' : requestedTab
  return (
    <div className="flex flex-col gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
      {actionData?.twoFactor ? (
        <TwoFactorForm
          actionData={actionData}
          redirectTo={actionData.redirectTo ?? ''}
          action={BLOCK_ACTION}
        />
      ) : (
        <>
          <AuthTabs
            tab={tab}
            preventScrollReset
            tabs={[
              { value: 'signup', label: 'Inscription', href: '/#rejoindre' },
              { value: 'signin', label: 'Connexion', href: '/?tab=signin#rejoindre' },
            ]}
          />
          {tab === 'signup' ? (
            <SignUpForm actionData={actionData} action={BLOCK_ACTION} />
          ) : (
            <SignInForm actionData={actionData} redirectTo="" action={BLOCK_ACTION} />
          )}
        </>
      )}
    </div>
  )
}
