import { z } from 'zod'
import { sanitizeText } from '~/utils/sanitize-text'

// Messages of the spec (§5), exact.
export const INVALID_EMAIL_MESSAGE = 'Veuillez entrer une adresse email valide.'
export const PASSWORD_TOO_SHORT_MESSAGE = 'Le mot de passe doit contenir au moins 8 caractères.'
export const PASSWORDS_DIFFER_MESSAGE = 'Les mots de passe ne correspondent pas.'
export const PASSWORD_TOO_LONG_MESSAGE = 'Le mot de passe doit contenir au plus 128 caractères.'
export const PASSWORD_REQUIRED_MESSAGE = 'Veuillez entrer votre mot de passe.'

// "A simple pattern": something@something.something, no spaces, no control characters (a NUL
// would reach the database, which refuses it in any text) nor invisible ones (a joiner, a
// bidirectional override would hide what the address is).
const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u

const EMAIL_MAX_LENGTH = 254

const ACCOUNT_EMAIL = z.email()

/**
 * An email address as the contact form checks it: the spec's simple pattern, lower-cased. The
 * length is checked first, in the same step: zod runs every check, and the pattern takes time
 * in the square of the text's length (`a@` and a million dots would hold the server for hours).
 */
export const ContactEmailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .refine(
    (value) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value),
    INVALID_EMAIL_MESSAGE,
  )
  .transform((value) => value.toLowerCase())

/**
 * An account's email address (sign-in, sign-up, reset): the simple pattern, and an address the
 * account service takes. Better Auth checks its sign-up, sign-in and reset with zod's own rule,
 * which refuses `prénom@exemple.fr` or `jean@exemple.c`; refused here, the member reads the
 * spec's message rather than an unexpected error.
 */
export const EmailSchema = ContactEmailSchema.refine(
  (value) => ACCOUNT_EMAIL.safeParse(value).success,
  INVALID_EMAIL_MESSAGE,
)

const newPassword = z
  .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
  .min(8, PASSWORD_TOO_SHORT_MESSAGE)
  .max(128, PASSWORD_TOO_LONG_MESSAGE)

// As long as the profile form allows (profile.schema.ts), and cleaned as it cleans (invisible
// characters and bidirectional overrides removed): a name given at sign-up, shown on every post
// and comment, can be saved again unchanged from the profile.
const optionalName = z
  .string()
  .overwrite((value) => sanitizeText(value))
  .max(50, 'Ce champ contient au plus 50 caractères.')
  .optional()
  .transform((value) => value ?? '')

/** The names a sign-up may carry, also checked on Better Auth's own endpoint (auth.server.ts). */
export const SignUpNamesSchema = z.object({ firstName: optionalName, lastName: optionalName })

/** The longest page a sign-in comes back to (`redirectTo`, a path and its query). */
export const REDIRECT_TO_MAX_LENGTH = 2000

const redirectTo = z.string().max(REDIRECT_TO_MAX_LENGTH).optional()

export const SignInSchema = z.object({
  intent: z.literal('signin'),
  email: EmailSchema,
  password: z.string({ error: PASSWORD_REQUIRED_MESSAGE }).max(128, PASSWORD_TOO_LONG_MESSAGE),
  redirectTo,
})

export const SignUpSchema = z.object({
  intent: z.literal('signup'),
  ...SignUpNamesSchema.shape,
  email: EmailSchema,
  password: newPassword,
})

export const ForgotPasswordSchema = z.object({
  intent: z.literal('forgot-password'),
  email: EmailSchema,
})

export const ResendVerificationSchema = z.object({
  intent: z.literal('resend-verification'),
  email: EmailSchema,
})

/** The confirmation page's button (ADR 062): the token its mail link carried. */
export const ConfirmEmailSchema = z.object({
  intent: z.literal('confirm-email'),
  token: z.string({ error: 'Ce lien de confirmation est incomplet.' }).min(1).max(2000),
})

export const ResetPasswordSchema = z
  .object({
    intent: z.literal('reset-password'),
    token: z.string({ error: 'Le lien de réinitialisation est invalide.' }).max(500),
    password: newPassword,
    confirmPassword: z.string({ error: PASSWORDS_DIFFER_MESSAGE }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  })

export const TwoFactorSchema = z.object({
  intent: z.literal('two-factor'),
  method: z.enum(['totp', 'backup']).default('totp'),
  code: z
    .string({ error: 'Veuillez entrer le code.' })
    .trim()
    .min(6, 'Le code est incomplet.')
    .max(20, 'Le code est trop long.'),
  redirectTo,
})

export type SignInInput = z.infer<typeof SignInSchema>
export type SignUpInput = z.infer<typeof SignUpSchema>
