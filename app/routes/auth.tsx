import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { toast } from 'sonner'
import { Field, FormErrors, PasswordField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import {
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  signIn,
  signUp,
  verifyTwoFactor,
} from '~/features/auth/accounts.server'
import {
  ForgotPasswordSchema,
  ResendVerificationSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  TwoFactorSchema,
} from '~/features/auth/auth.schema'
import { getClientIp } from '~/server/auth/client-ip.server'
import {
  addResponseCookies,
  getCurrentSession,
  safeRedirectPath,
} from '~/server/auth/session.server'
import { flashToast } from '~/server/toast.server'
import { cn } from '~/utils/cn'
import type { Route } from './+types/auth'

export const SIGN_UP_SUCCESS = 'Compte créé avec succès ! Vérifiez votre email.'
export const RESET_MAIL_SENT = 'Un email de réinitialisation a été envoyé à votre adresse.'
export const VERIFICATION_MAIL_SENT =
  'Si un compte non confirmé existe pour cette adresse, un nouvel email de confirmation vient de partir.'

export const meta: Route.MetaFunction = () => [
  { title: 'Connexion et inscription · Tremplin' },
  {
    name: 'description',
    content: 'Connectez-vous à Tremplin ou créez gratuitement votre compte d’entrepreneur.',
  },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getCurrentSession(context)) throw redirect('/')
  const url = new URL(request.url)
  const recovery = url.searchParams.get('type') === 'recovery'
  return {
    tab: url.searchParams.get('tab') === 'signup' ? ('signup' as const) : ('signin' as const),
    recovery,
    token: recovery ? url.searchParams.get('token') : null,
    linkError:
      recovery && url.searchParams.get('error')
        ? 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.'
        : null,
    redirectTo: url.searchParams.get('redirectTo') ?? '',
  }
}

type ActionResult = {
  intent: string
  result?: SubmissionResult<string[]>
  message?: string
  twoFactor?: boolean
  unverifiedEmail?: string
  redirectTo?: string
}

