import { z } from 'zod'

export const COMMENT_MAX_LENGTH = 2000

export const COMMENT_EMPTY_MESSAGE = 'Le commentaire ne peut pas être vide.'
export const COMMENT_TOO_LONG_MESSAGE = 'Le commentaire contient au plus 2 000 caractères.'
export const COMMENT_NOT_FOUND_MESSAGE = 'Commentaire non trouvé'
export const COMMENTS_LOAD_FAILED_MESSAGE = 'Les commentaires n’ont pas pu être chargés.'
export const UNEXPECTED_ERROR_MESSAGE = 'Une erreur est survenue. Veuillez réessayer.'

/** A comment's text: trimmed, then 1 to 2,000 characters (spec §5). */
export const CommentContentSchema = z
  .string({ error: COMMENT_EMPTY_MESSAGE })
  .trim()
  .min(1, COMMENT_EMPTY_MESSAGE)
  .max(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_MESSAGE)

export const CommentSchema = z.object({
  intent: z.literal('comment'),
  content: CommentContentSchema,
})

export const DeleteCommentSchema = z.object({
  intent: z.literal('delete-comment'),
  // Any 8-4-4-4-12 hex id, as PostgreSQL's uuid type accepts.
  commentId: z.guid({ error: COMMENT_NOT_FOUND_MESSAGE }),
})
