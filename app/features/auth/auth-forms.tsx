import { getFormProps, parse, useForm, type Submission } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { Form, Link } from 'react-router'
import { toast } from '~/components/toaster'
import type { z } from 'zod'
import { Field, FormErrors, PasswordField, SubmitButton } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { cn } from '~/utils/cn'
import { codeOnFirstUse } from '~/utils/code-on-first-use'
import { CONNECTION_FAILED_MESSAGE } from '~/utils/form-kept-offline'
import { AUTH_SUCCESS_MESSAGES, type AuthActionResult } from './auth-result'
import type { AUTH_FORM_SCHEMAS, AuthFormIntent } from './auth-validation'
import { useIntentBusy } from '~/utils/use-intent-busy'

// The forms of /auth, also embedded in the landing page. Each one posts to the route that
// renders the form (or to `action`), whose action is handleAuthAction: no JavaScript needed.

type AuthTab = 'signin' | 'signup'

type AuthValidation = typeof import('./auth-validation')
let validation: AuthValidation | undefined
const validationCode = codeOnFirstUse(() => import('./auth-validation'))

/**
 * Loads the forms' zod validation (≈ 25 KB gzip) when a form is first focused rather than with
 * the page: the landing page embeds these forms and stays within its JavaScript budget (ADR 015).
 * Offline since the page loaded, the server validates what is sent; the next focus tries again.
 */
function loadValidation(): Promise<void> {
  return validationCode.load().then(
    (module) => {
      validation = module
    },
    () => {},
  )
}

/**
 * A Conform form for one intent: validated on blur with its schema, fed this intent's reply.
 * A field left before the validation had loaded is validated as soon as it arrives; a form sent
 * before that goes as it is, and the server, which applies the same schema, answers.
 */
