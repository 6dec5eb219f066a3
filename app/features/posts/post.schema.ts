import { z } from 'zod'
import { CATEGORIES, POST_TYPES, SECTORS } from '~/server/db/seed/reference-data'
import { formatEventPrice } from '~/utils/event-price'
import { formatNumber } from '~/utils/format-count'
import { fromParisLocalInput } from '~/utils/paris-time'
import { sanitizeLongText, sanitizeText } from '~/utils/sanitize-text'
import { withoutNul } from '~/utils/text'
import { webLinkSchema } from '~/utils/web-link'
import { parseTags } from './engagement-score'

export const TITLE_MAX_LENGTH = 200
export const CONTENT_MAX_LENGTH = 1000
export const ARTICLE_CONTENT_MAX_LENGTH = 5000
export const TAGS_MAX_COUNT = 10
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** What the image shows, for those who cannot see it (ADR 064). */
export const IMAGE_ALT_MAX_LENGTH = 300
/** An image over IMAGE_MAX_BYTES, wherever it is refused (browser, form or server). */
export const IMAGE_TOO_LARGE_MESSAGE = 'L’image dépasse 5 Mo.'

// Spec §5 and §8, exactly; the form says 'obligatoire', the data layer 'requis'.
export const TITLE_REQUIRED_MESSAGE = 'Le titre est obligatoire'
export const TITLE_REQUIRED_DATA_MESSAGE = 'Le titre est requis'
export const CATEGORY_REQUIRED_MESSAGE = 'Veuillez sélectionner au moins une catégorie.'
export const IMAGE_ONLY_MESSAGE = 'Seuls les fichiers image sont acceptés.'
export const IMAGE_UPLOAD_FAILED_MESSAGE = "Erreur lors de l'upload de l'image."
/** A stored image is one post's (ADR 009): sent again with another, or the same form twice. */
export const IMAGE_ALREADY_POSTED_MESSAGE = 'Cette image accompagne déjà une publication.'
/** An uploaded image that is not the author's, or no longer kept (a week unused). */
export const IMAGE_UNAVAILABLE_MESSAGE =
  'Cette image n’est plus disponible : ajoutez-la de nouveau.'
export const CREATE_FAILED_MESSAGE = 'Impossible de créer le post. Veuillez réessayer.'
export const POST_CREATED_MESSAGE = 'Post créé avec succès !'
export const DRAFT_RESTORED_MESSAGE = 'Brouillon restauré'
// 'Invalid post type' and 'Profile not found' of §8, in French (ADR 008).
export const INVALID_TYPE_MESSAGE = 'Type de publication invalide.'
export const PROFILE_NOT_FOUND_MESSAGE = 'Profil non trouvé'

export type PostTypeName = (typeof POST_TYPES)[number]['name']

const categoryNames = CATEGORIES.map((category) => category.name).filter((name) => name !== 'tous')
const sectorNames = SECTORS.map((sector) => sector.name).filter((name) => name !== 'tous')
const typeNames = POST_TYPES.map((type) => type.name)

/** The maximum content length for a post type: 1 000 characters, 5 000 for an article. */
export function contentMaxLength(type: string): number {
  return type === 'article' ? ARTICLE_CONTENT_MAX_LENGTH : CONTENT_MAX_LENGTH
}

const optionalText = (max: number, message: string) =>
  z.string().overwrite(withoutNul).trim().max(max, message).optional()

/** An http(s) address; one typed without a scheme gets https:// as people expect. */
const ExternalUrlSchema = webLinkSchema(
  'Veuillez entrer un lien valide, par exemple https://exemple.fr.',
)

/** The years an event may fall in: a year mistyped in the date field is refused, not kept. */
export const EVENT_YEARS = { min: 2000, max: 2100 } as const

const EventDateSchema = z.string().transform((value, context) => {
  const date = fromParisLocalInput(value)
  const year = Number(value.slice(0, 4))
  if (!date || year < EVENT_YEARS.min || year > EVENT_YEARS.max) {
    context.addIssue({ code: 'custom', message: 'Veuillez entrer une date valide.' })
    return z.NEVER
  }
  return date
})

