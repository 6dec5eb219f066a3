import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Download } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { NoScriptNotice } from '~/components/no-script-notice'
import { toast } from '~/components/toaster'
import { Field, FormErrors, PasswordField, SubmitButton } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { deleteAccount } from '~/features/account/account-deletion.server'
import {
  ChangePasswordSchema,
  ConfirmTwoFactorSchema,
  PasswordConfirmationSchema,
  RevokeSessionSchema,
} from '~/features/account/security.schema'
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  listSessions,
  revokeSession,
  startTwoFactorEnrolment,
  type TwoFactorEnrolment,
} from '~/features/account/security.server'
import {
  addResponseCookies,
  addSessionCookies,
  notePublicChange,
  requireSession,
} from '~/server/auth/session.server'
import {
  hitRateLimit,
  keepRetryAfter,
  RATE_LIMITS,
  retryAfterHeader,
  tooManyAttemptsMessage,
} from '~/server/rate-limit.server'
import { flashToast } from '~/server/toast.server'
import { requestForm } from '~/server/errors.server'
import { parseForm } from '~/utils/parse-form'
import type { Route } from './+types/settings'
import {
  CONNECTION_FAILED_MESSAGE,
  keptOffline,
  skipRevalidationOffline,
} from '~/utils/form-kept-offline'
import { useIntentBusy } from '~/utils/use-intent-busy'

export const meta: Route.MetaFunction = () => [{ title: 'Paramètres du compte · Tremplin' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireSession(request, context)
  return {
    email: current.user.email,
    twoFactorEnabled: current.user.twoFactorEnabled,
    sessions: await listSessions({ userId: current.user.id, currentSessionId: current.session.id }),
  }
}

const PASSWORD_CHECKING_INTENTS = new Set([
  'change-password',
  'enable-two-factor',
  'disable-two-factor',
  'delete-account',
])

type ActionResult = {
  intent: string
  result?: SubmissionResult<string[]>
  message?: string
  success?: boolean
  enrolment?: TwoFactorEnrolment
}

export const headers = keepRetryAfter

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireSession(request, context)
  const formData = await requestForm(request)
  const intent = String(formData.get('intent') ?? '')
  const requestHeaders = request.headers
  const reply = (body: ActionResult, status = 200) => data(body, { status })

  // Actions that check a secret: the password, or the code that confirms two-factor (Better
  // Auth caps a code's tries only at sign-in, and each code tried is recorded, ADR 005).
  const limited = PASSWORD_CHECKING_INTENTS.has(intent)
    ? { key: `password-check:${current.user.id}`, rule: RATE_LIMITS.passwordCheckPerAccount }
    : intent === 'confirm-two-factor'
      ? { key: `two-factor:enrol:${current.user.id}`, rule: RATE_LIMITS.twoFactorPerAttempt }
      : null
  if (limited) {
    const limit = await hitRateLimit(limited.key, limited.rule)
    if (!limit.allowed) {
      const { retryAfterSeconds } = limit
      return data<ActionResult>(
        { intent, message: tooManyAttemptsMessage(retryAfterSeconds) },
        { status: 429, headers: retryAfterHeader(retryAfterSeconds) },
      )
    }
  }

  switch (intent) {
    case 'change-password': {
      const submission = parseForm(formData, { schema: ChangePasswordSchema })
      const hidden = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] }
      if (submission.status !== 'success')
        return reply({ intent, result: submission.reply(hidden) }, 400)
      const outcome = await changePassword({
        headers: requestHeaders,
        userId: current.user.id,
        email: current.user.email,
        ...submission.value,
      })
      if (!outcome.ok) {
        // A new password among the most common is the new password field's error.
        const errors =
          outcome.code === 'PASSWORD_TOO_COMMON'
            ? { fieldErrors: { newPassword: [outcome.message] } }
            : { formErrors: [outcome.message] }
        return reply(
          { intent, result: submission.reply({ ...errors, ...hidden }), message: outcome.message },
          outcome.status,
        )
      }
      // Better Auth replaced this session: the page rendered after a post without scripts
      // lists the new one as « cette session ».
      await addSessionCookies(context, outcome.cookies)
      return reply({
        intent,
        success: true,
        result: submission.reply({ resetForm: true }),
        message: 'Mot de passe modifié. Vos autres sessions ont été fermées.',
      })
    }
    case 'revoke-session': {
      const submission = parseForm(formData, { schema: RevokeSessionSchema })
      if (submission.status !== 'success')
        return reply({ intent, message: 'Session inconnue.' }, 400)
      if (submission.value.sessionId === current.session.id) {
        return reply(
          {
            intent,
            message:
              'C’est la session de ce navigateur : « Se déconnecter » la ferme, avec toutes les autres.',
          },
          400,
        )
      }
      const revoked = await revokeSession({
        userId: current.user.id,
        sessionId: submission.value.sessionId,
      })
      return revoked
        ? reply({ intent, success: true, message: 'Session fermée.' })
        : reply({ intent, message: 'Session inconnue.' }, 404)
    }
    case 'enable-two-factor':
    case 'disable-two-factor':
    case 'delete-account': {
      const submission = parseForm(formData, { schema: PasswordConfirmationSchema })
      if (submission.status !== 'success') {
        return reply({ intent, result: submission.reply({ hideFields: ['password'] }) }, 400)
      }
      const { password } = submission.value
      const failed = (outcome: { status: number; message: string }) =>
        reply(
          {
            intent,
            result: submission.reply({ formErrors: [outcome.message], hideFields: ['password'] }),
            message: outcome.message,
          },
          outcome.status,
        )
      if (intent === 'enable-two-factor') {
        const outcome = await startTwoFactorEnrolment({ headers: requestHeaders, password })
        if (!outcome.ok) return failed(outcome)
        return reply({ intent, enrolment: outcome.enrolment })
      }
      if (intent === 'disable-two-factor') {
        const outcome = await disableTwoFactor({
          headers: requestHeaders,
          email: current.user.email,
          password,
        })
        if (!outcome.ok) return failed(outcome)
        addResponseCookies(context, outcome.cookies)
        await flashToast(context, {
          type: 'success',
          message: 'Double authentification désactivée.',
        })
        throw redirect('/settings')
      }
      const outcome = await deleteAccount({ headers: requestHeaders, password })
      if (!outcome.ok) return failed(outcome)
      notePublicChange(context, { listing: true })
      addResponseCookies(context, outcome.cookies)
      await flashToast(context, {
        type: 'success',
        message: 'Votre compte et vos données ont été supprimés.',
      })
      throw redirect('/')
    }
    case 'confirm-two-factor': {
      // The page offers it only while enrolling: once on, a confirmation would only mail the
      // member « activée » again.
      if (current.user.twoFactorEnabled) {
        return reply({ intent, message: 'La double authentification est déjà activée.' }, 409)
      }
      const submission = parseForm(formData, { schema: ConfirmTwoFactorSchema })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
      const outcome = await confirmTwoFactor({
        headers: requestHeaders,
        email: current.user.email,
        code: submission.value.code,
      })
      if (!outcome.ok) {
        return reply(
          {
            intent,
            result: submission.reply({ formErrors: [outcome.message], hideFields: ['code'] }),
            message: outcome.message,
          },
          outcome.status,
        )
      }
      addResponseCookies(context, outcome.cookies)
      await flashToast(context, { type: 'success', message: 'Double authentification activée.' })
      throw redirect('/settings')
    }
    default:
      return reply({ intent, message: 'Action inconnue.' }, 400)
  }
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
})

