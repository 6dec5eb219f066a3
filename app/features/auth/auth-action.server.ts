import { data, redirect, type RouterContextProvider } from 'react-router'
import { clientAddressForLimits } from '~/server/auth/client-ip.server'
import { addResponseCookies, safeRedirectPath } from '~/server/auth/session.server'
import { retryAfterHeader } from '~/server/rate-limit.server'
import { flashToast } from '~/server/toast.server'
import { requestForm } from '~/server/errors.server'
import { parseForm } from '~/utils/parse-form'
import {
  confirmEmail,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  signIn,
  signUp,
  verifyTwoFactor,
} from './accounts.server'
import {
  RESET_MAIL_SENT,
  SIGN_UP_SUCCESS,
  VERIFICATION_MAIL_SENT,
  type AuthActionResult,
  type AuthIntent,
} from './auth-result'
import { EMAIL_CONFIRMED_PATH } from './auth-paths'
import {
  ConfirmEmailSchema,
  ForgotPasswordSchema,
  ResendVerificationSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  TwoFactorSchema,
} from './auth.schema'

/** The form's answer; a refusal past a limit tells when to try again (Retry-After). */
function reply(body: AuthActionResult, status = 200, refusal?: { retryAfterSeconds?: number }) {
  return data(body, { status, headers: retryAfterHeader(refusal?.retryAfterSeconds) })
}

/**
 * Refusals after which the sign-in's two-factor challenge is over (expired, or out of codes, or
 * the account locked a while): the member goes back to sign in, not to a code form that can
 * only refuse again.
 */
const CHALLENGE_ENDED = new Set([
  'INVALID_TWO_FACTOR_COOKIE',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'ACCOUNT_TEMPORARILY_LOCKED',
])

/** Better Auth's refusals of a confirmation link itself: expired, damaged, its account gone. */
const LINK_REFUSED = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND'])

/**
 * Runs the sign-in, sign-up, two-factor, reset and confirmation forms posted to a route (/auth,
 * or the landing page's block, which accepts fewer intents). Form errors come back as a
 * Conform reply; a completed sign-in redirects with the 'Connexion réussie !' toast.
 */
export async function handleAuthAction({
  request,
  context,
  intents,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
  intents: readonly AuthIntent[]
}) {
  const formData = await requestForm(request)
  const intent = String(formData.get('intent') ?? '')
  if (!intents.includes(intent as AuthIntent)) {
    return reply({ intent, message: 'Action inconnue.' }, 400)
  }
  const requestMeta = { ip: clientAddressForLimits(request), headers: request.headers }

  switch (intent as AuthIntent) {
    case 'signin': {
      const submission = parseForm(formData, { schema: SignInSchema })
      if (submission.status !== 'success') {
        // What was typed comes back to be corrected, never the password (into the page's HTML).
        return reply({ intent, result: submission.reply({ hideFields: ['password'] }) }, 400)
      }
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
          outcome,
        )
      }
      addResponseCookies(context, outcome.cookies)
      if (outcome.twoFactor) return reply({ intent, twoFactor: true, redirectTo })
      await flashToast(context, { type: 'success', message: 'Connexion réussie !' })
      throw redirect(safeRedirectPath(redirectTo))
    }
    case 'two-factor': {
      const submission = parseForm(formData, { schema: TwoFactorSchema })
      if (submission.status !== 'success') {
        return reply({ intent, twoFactor: true, result: submission.reply() }, 400)
      }
      const { code, method, redirectTo } = submission.value
      const outcome = await verifyTwoFactor({ code, method, ...requestMeta })
      if (!outcome.ok) {
        return reply(
          {
            intent,
            twoFactor: !CHALLENGE_ENDED.has(outcome.code ?? ''),
            redirectTo,
            result: submission.reply({ formErrors: [outcome.message], hideFields: ['code'] }),
            message: outcome.message,
          },
          outcome.status,
          outcome,
        )
      }
      addResponseCookies(context, outcome.cookies)
      await flashToast(context, { type: 'success', message: 'Connexion réussie !' })
      throw redirect(safeRedirectPath(redirectTo))
    }
    case 'signup': {
      const submission = parseForm(formData, { schema: SignUpSchema })
      if (submission.status !== 'success') {
        return reply({ intent, result: submission.reply({ hideFields: ['password'] }) }, 400)
      }
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
          outcome,
        )
      }
      return reply({
        intent,
        result: submission.reply({ resetForm: true }),
        message: SIGN_UP_SUCCESS,
      })
    }
    case 'forgot-password': {
      const submission = parseForm(formData, { schema: ForgotPasswordSchema })
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
          outcome,
        )
      }
      return reply({
        intent,
        result: submission.reply({ resetForm: true }),
        message: RESET_MAIL_SENT,
      })
    }
    case 'resend-verification': {
      const submission = parseForm(formData, { schema: ResendVerificationSchema })
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
      const outcome = await resendVerificationEmail({
        email: submission.value.email,
        ...requestMeta,
      })
      // The button stays for the address, with the keyboard on it: to ask again once refused
      // (too many mails) or when the mail does not come.
      const unverifiedEmail = submission.value.email
      if (!outcome.ok) {
        return reply({ intent, message: outcome.message, unverifiedEmail }, outcome.status, outcome)
      }
      return reply({ intent, message: VERIFICATION_MAIL_SENT, unverifiedEmail })
    }
    case 'confirm-email': {
      const submission = parseForm(formData, { schema: ConfirmEmailSchema })
      if (submission.status !== 'success') throw redirect('/?error=INVALID_TOKEN')
      const outcome = await confirmEmail(submission.value)
      if (outcome.ok) throw redirect(EMAIL_CONFIRMED_PATH)
      // The landing page says a link is no longer valid, as it did when opening it confirmed;
      // anything else (the database unreachable) leaves the page, its link still good.
      if (LINK_REFUSED.has(outcome.code))
        throw redirect(`/?error=${encodeURIComponent(outcome.code)}`)
      return reply({ intent, message: outcome.message }, outcome.status, outcome)
    }
    case 'reset-password': {
      const submission = parseForm(formData, { schema: ResetPasswordSchema })
      if (submission.status !== 'success') {
        return reply(
          { intent, result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
          400,
        )
      }
      const outcome = await resetPassword(submission.value)
      if (!outcome.ok) {
        // A password among the most common is the new password field's error.
        const errors =
          outcome.code === 'PASSWORD_TOO_COMMON'
            ? { fieldErrors: { password: [outcome.message] } }
            : { formErrors: [outcome.message] }
        return reply(
          {
            intent,
            result: submission.reply({ ...errors, hideFields: ['password', 'confirmPassword'] }),
            message: outcome.message,
            linkExpired: outcome.code === 'INVALID_TOKEN',
          },
          outcome.status,
          outcome,
        )
      }
      await flashToast(context, {
        type: 'success',
        message: 'Mot de passe réinitialisé avec succès !',
      })
      throw redirect('/auth')
    }
  }
}
