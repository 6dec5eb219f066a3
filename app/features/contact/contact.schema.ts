import { z } from 'zod'
import { ContactEmailSchema } from '~/features/auth/auth.schema'
import { formatNumber } from '~/utils/format-count'
import { sanitizeLongText, sanitizeText } from '~/utils/sanitize-text'

/** The spec's success notice (§8), exact. */
export const CONTACT_SUCCESS_MESSAGE =
  'Message envoyé avec succès ! Nous vous répondrons dans les 24h.'

// The spec sets no bounds (§5); these caps keep one message from filling the table.
export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const

function requiredText(
  max: number,
  missing: string,
  tooLong: string,
  sanitize: (value: string) => string = (value) => sanitizeText(value),
) {
  return z.string({ error: missing }).overwrite(sanitize).min(1, missing).max(max, tooLong)
}

/** The contact form (full name, email, subject, message), shared by the page and the service. */
export const ContactSchema = z.object({
  name: requiredText(
    CONTACT_LIMITS.name,
    'Veuillez indiquer votre nom complet.',
    `Le nom contient au plus ${formatNumber(CONTACT_LIMITS.name)} caractères.`,
  ),
  email: ContactEmailSchema,
  subject: requiredText(
    CONTACT_LIMITS.subject,
    'Veuillez indiquer le sujet de votre message.',
    `Le sujet contient au plus ${formatNumber(CONTACT_LIMITS.subject)} caractères.`,
  ),
  message: requiredText(
    CONTACT_LIMITS.message,
    'Veuillez écrire votre message.',
    `Le message contient au plus ${formatNumber(CONTACT_LIMITS.message)} caractères.`,
    sanitizeLongText,
  ),
})

export type ContactInput = z.infer<typeof ContactSchema>