function Section({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: React.ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id={id} tabIndex={-1} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  )
}

/** A form sent while the connection fails stays as typed; a toast says why (ADR 052). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keptOffline(request, serverAction, (formData): ActionResult => ({
    intent: String(formData.get('intent') ?? ''),
    message: CONNECTION_FAILED_MESSAGE,
  }))
}
export const shouldRevalidate = skipRevalidationOffline

/**
 * 'Fermer cette session'. A second press while the first is being sent sends nothing: it would
 * reach the server after the session was closed and answer « Session inconnue. ».
 */
function RevokeSessionForm({
  sessionId,
  session,
}: {
  sessionId: string
  /** Which one, for a screen reader going from button to button: its device and its date. */
  session: string
}) {
  const navigation = useNavigation()
  const closing = navigation.state !== 'idle' && navigation.formData?.get('sessionId') === sessionId
  // Set as the form is sent, before React Router's state says so (it renders in a transition).
  const sent = useRef(false)
  useEffect(() => {
    if (navigation.state === 'idle') sent.current = false
  }, [navigation.state])
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (sent.current) event.preventDefault()
        sent.current = true
      }}
    >
      <input type="hidden" name="intent" value="revoke-session" />
      <input type="hidden" name="sessionId" value={sessionId} />
      <Button type="submit" variant="outline" size="sm" aria-disabled={closing || undefined}>
        Fermer cette session<span className="sr-only"> ({session})</span>
      </Button>
    </Form>
  )
}

