import { z } from 'zod'
import { sanitizeLongText } from '~/utils/sanitize-text'

import {
  COMMENT_EMPTY_MESSAGE,
  COMMENT_MAX_LENGTH,
  COMMENT_NOT_FOUND_MESSAGE,
  COMMENT_TOO_LONG_MESSAGE,
} from './comment-messages'

export {
  COMMENT_EMPTY_MESSAGE,
  COMMENT_MAX_LENGTH,
  COMMENT_NOT_FOUND_MESSAGE,
  COMMENT_TOO_LONG_MESSAGE,
  COMMENTS_LOAD_FAILED_MESSAGE,
} from './comment-messages'

/** A comment's text: trimmed, its line breaks counted once, then 1 to 2,000 characters (spec §5). */
export const CommentContentSchema = z
  .string({ error: COMMENT_EMPTY_MESSAGE })
  .overwrite(sanitizeLongText)
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
