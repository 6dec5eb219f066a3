import { redirect } from 'react-router'
import { handleAuthAction } from '~/features/auth/auth-action.server'
import { SIGN_UP_PATH } from '~/features/auth/auth-paths'
import { REDIRECT_TO_MAX_LENGTH } from '~/features/auth/auth.schema'
import {
  AuthTabs,
  ConfirmationForm,
  offlineAuthAnswer,
  RecoveryForm,
  SignInForm,
  SignUpForm,
  TwoFactorForm,
  useAuthActionToast,
} from '~/features/auth/auth-forms'
import { getCurrentSession } from '~/server/auth/session.server'
import { keepRetryAfter } from '~/server/rate-limit.server'
import { keptOffline, skipRevalidationOffline } from '~/utils/form-kept-offline'
import type { Route } from './+types/auth'

export const meta: Route.MetaFunction = () => [
  { title: 'Connexion et inscription · Tremplin' },
  {
    name: 'description',
    content: 'Connectez-vous à Tremplin ou créez gratuitement votre compte d’entrepreneur.',
  },
]

/**
 * The page to come back to after signing in. One longer than the forms accept (a feed's search
 * copied whole) is dropped here: kept, it would refuse the form on its hidden field, which no
 * message names. The member comes to the feed instead.
 */
function comeBackTo(url: URL): string {
  const asked = url.searchParams.get('redirectTo') ?? ''
  return asked.length <= REDIRECT_TO_MAX_LENGTH ? asked : ''
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const recovery = url.searchParams.get('type') === 'recovery'
  const confirmation = url.searchParams.get('type') === 'confirmation'
  // A mail's link opened where a member is signed in still gives its form: sent home, the link
  // would be lost. A reset ends every session, this one too.
  if (!recovery && !confirmation && (await getCurrentSession(context))) throw redirect('/')
  return {
    tab: url.searchParams.get('tab') === 'signup' ? ('signup' as const) : ('signin' as const),
    recovery,
    confirmation,
    token: recovery || confirmation ? url.searchParams.get('token') : null,
    linkError:
      recovery && url.searchParams.get('error')
        ? 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.'
        : null,
    redirectTo: comeBackTo(url),
    forgot: url.searchParams.has('forgot'),
  }
}

export const headers = keepRetryAfter

export async function action({ request, context }: Route.ActionArgs) {
  return handleAuthAction({
    request,
    context,
    intents: [
      'signin',
      'two-factor',
      'signup',
      'forgot-password',
      'resend-verification',
      'reset-password',
      'confirm-email',
    ],
  })
}

function withRedirect(href: string, redirectTo: string) {
  if (!redirectTo) return href
  return `${href}${href.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(redirectTo)}`
}

/** The forms stay as typed when the connection fails (ADR 052). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keptOffline(request, serverAction, offlineAuthAnswer)
}
export const shouldRevalidate = skipRevalidationOffline

export default function AuthScreen({ loaderData, actionData }: Route.ComponentProps) {
  useAuthActionToast(actionData)
  const { tab, recovery, confirmation, token, linkError, redirectTo, forgot } = loaderData

  let content: React.ReactNode
  if (confirmation) content = <ConfirmationForm token={token} actionData={actionData} />
  else if (recovery)
    content = <RecoveryForm token={token} linkError={linkError} actionData={actionData} />
  else if (actionData?.twoFactor)
    content = (
      <TwoFactorForm actionData={actionData} redirectTo={actionData.redirectTo ?? redirectTo} />
    )
  else
    content = (
      <>
        <AuthTabs
          tab={tab}
          tabs={[
            { value: 'signin', label: 'Connexion', href: withRedirect('/auth', redirectTo) },
            {
              value: 'signup',
              label: 'Inscription',
              href: withRedirect(SIGN_UP_PATH, redirectTo),
            },
          ]}
        />
        {tab === 'signup' ? (
          <SignUpForm actionData={actionData} />
        ) : (
          <SignInForm actionData={actionData} redirectTo={redirectTo} forgotOpen={forgot} />
        )}
      </>
    )

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-center text-2xl font-bold tracking-tight">
        {confirmation
          ? 'Confirmer votre adresse email'
          : recovery
            ? 'Nouveau mot de passe'
            : actionData?.twoFactor
              ? 'Vérification en deux étapes'
              : tab === 'signup'
                ? 'Créer votre compte'
                : 'Se connecter à Tremplin'}
      </h1>
      <div className="flex flex-col gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6">
        {content}
      </div>
    </div>
  )
}