export default function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { email, twoFactorEnabled, sessions } = loaderData
  useEffect(() => {
    if (!actionData?.message) return
    if (actionData.success) toast.success(actionData.message)
    else toast.error(actionData.message)
    // The closed session's button is gone with it: the list's heading takes the focus, where
    // it would otherwise fall back to the top of the page.
    if (actionData.intent === 'revoke-session' && actionData.message !== CONNECTION_FAILED_MESSAGE)
      document.getElementById('sessions')?.focus()
  }, [actionData])

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Paramètres du compte</h1>
        <p className="mt-1 text-muted-foreground">Connecté avec {email}</p>
      </div>
      {actionData?.message ? (
        <NoScriptNotice
          type={actionData.success ? 'success' : 'error'}
          message={actionData.message}
        />
      ) : null}
      <Section id="mot-de-passe" title="Mot de passe">
        <ChangePasswordForm actionData={actionData} />
      </Section>
      <Section id="double-authentification" title="Double authentification">
        <TwoFactorSection enabled={twoFactorEnabled} actionData={actionData} />
      </Section>
      <Section id="sessions" title="Sessions ouvertes">
        <ul className="flex flex-col divide-y">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words">{session.device}</p>
                <p className="text-muted-foreground">
                  {session.ipAddress ? `${session.ipAddress} · ` : ''}
                  ouverte le {dateFormat.format(session.createdAt)}
                  {session.current ? ' · cette session' : ''}
                </p>
              </div>
              {session.current ? null : (
                <RevokeSessionForm
                  sessionId={session.id}
                  session={`${session.device}, ouverte le ${dateFormat.format(session.createdAt)}`}
                />
              )}
            </li>
          ))}
        </ul>
        <Form method="post" action="/auth/sign-out">
          <Button type="submit" variant="outline">
            Se déconnecter de toutes les sessions
          </Button>
        </Form>
      </Section>
      <Section id="mes-donnees" title="Mes données">
        <p className="text-sm text-muted-foreground">
          Téléchargez tout ce que vous avez confié à Tremplin (profil et ses liens, publications,
          commentaires, votes, sauvegardes, publications vues ces deux derniers jours, communautés
          favorites, sessions ouvertes avec leur adresse IP et leur navigateur, messages envoyés
          depuis la page Contact avec votre compte) au format JSON (RGPD, article 20).
        </p>
        <Button asChild variant="outline" className="self-start">
          <a href="/settings/export" download>
            <Download aria-hidden="true" /> Exporter mes données
          </a>
        </Button>
      </Section>
      <Section id="suppression" title="Supprimer mon compte">
        <DeleteAccountForm actionData={actionData} />
      </Section>
    </div>
  )
}