function useAuthForm<Intent extends AuthFormIntent>(
  intent: Intent,
  actionData: AuthActionResult | undefined,
) {
  type Values = z.output<(typeof AUTH_FORM_SCHEMAS)[Intent]>
  const [form, fields] = useForm<Values>({
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    onValidate: ({ formData }) =>
      validation
        ? (validation.validateAuthForm(intent, formData) as Submission<Values>)
        : parse<Values, string[]>(formData, { resolve: (value) => ({ value: value as Values }) }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const leftEarly = useRef(new Set<string>())
  // Once the form is sent, its answer (the server's, or the failed connection's) says what is
  // wrong: a validation that arrives after it does not validate the fields left early over that
  // answer (it would wipe « La connexion a échoué » from the form, say).
  const sent = useRef(false)
  function validateWhenLoaded() {
    if (validation) return
    const element = document.getElementById(form.id)
    void loadValidation().then(() => {
      // A form gone meanwhile (the other tab chosen, maybe and back) has nothing to validate.
      const stillShown = element?.isConnected === true
      if (stillShown && !sent.current) for (const name of leftEarly.current) form.validate({ name })
      leftEarly.current.clear()
    })
  }
  // Typed into and left before hydration, a field had neither listener: it is validated too.
  useEffect(() => {
    const element = document.getElementById(form.id)
    if (!(element instanceof HTMLFormElement)) return
    for (const field of element.elements) {
      if (!(field instanceof HTMLInputElement) || field === document.activeElement) continue
      if (field.name && field.value !== field.defaultValue) leftEarly.current.add(field.name)
    }
    if (leftEarly.current.size > 0) validateWhenLoaded()
    // Once, at hydration: later edits go through onBlur.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const conformProps = getFormProps(form)
  const formProps = {
    ...conformProps,
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      conformProps.onSubmit(event)
      // Conform's own validation also arrives as a submit event, which it stops: not a sending.
      if (!event.defaultPrevented) sent.current = true
    },
    onFocus: validateWhenLoaded,
    onBlur: (event: React.FocusEvent<HTMLFormElement>) => {
      const name = (event.target as Partial<HTMLInputElement>).name
      if (validation || !name) return
      leftEarly.current.add(name)
      // A focus that came before hydration never reached onFocus: the blur asks for the script.
      validateWhenLoaded()
    },
  }
  return [form, fields, formProps] as const
}

/**
 * The auth forms' answer when the connection failed (a route's clientAction, ADR 052): the form
 * stays as typed, the reason in its errors and a toast; the code's form stays the code's form.
 */
function offlineAuthAnswer(formData: FormData): AuthActionResult {
  const intent = String(formData.get('intent') ?? '')
  const result = parse<Record<string, unknown>, string[]>(formData, {
    resolve: () => ({ error: { '': [CONNECTION_FAILED_MESSAGE] } }),
  }).reply()
  return {
    intent,
    result,
    message: CONNECTION_FAILED_MESSAGE,
    ...(intent === 'two-factor'
      ? { twoFactor: true, redirectTo: String(formData.get('redirectTo') ?? '') }
      : {}),
  }
}

/** Shows the action's outcome as a toast: the spec's notices, or the server's error. */
function useAuthActionToast(actionData: AuthActionResult | undefined) {
  useEffect(() => {
    if (!actionData?.message) return
    const failed = actionData.result?.status === 'error' || !actionData.result
    if (AUTH_SUCCESS_MESSAGES.includes(actionData.message)) toast.success(actionData.message)
    else if (failed) toast.error(actionData.message)
  }, [actionData])
}

/** The two tabs as links (so they work without JavaScript), in the order given. */
function AuthTabs({
  tab,
  tabs,
  preventScrollReset,
}: {
  tab: AuthTab
  tabs: readonly { value: AuthTab; label: string; href: string }[]
  preventScrollReset?: boolean
}) {
  return (
    <nav aria-label="Connexion ou inscription" className="grid grid-cols-2 rounded-lg bg-muted p-1">
      {tabs.map(({ value, label, href }) => (
        <Link
          key={value}
          to={href}
          replace
          preventScrollReset={preventScrollReset}
          aria-current={tab === value ? 'page' : undefined}
          className={cn(
            'rounded-md px-3 py-2 text-center text-sm font-medium text-muted-foreground',
            tab === value && 'bg-background text-foreground shadow-sm',
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  )
}

// A successful reply that resets the form carries no status (Conform's resetForm), only our
// message; an error reply always has status 'error'.
function succeeded(actionData: AuthActionResult | undefined): boolean {
  return Boolean(actionData?.message) && actionData?.result?.status !== 'error'
}

function StatusMessage({ message }: { message?: string }) {
  if (!message) return null
  return (
    <output className="block rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
      {message}
    </output>
  )
}

function SignInForm({
  actionData,
  redirectTo,
  action,
  forgotOpen = false,
}: {
  actionData?: AuthActionResult
  redirectTo: string
  action?: string
  /** « Mot de passe oublié ? » open from the start (a mail's link to it). */
  forgotOpen?: boolean
}) {
  const busy = useIntentBusy('signin')
  const [form, fields, formProps] = useAuthForm('signin', actionData)
  // A two-factor step that ended (expired, out of codes) comes back to this form: it says why,
  // without JavaScript too.
  const challengeEnded =
    actionData?.intent === 'two-factor' && !actionData.twoFactor ? actionData.message : undefined
  return (
    <>
      <Form method="post" action={action} {...formProps} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormErrors
          id={form.errorId}
          errors={form.errors ?? (challengeEnded ? [challengeEnded] : undefined)}
        />
        <Field label="Email" field={fields.email} type="email" autoComplete="email" />
        <PasswordField
          label="Mot de passe"
          field={fields.password}
          autoComplete="current-password"
        />
        <SubmitButton busy={busy} className="w-full">
          {busy ? 'Connexion...' : 'Se connecter'}
        </SubmitButton>
      </Form>
      {actionData?.unverifiedEmail ? (
        <ResendVerificationForm email={actionData.unverifiedEmail} action={action} />
      ) : null}
      {actionData?.intent === 'resend-verification' ? (
        <StatusMessage message={actionData.message} />
      ) : null}
      <ForgotPasswordBox actionData={actionData} action={action} initiallyOpen={forgotOpen} />
    </>
  )
}

function ResendVerificationForm({ email, action }: { email: string; action?: string }) {
  const busy = useIntentBusy('resend-verification')
  return (
    <Form method="post" action={action} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="resend-verification" />
      <input type="hidden" name="email" value={email} />
      <SubmitButton busy={busy} variant="outline">
        {busy ? 'Envoi...' : 'Renvoyer l’email de confirmation'}
      </SubmitButton>
    </Form>
  )
}

function ForgotPasswordBox({
  actionData,
  action,
  initiallyOpen,
}: {
  actionData?: AuthActionResult
  action?: string
  initiallyOpen: boolean
}) {
  const mine = actionData?.intent === 'forgot-password'
  const [open, setOpen] = useState(mine || initiallyOpen)
  const busy = useIntentBusy('forgot-password')
  const [form, fields, formProps] = useAuthForm('forgot-password', actionData)
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border px-4 py-3"
    >
      <summary className="cursor-pointer text-sm font-medium text-primary">
        Mot de passe oublié ?
      </summary>
      <Form method="post" action={action} {...formProps} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="forgot-password" />
        <p className="text-sm text-muted-foreground">
          Indiquez votre adresse : nous vous enverrons un lien pour choisir un nouveau mot de passe.
        </p>
        <FormErrors id={form.errorId} errors={form.errors} />
        {mine && succeeded(actionData) ? <StatusMessage message={actionData?.message} /> : null}
        <Field label="Email du compte" field={fields.email} type="email" autoComplete="email" />
        <SubmitButton busy={busy} variant="outline">
          {busy ? 'Envoi...' : 'Envoyer le lien'}
        </SubmitButton>
      </Form>
    </details>
  )
}

function SignUpForm({ actionData, action }: { actionData?: AuthActionResult; action?: string }) {
  const busy = useIntentBusy('signup')
  const mine = actionData?.intent === 'signup'
  const [form, fields, formProps] = useAuthForm('signup', actionData)
  return (
    <Form method="post" action={action} {...formProps} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="signup" />
      <FormErrors id={form.errorId} errors={form.errors} />
      {mine && succeeded(actionData) ? <StatusMessage message={actionData?.message} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Prénom (facultatif)" field={fields.firstName} autoComplete="given-name" />
        <Field label="Nom (facultatif)" field={fields.lastName} autoComplete="family-name" />
      </div>
      <Field label="Email" field={fields.email} type="email" autoComplete="email" />
      <PasswordField
        label="Mot de passe"
        field={fields.password}
        autoComplete="new-password"
        hint="8 caractères au moins ; évitez les mots de passe courants."
      />
      <SubmitButton busy={busy} className="w-full">
        {busy ? 'Création...' : 'Créer mon compte'}
      </SubmitButton>
    </Form>
  )
}

/**
 * The confirmation link's page (ADR 062): one button, a plain form, which confirms the address;
 * the landing page then says it was confirmed, or that the link is no longer valid.
 */
function ConfirmationForm({
  token,
  actionData,
}: {
  token: string | null
  actionData?: AuthActionResult
}) {
  const busy = useIntentBusy('confirm-email')
  const failure = actionData?.intent === 'confirm-email' ? actionData.message : undefined
  if (!token) {
    return (
      <div className="flex flex-col gap-4">
        <FormErrors
          id="confirmation-link-error"
          errors={[
            'Ce lien de confirmation est incomplet : connectez-vous pour en recevoir un nouveau.',
          ]}
        />
        <Button asChild variant="outline">
          <Link to="/auth">Se connecter</Link>
        </Button>
      </div>
    )
  }
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="confirm-email" />
      <input type="hidden" name="token" value={token} />
      <FormErrors id="confirmation-error" errors={failure ? [failure] : undefined} />
      <p className="text-sm text-muted-foreground">
        Un dernier clic pour activer votre compte Tremplin.
      </p>
      <SubmitButton busy={busy} className="w-full">
        {busy ? 'Confirmation...' : 'Confirmer mon adresse email'}
      </SubmitButton>
    </Form>
  )
}

function RecoveryForm({
  token,
  linkError,
  actionData,
}: {
  token: string | null
  linkError: string | null
  actionData?: AuthActionResult
}) {
  const busy = useIntentBusy('reset-password')
  const [form, fields, formProps] = useAuthForm('reset-password', actionData)
  // The link may also expire, or be used elsewhere, while the page is open.
  const expired = actionData?.intent === 'reset-password' && actionData.linkExpired === true
  const refusal = linkError ?? (expired ? actionData.message : undefined)
  if (!token || refusal) {
    return (
      <div className="flex flex-col gap-4">
        <FormErrors
          id="recovery-link-error"
          errors={[refusal ?? 'Ce lien de réinitialisation est incomplet.']}
        />
        <Button asChild variant="outline">
          <Link to="/auth">Demander un nouveau lien</Link>
        </Button>
      </div>
    )
  }
  return (
    <Form method="post" {...formProps} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField
        label="Nouveau mot de passe"
        field={fields.password}
        autoComplete="new-password"
      />
      <PasswordField
        label="Confirmez le mot de passe"
        field={fields.confirmPassword}
        autoComplete="new-password"
      />
      <SubmitButton busy={busy} className="w-full">
        {busy ? 'Enregistrement...' : 'Réinitialiser le mot de passe'}
      </SubmitButton>
    </Form>
  )
}

function TwoFactorForm({
  actionData,
  redirectTo,
  action,
}: {
  actionData?: AuthActionResult
  redirectTo: string
  action?: string
}) {
  const busy = useIntentBusy('two-factor')
  const [method, setMethod] = useState<'totp' | 'backup'>('totp')
  const [form, fields, formProps] = useAuthForm('two-factor', actionData)
  return (
    <Form method="post" action={action} {...formProps} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="two-factor" />
      <input type="hidden" name="method" value={method} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-muted-foreground">
        {method === 'totp'
          ? 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.'
          : 'Saisissez l’un de vos codes de secours (chacun ne sert qu’une fois).'}
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        label={method === 'totp' ? 'Code de vérification' : 'Code de secours'}
        field={fields.code}
        autoComplete="one-time-code"
        inputMode={method === 'totp' ? 'numeric' : 'text'}
      />
      <SubmitButton busy={busy} className="w-full">
        {busy ? 'Vérification...' : 'Vérifier'}
      </SubmitButton>
      <p className="hidden text-sm text-muted-foreground noscript:block">
        Sans votre application, saisissez l’un de vos codes de secours dans le même champ.
      </p>
      <Button
        type="button"
        variant="link"
        // Without JavaScript the same field takes a backup code (see the line above).
        className="noscript:hidden"
        onClick={() => setMethod((value) => (value === 'totp' ? 'backup' : 'totp'))}
      >
        {method === 'totp'
          ? 'Utiliser un code de secours'
          : 'Utiliser l’application d’authentification'}
      </Button>
    </Form>
  )
}

export {
  AuthTabs,
  ConfirmationForm,
  offlineAuthAnswer,
  RecoveryForm,
  SignInForm,
  SignUpForm,
  TwoFactorForm,
  useAuthActionToast,
  type AuthTab,
}
