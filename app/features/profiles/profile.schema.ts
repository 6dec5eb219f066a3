import { z } from 'zod'
import { formatNumber } from '~/utils/format-count'
import { sanitizeText } from '~/utils/sanitize-text'
import { webLinkSchema } from '~/utils/web-link'

// Spec §5 and §8, exact.
export const FIRST_NAME_REQUIRED_MESSAGE = 'Le prénom est obligatoire'
export const LAST_NAME_REQUIRED_MESSAGE = 'Le nom est obligatoire'
export const VALIDATION_ERRORS_PREFIX = 'Erreurs de validation: '
export const PROFILE_UPDATED_MESSAGE = 'Profil mis à jour avec succès'
export const PROFILE_UPDATE_FAILED_MESSAGE = 'Erreur lors de la mise à jour du profil'
export const LINKS_UPDATED_MESSAGE = 'Liens mis à jour'
export const SAVE_FAILED_MESSAGE = 'Erreur lors de la sauvegarde'
export const PROFILE_NOT_FOUND_MESSAGE = 'Profil non trouvé'
export const ACCESS_DENIED_MESSAGE = 'Accès non autorisé'
export const OWN_PROFILE_ONLY_MESSAGE = 'Vous ne pouvez modifier que votre propre profil.'
export const LINK_TITLE_REQUIRED_MESSAGE = 'Le titre du lien est obligatoire.'
export const LINK_URL_REQUIRED_MESSAGE = 'L’adresse du lien est obligatoire.'
export const LINK_INVALID_MESSAGE =
  'Veuillez entrer un lien valide, par exemple https://exemple.fr.'
export const PROFILE_LINKS_MAX = 10

export const IMAGE_KINDS = {
  avatar: {
    folder: 'profile_avatars',
    column: 'avatar',
    success: 'Avatar mis à jour avec succès',
    failure: "Erreur lors de l'upload de l'avatar",
  },
  banner: {
    folder: 'profile_banners',
    column: 'bannerImage',
    success: 'Bannière mise à jour avec succès',
    failure: "Erreur lors de l'upload de la bannière",
  },
} as const
export type ProfileImageKind = keyof typeof IMAGE_KINDS

// The checks follow the cleaning in the same string schema (`overwrite`), not in a piped one:
// conform reads an empty text as no value in every string schema it finds, so a field of spaces,
// cleaned to '', reached a piped one as undefined ('expected string', in English).
const text = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  z
    .string()
    .overwrite((value) => sanitizeText(value, options))
    .max(max, `${label} contient au plus ${formatNumber(max)} caractères.`)
    .optional()
    .transform((value) => value || null)

// Named in its message: the form's summary (« Erreurs de validation: … ») lists it apart from its field.
const name = (label: string, message: string) =>
  z
    .string({ error: message })
    .overwrite((value) => sanitizeText(value))
    .min(1, message)
    .max(50, `${label} contient au plus 50 caractères.`)

/** An optional web address: blank once cleaned means none; the address is checked in a step. */
const link = (label: string) => {
  const address = webLinkSchema(`${label} : ${LINK_INVALID_MESSAGE}`, 300)
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const typed = sanitizeText(value ?? '').replaceAll(' ', '')
      if (!typed) return null
      const result = address.safeParse(typed)
      if (result.success) return result.data
      for (const issue of result.error.issues)
        context.addIssue({ code: 'custom', message: issue.message })
      return z.NEVER
    })
}

/** The profile form (spec §5 'Profile edit'): the same checks in the browser and the server. */
export const ProfileSchema = z.object({
  intent: z.literal('profile'),
  firstName: name('Le prénom', FIRST_NAME_REQUIRED_MESSAGE),
  lastName: name('Le nom', LAST_NAME_REQUIRED_MESSAGE),
  job: text('Le poste', 100),
  company: text('L’entreprise', 100),
  city: text('La ville', 100),
  country: text('Le pays', 100),
  description: text('L’accroche', 160),
  bio: text('La bio', 2000, { multiline: true }),
  linkedin: link('LinkedIn'),
  website: link('Site web'),
})
export type ProfileInput = z.output<typeof ProfileSchema>

const linkUrl = webLinkSchema(LINK_INVALID_MESSAGE, 300)

/** One row of the links form; a row left entirely blank stays valid and is dropped later. */
const LinkRowSchema = z
  .object({ title: z.string().optional(), url: z.string().optional() })
  .transform((row, context) => {
    const title = sanitizeText(row.title ?? '')
    const typed = sanitizeText(row.url ?? '').replaceAll(' ', '')
    if (!title && !typed) return null
    if (!title)
      context.addIssue({ code: 'custom', path: ['title'], message: LINK_TITLE_REQUIRED_MESSAGE })
    if (title.length > 60) {
      context.addIssue({
        code: 'custom',
        path: ['title'],
        message: 'Le titre du lien contient au plus 60 caractères.',
      })
    }
    if (!typed) {
      context.addIssue({ code: 'custom', path: ['url'], message: LINK_URL_REQUIRED_MESSAGE })
      return z.NEVER
    }
    const url = linkUrl.safeParse(typed)
    if (!url.success) {
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: url.error.issues[0]?.message ?? LINK_INVALID_MESSAGE,
      })
      return z.NEVER
    }
    return { title, url: url.data }
  })

/**
 * Custom links (spec §5): title and address both required, https:// added without a scheme.
 * Blank rows are ignored, so the form can always offer an empty one.
 */
export const LinksSchema = z.object({
  intent: z.literal('links'),
  links: z
    .array(LinkRowSchema)
    .default([])
    .transform((rows) => rows.filter((row) => row !== null))
    .pipe(
      z
        .array(z.object({ title: z.string(), url: z.string() }))
        .max(PROFILE_LINKS_MAX, `${PROFILE_LINKS_MAX} liens au plus.`),
    ),
})
export type ProfileLinkInput = z.output<typeof LinksSchema>['links'][number]

/** 'Erreurs de validation: …' with every message once, as the form shows it on top. */
export function validationSummary(messages: readonly string[]): string {
  return `${VALIDATION_ERRORS_PREFIX}${[...new Set(messages)].join(' ; ')}`
}