function ChangePasswordForm({ actionData }: { actionData?: ActionResult }) {
  const busy = useIntentBusy('change-password')
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult: actionData?.intent === 'change-password' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseForm(formData, { schema: ChangePasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="change-password" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField
        label="Mot de passe actuel"
        field={fields.currentPassword}
        autoComplete="current-password"
      />
      <PasswordField
        label="Nouveau mot de passe"
        field={fields.newPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label="Confirmez le nouveau mot de passe"
        field={fields.confirmPassword}
        autoComplete="new-password"
      />
      <SubmitButton busy={busy} className="self-start">
        {busy ? 'Enregistrement...' : 'Changer le mot de passe'}
      </SubmitButton>
    </Form>
  )
}

function PasswordConfirmationForm({
  intent,
  actionData,
  label,
  busyLabel,
  destructive,
}: {
  intent: 'enable-two-factor' | 'disable-two-factor' | 'delete-account'
  actionData?: ActionResult
  label: string
  busyLabel: string
  destructive?: boolean
}) {
  const busy = useIntentBusy(intent)
  const [form, fields] = useForm({
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    onValidate: ({ formData }) => parseForm(formData, { schema: PasswordConfirmationSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField
        label="Votre mot de passe"
        field={fields.password}
        autoComplete="current-password"
      />
      <SubmitButton
        busy={busy}
        variant={destructive ? 'destructive' : 'default'}
        className="self-start"
      >
        {busy ? busyLabel : label}
      </SubmitButton>
    </Form>
  )
}

function TwoFactorSection({
  enabled,
  actionData,
}: {
  enabled: boolean
  actionData?: ActionResult
}) {
  const enrolment = actionData?.intent === 'enable-two-factor' ? actionData.enrolment : undefined
  // The QR code, key and backup codes come once, with the enrolment's answer: they stay on
  // screen after a mistyped code rather than leave only the code's field.
  const [shown, setShown] = useState(enrolment)
  if (enrolment && enrolment !== shown) setShown(enrolment)
  // Turned on or off, the section shows another form and the button that had the keyboard is
  // gone with its own: the section's heading takes the focus, where it would fall to the page.
  const wasEnabled = useRef(enabled)
  useEffect(() => {
    if (wasEnabled.current === enabled) return
    wasEnabled.current = enabled
    const focused = document.activeElement
    if (focused === null || focused === document.body) {
      document.getElementById('double-authentification')?.focus()
    }
  }, [enabled])
  if (enabled) {
    return (
      <>
        <p className="text-sm">
          La double authentification est <strong>activée</strong>&nbsp;: chaque connexion demande un
          code de votre application.
        </p>
        <PasswordConfirmationForm
          // Its own form, not the one to turn it on again reused in place (focus, field).
          key="disable-two-factor"
          intent="disable-two-factor"
          actionData={actionData}
          label="Désactiver la double authentification"
          busyLabel="Désactivation..."
        />
      </>
    )
  }
  if (enrolment || actionData?.intent === 'confirm-two-factor') {
    return <TwoFactorEnrolmentForm enrolment={shown} actionData={actionData} />
  }
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Protégez votre compte avec un code à usage unique généré par une application
        d’authentification (Aegis, Google Authenticator, 1Password…).
      </p>
      <PasswordConfirmationForm
        intent="enable-two-factor"
        actionData={actionData}
        label="Activer la double authentification"
        busyLabel="Préparation..."
      />
    </>
  )
}

function TwoFactorEnrolmentForm({
  enrolment,
  actionData,
}: {
  enrolment?: TwoFactorEnrolment
  actionData?: ActionResult
}) {
  const busy = useIntentBusy('confirm-two-factor')
  // The button that asked for the enrolment is gone with its form: the first step takes the
  // focus, where it would otherwise fall back to the top of the page.
  const firstStep = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    const focused = document.activeElement
    if (enrolment && (focused === null || focused === document.body)) firstStep.current?.focus()
  }, [enrolment])
  const [form, fields] = useForm({
    id: 'confirm-two-factor',
    lastResult: actionData?.intent === 'confirm-two-factor' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseForm(formData, { schema: ConfirmTwoFactorSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <div className="flex flex-col gap-4">
      {enrolment ? (
        <>
          <p ref={firstStep} tabIndex={-1} className="text-sm">
            1. Scannez ce QR code avec votre application d’authentification, ou saisissez la
            clé&nbsp;:{' '}
            <code
              data-testid="totp-secret"
              className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm break-all"
            >
              {enrolment.secret}
            </code>
          </p>
          <img
            src={enrolment.qrCode}
            alt="QR code d’enrôlement de la double authentification"
            width={192}
            height={192}
            className="size-48 rounded-md bg-white p-2"
          />
          <div className="text-sm">
            <p>
              2. Conservez ces codes de secours en lieu sûr&nbsp;: chacun permet une connexion sans
              l’application.
            </p>
            <ul aria-label="Codes de secours" className="mt-2 grid grid-cols-2 gap-1 font-mono">
              {enrolment.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="confirm-two-factor" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label="3. Code affiché par l’application"
          field={fields.code}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <SubmitButton busy={busy} className="self-start">
          {busy ? 'Vérification...' : 'Confirmer l’activation'}
        </SubmitButton>
      </Form>
      {enrolment ? null : (
        // A page loaded again (without JavaScript, after a refused code) no longer has the QR
        // code: it is shown once. Whoever did not scan it starts again with a new key.
        <div className="flex flex-col gap-4 border-t pt-4">
          <p className="text-sm text-muted-foreground">
            Le QR code et les codes de secours ne s’affichent qu’une fois. Si vous ne les avez pas
            enregistrés, recommencez l’activation&nbsp;: une nouvelle clé remplacera la précédente.
          </p>
          <PasswordConfirmationForm
            intent="enable-two-factor"
            actionData={actionData}
            label="Recommencer l’activation"
            busyLabel="Préparation..."
          />
        </div>
      )}
    </div>
  )
}

function DeleteAccountForm({ actionData }: { actionData?: ActionResult }) {
  return (
    <>
      <p className="text-sm text-muted-foreground">
        La suppression est immédiate et définitive&nbsp;: votre profil, vos publications,
        commentaires, votes, sauvegardes et fichiers sont effacés, et toutes vos sessions fermées.
        Les messages envoyés depuis la page Contact sont conservés le temps de traiter votre
        demande, comme le dit la{' '}
        <Link to="/privacy" className="underline underline-offset-4">
          politique de confidentialité
        </Link>
        .
      </p>
      <PasswordConfirmationForm
        intent="delete-account"
        actionData={actionData}
        label="Supprimer définitivement mon compte"
        busyLabel="Suppression..."
        destructive
      />
    </>
  )
}