function reply(body: ActionResult, status = 200) {
  return data(body, { status })
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const requestMeta = { ip: getClientIp(request), headers: request.headers }

  switch (intent) {
    case 'signin': {
      const submission = parseWithZod(formData, { schema: SignInSchema })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
      const { email, password, redirectTo } = submission.value
      const outcome = await signIn({ email, password, ...requestMeta })
      if (!outcome.ok) {
        return reply(
          {
            intent,
            result: submission.reply({ formErrors: [outcome.message], hideFields: ['password'] }),
            message: outcome.message,
            unverifiedEmail: outcome.code === 'EMAIL_NOT_VERIFIED' ? email : undefined,
          },
          outcome.status,
        )
      }
      addResponseCookies(context, outcome.cookies)
      if (outcome.twoFactor) return reply({ intent, twoFactor: true, redirectTo })
      await flashToast(context, { type: 'success', message: 'Connexion réussie !' })
      throw redirect(safeRedirectPath(redirectTo))
    }
    case 'two-factor': {
      const submission = parseWithZod(formData, { schema: TwoFactorSchema })
      if (submission.status !== 'success') {
        return reply({ intent, twoFactor: true, result: submission.reply() }, 400)
      }
      const { code, method, redirectTo } = submission.value
      const outcome = await verifyTwoFactor({ code, method, ...requestMeta })
      if (!outcome.ok) {
        return reply(
          {
            intent,
            twoFactor: outcome.code !== 'INVALID_TWO_FACTOR_COOKIE',
            redirectTo,
            result: submission.reply({ formErrors: [outcome.message], hideFields: ['code'] }),
            message: outcome.message,
          },
          outcome.status,
        )
      }
      addResponseCookies(context, outcome.cookies)
      await flashToast(context, { type: 'success', message: 'Connexion réussie !' })
      throw redirect(safeRedirectPath(redirectTo))
    }
    case 'signup': {
      const submission = parseWithZod(formData, { schema: SignUpSchema })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
      const outcome = await signUp({ ...submission.value, ...requestMeta })
      if (!outcome.ok) {
        const field = 'field' in outcome ? outcome.field : undefined
        return reply(
          {
            intent,
            result: submission.reply(
              field
                ? { fieldErrors: { [field]: [outcome.message] }, hideFields: ['password'] }
                : { formErrors: [outcome.message], hideFields: ['password'] },
            ),
            message: outcome.message,
          },
          outcome.status,
        )
      }
      return reply({
        intent,
        result: submission.reply({ resetForm: true }),
        message: SIGN_UP_SUCCESS,
      })
    }
    case 'forgot-password': {
      const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
      const outcome = await requestPasswordReset({ email: submission.value.email, ...requestMeta })
      if (!outcome.ok) {
        return reply(
          {
            intent,
            result: submission.reply({ formErrors: [outcome.message] }),
            message: outcome.message,
          },
          outcome.status,
        )
      }
      return reply({
        intent,
        result: submission.reply({ resetForm: true }),
        message: RESET_MAIL_SENT,
      })
    }
    case 'resend-verification': {
      const submission = parseWithZod(formData, { schema: ResendVerificationSchema })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
      const outcome = await resendVerificationEmail({
        email: submission.value.email,
        ...requestMeta,
      })
      if (!outcome.ok) return reply({ intent, message: outcome.message }, outcome.status)
      return reply({ intent, message: VERIFICATION_MAIL_SENT })
    }
    case 'reset-password': {
      const submission = parseWithZod(formData, { schema: ResetPasswordSchema })
      if (submission.status !== 'success') {
        return reply(
          { intent, result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
          400,
        )
      }
      const outcome = await resetPassword(submission.value)
      if (!outcome.ok) {
        return reply(
          {
            intent,
            result: submission.reply({
              formErrors: [outcome.message],
              hideFields: ['password', 'confirmPassword'],
            }),
            message: outcome.message,
          },
          outcome.status,
        )
      }
      await flashToast(context, {
        type: 'success',
        message: 'Mot de passe réinitialisé avec succès !',
      })
      throw redirect('/auth')
    }
    default:
      return reply({ intent, message: 'Action inconnue.' }, 400)
  }
}

/** Busy while this form's intent is being submitted. */
function useBusy(intent: string): boolean {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function useActionToast(actionData: ActionResult | undefined) {
  useEffect(() => {
    if (!actionData?.message) return
    const failed = actionData.result?.status === 'error' || !actionData.result
    const isSuccess =
      actionData.message === SIGN_UP_SUCCESS ||
      actionData.message === RESET_MAIL_SENT ||
      actionData.message === VERIFICATION_MAIL_SENT
    if (isSuccess) toast.success(actionData.message)
    else if (failed) toast.error(actionData.message)
  }, [actionData])
}

export default function AuthScreen({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData)
  const { tab, recovery, token, linkError, redirectTo } = loaderData

  let content: React.ReactNode
  if (recovery)
    content = <RecoveryForm token={token} linkError={linkError} actionData={actionData} />
  else if (actionData?.twoFactor)
    content = (
      <TwoFactorForm actionData={actionData} redirectTo={actionData.redirectTo ?? redirectTo} />
    )
  else
    content = (
      <>
        <nav
          aria-label="Connexion ou inscription"
          className="grid grid-cols-2 rounded-lg bg-muted p-1"
        >
          {(
            [
              ['signin', 'Connexion', '/auth'],
              ['signup', 'Inscription', '/auth?tab=signup'],
            ] as const
          ).map(([value, label, href]) => (
            <Link
              key={value}
              to={
                redirectTo
                  ? `${href}${href.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(redirectTo)}`
                  : href
              }
              replace
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
        {tab === 'signup' ? (
          <SignUpForm actionData={actionData} />
        ) : (
          <SignInForm actionData={actionData} redirectTo={redirectTo} />
        )}
      </>
    )

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-center text-2xl font-bold tracking-tight">
        {recovery
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

function StatusMessage({ message }: { message?: string }) {
  if (!message) return null
  return (
    <output className="block rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
      {message}
    </output>
  )
}

function SignInForm({ actionData, redirectTo }: { actionData?: ActionResult; redirectTo: string }) {
  const busy = useBusy('signin')
  const [form, fields] = useForm({
    id: 'signin',
    lastResult: actionData?.intent === 'signin' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" field={fields.email} type="email" autoComplete="email" />
        <PasswordField
          label="Mot de passe"
          field={fields.password}
          autoComplete="current-password"
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Connexion...' : 'Se connecter'}
        </Button>
      </Form>
      {actionData?.unverifiedEmail ? (
        <ResendVerificationForm email={actionData.unverifiedEmail} />
      ) : null}
      {actionData?.intent === 'resend-verification' ? (
        <StatusMessage message={actionData.message} />
      ) : null}
      <ForgotPasswordBox actionData={actionData} />
    </>
  )
}

function ResendVerificationForm({ email }: { email: string }) {
  const busy = useBusy('resend-verification')
  return (
    <Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="resend-verification" />
      <input type="hidden" name="email" value={email} />
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? 'Envoi...' : 'Renvoyer l’email de confirmation'}
      </Button>
    </Form>
  )
}

function ForgotPasswordBox({ actionData }: { actionData?: ActionResult }) {
  const mine = actionData?.intent === 'forgot-password'
  const [open, setOpen] = useState(mine)
  const busy = useBusy('forgot-password')
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: mine ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border px-4 py-3"
    >
      <summary className="cursor-pointer text-sm font-medium text-primary">
        Mot de passe oublié ?
      </summary>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="intent" value="forgot-password" />
        <p className="text-sm text-muted-foreground">
          Indiquez votre adresse : nous vous enverrons un lien pour choisir un nouveau mot de passe.
        </p>
        <FormErrors id={form.errorId} errors={form.errors} />
        {mine && actionData?.result?.status === 'success' ? (
          <StatusMessage message={actionData.message} />
        ) : null}
        <Field label="Email du compte" field={fields.email} type="email" autoComplete="email" />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? 'Envoi...' : 'Envoyer le lien'}
        </Button>
      </Form>
    </details>
  )
}

function SignUpForm({ actionData }: { actionData?: ActionResult }) {
  const busy = useBusy('signup')
  const mine = actionData?.intent === 'signup'
  const [form, fields] = useForm({
    id: 'signup',
    lastResult: mine ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="signup" />
      <FormErrors id={form.errorId} errors={form.errors} />
      {mine && actionData?.result?.status === 'success' ? (
        <StatusMessage message={actionData.message} />
      ) : null}
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
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Création...' : 'Créer mon compte'}
      </Button>
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
  actionData?: ActionResult
}) {
  const busy = useBusy('reset-password')
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.intent === 'reset-password' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  if (!token || linkError) {
    return (
      <div className="flex flex-col gap-4">
        <FormErrors
          id="recovery-link-error"
          errors={[linkError ?? 'Ce lien de réinitialisation est incomplet.']}
        />
        <Button asChild variant="outline">
          <Link to="/auth">Demander un nouveau lien</Link>
        </Button>
      </div>
    )
  }
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
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
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Enregistrement...' : 'Réinitialiser le mot de passe'}
      </Button>
    </Form>
  )
}

function TwoFactorForm({
  actionData,
  redirectTo,
}: {
  actionData?: ActionResult
  redirectTo: string
}) {
  const busy = useBusy('two-factor')
  const [method, setMethod] = useState<'totp' | 'backup'>('totp')
  const [form, fields] = useForm({
    id: 'two-factor',
    lastResult: actionData?.intent === 'two-factor' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
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
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Vérification...' : 'Vérifier'}
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => setMethod((value) => (value === 'totp' ? 'backup' : 'totp'))}
      >
        {method === 'totp'
          ? 'Utiliser un code de secours'
          : 'Utiliser l’application d’authentification'}
      </Button>
    </Form>
  )
}
