import type { ListedComment } from './comments.server'

/** A comment as the browser receives it (the date as an ISO string). */
export type CommentItem = Omit<ListedComment, 'createdAt'> & { createdAt: string }

/** GET /api/posts/{postId}/comments */
export type CommentsResponse = { comments: CommentItem[]; commentsCount: number } | ErrorResponse

/** POST /api/posts/{postId}/comments, by intent. */
export type CommentActionResponse =
  | { comment: CommentItem; commentsCount: number }
  | { deleted: string; commentsCount: number }
  | ErrorResponse

export interface ErrorResponse {
  error: string
}

export function toCommentItem(comment: ListedComment): CommentItem {
  return { ...comment, createdAt: comment.createdAt.toISOString() }
}
