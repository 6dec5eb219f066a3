import { parseForm } from '~/utils/parse-form'
import {
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  TwoFactorSchema,
} from './auth.schema'

/** The schema of each auth form, the same the server's action applies. */
export const AUTH_FORM_SCHEMAS = {
  signin: SignInSchema,
  signup: SignUpSchema,
  'forgot-password': ForgotPasswordSchema,
  'reset-password': ResetPasswordSchema,
  'two-factor': TwoFactorSchema,
}

export type AuthFormIntent = keyof typeof AUTH_FORM_SCHEMAS

/** Validates a form in the browser; loaded on the form's first focus (zod stays off the landing). */
export function validateAuthForm(intent: AuthFormIntent, formData: FormData) {
  return parseForm(formData, { schema: AUTH_FORM_SCHEMAS[intent] })
}
