import type { SubmissionResult } from '@conform-to/react'

// Notices of a successful action (spec §8 for the first two), shared by the forms and the action.
export const SIGN_UP_SUCCESS = 'Compte créé avec succès ! Vérifiez votre email.'
export const RESET_MAIL_SENT = 'Un email de réinitialisation a été envoyé à votre adresse.'
export const VERIFICATION_MAIL_SENT =
  'Si un compte non confirmé existe pour cette adresse, un nouvel email de confirmation vient de partir.'

export const AUTH_SUCCESS_MESSAGES: readonly string[] = [
  SIGN_UP_SUCCESS,
  RESET_MAIL_SENT,
  VERIFICATION_MAIL_SENT,
]

export type AuthIntent =
  | 'signin'
  | 'two-factor'
  | 'signup'
  | 'forgot-password'
  | 'resend-verification'
  | 'reset-password'
  | 'confirm-email'

/** What the auth action answers (on /auth and on the landing page's block). */
export type AuthActionResult = {
  intent: string
  result?: SubmissionResult<string[]>
  message?: string
  twoFactor?: boolean
  unverifiedEmail?: string
  redirectTo?: string
  /** A reset refused for its link (expired or used since the page opened): ask for a new one. */
  linkExpired?: boolean
}
