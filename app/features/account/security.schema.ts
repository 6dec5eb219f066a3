import { z } from 'zod'
import {
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
} from '../auth/auth.schema'

const currentPassword = z
  .string({ error: 'Veuillez entrer votre mot de passe actuel.' })
  .max(128, PASSWORD_TOO_LONG_MESSAGE)

export const ChangePasswordSchema = z
  .object({
    intent: z.literal('change-password'),
    currentPassword,
    newPassword: z
      .string({ error: PASSWORD_TOO_SHORT_MESSAGE })
      .min(8, PASSWORD_TOO_SHORT_MESSAGE)
      .max(128, PASSWORD_TOO_LONG_MESSAGE),
    confirmPassword: z.string({ error: PASSWORDS_DIFFER_MESSAGE }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER_MESSAGE,
  })

export const RevokeSessionSchema = z.object({
  intent: z.literal('revoke-session'),
  // Session ids are UUIDs (Better Auth's generateId): anything else is no session, and text
  // PostgreSQL cannot read (a NUL) must not reach the query.
  sessionId: z.string().regex(/^[\w-]{1,100}$/),
})

export const PasswordConfirmationSchema = z.object({
  intent: z.enum(['enable-two-factor', 'disable-two-factor', 'delete-account']),
  password: currentPassword,
})

export const ConfirmTwoFactorSchema = z.object({
  intent: z.literal('confirm-two-factor'),
  code: z
    .string({ error: 'Veuillez entrer le code.' })
    .trim()
    .regex(/^\d{6}$/, 'Le code contient 6 chiffres.'),
})
