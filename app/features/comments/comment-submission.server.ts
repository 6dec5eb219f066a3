import { data, redirect, type RouterContextProvider } from 'react-router'
import { getCurrentSession, notePublicChange, safeRedirectPath } from '~/server/auth/session.server'
import { HttpError } from '~/server/errors.server'
import { logger } from '~/server/logger.server'
import {
  hitRateLimit,
  RATE_LIMITS,
  retryAfterHeader,
  tooManyAttemptsMessage,
} from '~/server/rate-limit.server'
import { flashToast } from '~/server/toast.server'
import { parseForm } from '~/utils/parse-form'
import { UNEXPECTED_ERROR_MESSAGE } from '~/utils/unexpected-error'
import { COMMENT_EMPTY_MESSAGE, CommentSchema } from './comment.schema'
import { toCommentItem, type CommentItem, type RefusedComment } from './comment-item'
import { addComment, findRepeatedComment } from './comments.server'

export type CommentSubmission =
  | { ok: true; comment: CommentItem; commentsCount: number }
  | { ok: false; status: number; message: string; headers?: Record<string, string> }

/**
 * A member's comment as a form sent it (`intent=comment`, `content`): checked with the form's
 * schema, held to a comment per member every 5 s, then published. What the comments' API and a
 * post's page both do (ADR 066); refusals are returned, anything unexpected is thrown.
 */
export async function submitComment(input: {
  formData: FormData
  postId: string
  userId: string
  context: Readonly<RouterContextProvider>
}): Promise<CommentSubmission> {
  const submission = parseForm(input.formData, { schema: CommentSchema })
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? COMMENT_EMPTY_MESSAGE
    return { ok: false, status: 400, message }
  }
  const { content } = submission.value
  const limit = await hitRateLimit(`comment:${input.userId}`, RATE_LIMITS.commentPerMember)
  if (!limit.allowed) {
    // The same text sent again at once (a double click, an answer lost): the comment published.
    const repeated = await findRepeatedComment({
      postId: input.postId,
      userId: input.userId,
      content,
    })
    if (repeated) {
      return {
        ok: true,
        comment: toCommentItem(repeated.comment),
        commentsCount: repeated.commentsCount,
      }
    }
    const { retryAfterSeconds } = limit
    return {
      ok: false,
      status: 429,
      message: tooManyAttemptsMessage(retryAfterSeconds),
      headers: retryAfterHeader(retryAfterSeconds),
    }
  }
  try {
    const { comment, commentsCount } = await addComment({
      postId: input.postId,
      userId: input.userId,
      content,
    })
    notePublicChange(input.context)
    return { ok: true, comment: toCommentItem(comment), commentsCount }
  } catch (error) {
    if (error instanceof HttpError)
      return { ok: false, status: error.status, message: error.message }
    throw error
  }
}

/**
 * A comment sent from a post's page by a browser that runs no script (a script sends it to
 * /api/posts/{postId}/comments): the form posts to the post's address by id, which a rename of
 * its author cannot change. Published, back to the page it was sent from (`redirectTo`, at its
 * comments) with a toast; refused, the page again with the text in its box and the reason
 * beside it, so that what was typed is not lost (ADR 066). A visitor (a session ended meanwhile)
 * is sent to sign in, back to the page.
 */
export async function commentFromPostPage(input: {
  request: Request
  context: Readonly<RouterContextProvider>
  postId: string
}) {
  const formData = await input.request.formData().catch(() => null)
  const back = formData?.has('redirectTo')
    ? safeRedirectPath(formData.get('redirectTo'))
    : `/post/${input.postId}`
  const current = await getCurrentSession(input.context)
  if (!current) throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`)
  const content = formData?.get('content')
  const refuse = (status: number, message: string, headers?: Record<string, string>) =>
    data(
      {
        refusedComment: {
          message,
          content: typeof content === 'string' ? content : '',
        } satisfies RefusedComment,
      },
      { status, headers },
    )
  if (!formData) return refuse(400, 'Requête invalide.')
  if (formData.get('intent') !== 'comment') return refuse(400, 'Action inconnue.')

  try {
    const outcome = await submitComment({
      formData,
      postId: input.postId,
      userId: current.user.id,
      context: input.context,
    })
    if (!outcome.ok) return refuse(outcome.status, outcome.message, outcome.headers)
  } catch (error) {
    logger.error({ err: error, postId: input.postId }, 'comment from the post page failed')
    return refuse(500, UNEXPECTED_ERROR_MESSAGE)
  }
  await flashToast(input.context, { type: 'success', message: 'Commentaire publié' })
  throw redirect(back)
}