/**
 * `names` in the order the member chose them, as the composer states it (`order`, comma-separated)
 * where checkboxes are sent in the page's order; names it does not list keep theirs, after.
 */
function inChosenOrder(names: string[], order: string | undefined): string[] {
  if (!order) return names
  const chosen = order.split(',')
  const rank = (name: string) => {
    const index = chosen.indexOf(name)
    return index < 0 ? chosen.length : index
  }
  return names.toSorted((a, b) => rank(a) - rank(b))
}

/**
 * A new post as the composer sends it (spec §3 'Post draft'), checked the same way in the
 * browser and on the server. Several categories and sectors are kept (ADR 008).
 */
export const PostSchema = z
  .object({
    title: z
      .string({ error: TITLE_REQUIRED_MESSAGE })
      .overwrite((value) => sanitizeText(value))
      .min(1, TITLE_REQUIRED_MESSAGE)
      .max(TITLE_MAX_LENGTH, `Le titre contient au plus ${TITLE_MAX_LENGTH} caractères.`),
    content: z.string().overwrite(sanitizeLongText).default(''),
    type: z.enum(typeNames, { error: INVALID_TYPE_MESSAGE }).default('post'),
    categories: z
      .array(z.enum(categoryNames, { error: 'Catégorie inconnue.' }), {
        error: CATEGORY_REQUIRED_MESSAGE,
      })
      .min(1, CATEGORY_REQUIRED_MESSAGE)
      .transform((names) => [...new Set(names)]),
    /** The categories in the order they were ticked (the first is the main one, spec §5). */
    categoriesOrder: z.string().max(2000).optional(),
    sectors: z
      .array(z.enum(sectorNames, { error: 'Secteur inconnu.' }))
      .default([])
      .transform((names) => [...new Set(names)]),
    sectorsOrder: z.string().max(2000).optional(),
    tags: z
      .string()
      .overwrite(withoutNul)
      .max(300, 'Les tags contiennent au plus 300 caractères.')
      .default('')
      .transform(parseTags)
      .refine((tags) => tags.length <= TAGS_MAX_COUNT, `${TAGS_MAX_COUNT} tags au plus.`)
      .refine(
        (tags) => tags.every((tag) => tag.length <= 40),
        'Chaque tag contient au plus 40 caractères.',
      ),
    externalUrl: ExternalUrlSchema.optional(),
    eventDate: EventDateSchema.optional(),
    eventLocation: optionalText(200, 'Le lieu contient au plus 200 caractères.'),
    price: z.coerce
      .number({ error: 'Le prix doit être un nombre.' })
      .min(0, 'Le prix ne peut pas être négatif.')
      .max(100_000, `Le prix est au plus de ${formatEventPrice(100_000)}.`)
      .optional(),
    /** An image already uploaded by the composer (with JavaScript). */
    imageUrl: z.string().max(500).optional(),
    /** The image chosen in the file field (without JavaScript). */
    image: z
      .instanceof(File)
      .refine((file) => file.size <= IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE)
      .refine((file) => file.type === '' || file.type.startsWith('image/'), IMAGE_ONLY_MESSAGE)
      .optional(),
    /** What the image shows, read in its place by screen readers; kept only with an image. */
    imageAlt: z
      .string()
      .overwrite((value) => sanitizeText(value))
      .max(
        IMAGE_ALT_MAX_LENGTH,
        `La description de l’image contient au plus ${IMAGE_ALT_MAX_LENGTH} caractères.`,
      )
      .optional(),
  })
  .superRefine((post, context) => {
    const max = contentMaxLength(post.type)
    if (post.content.length > max) {
      context.addIssue({
        code: 'custom',
        path: ['content'],
        message: `Le contenu contient au plus ${formatNumber(max)} caractères${post.type === 'article' ? ' pour un article' : ''}.`,
      })
    }
  })
  .transform(({ categoriesOrder, sectorsOrder, ...post }) => ({
    ...post,
    categories: inChosenOrder(post.categories, categoriesOrder),
    sectors: inChosenOrder(post.sectors, sectorsOrder),
  }))

export type PostInput = z.input<typeof PostSchema>
export type ValidPost = z.output<typeof PostSchema>
