import type { ListedComment } from './comments.server'

/** A comment as the browser receives it (the date as an ISO string). */
export type CommentItem = Omit<ListedComment, 'createdAt'> & { createdAt: string }

/** GET /api/posts/{postId}/comments[?avant=…] */
export type CommentsResponse = CommentsPage | ErrorResponse

export interface CommentsPage {
  comments: CommentItem[]
  commentsCount: number
  /** Lists the comments before these (`?avant=`), when there are. */
  olderCursor: string | null
  /** These are older comments, before a cursor (a post's page with `?avant=`). */
  olderPage?: boolean
}

/** The search parameter of older comments, on the comments' API and on a post's page. */
export const OLDER_COMMENTS_PARAM = 'avant'

/** POST /api/posts/{postId}/comments, by intent. */
export type CommentActionResponse =
  | { comment: CommentItem; commentsCount: number }
  | { deleted: string; commentsCount: number }
  | ErrorResponse

/**
 * A comment a post's page refused, sent by a form without a script: shown again in the box,
 * with the reason (ADR 066).
 */
export interface RefusedComment {
  message: string
  content: string
}

export interface ErrorResponse {
  error: string
}

export function toCommentItem(comment: ListedComment): CommentItem {
  return { ...comment, createdAt: comment.createdAt.toISOString() }
}
