import { redirect, type RouterContextProvider } from 'react-router'
import {
  COMMENTS_LOAD_FAILED_MESSAGE,
  DeleteCommentSchema,
} from '~/features/comments/comment.schema'
import { submitComment } from '~/features/comments/comment-submission.server'
import {
  OLDER_COMMENTS_PARAM,
  toCommentItem,
  type CommentActionResponse,
  type CommentsResponse,
} from '~/features/comments/comment-item'
import { deleteCommentOrThrow, listComments } from '~/features/comments/comments.server'
import { parseFeedCursor } from '~/features/feed/feed.server'
import { getCurrentSession, notePublicChange, safeRedirectPath } from '~/server/auth/session.server'
import { HttpError } from '~/server/errors.server'
import { logger } from '~/server/logger.server'
import { flashToast } from '~/server/toast.server'
import { parseForm } from '~/utils/parse-form'
import type { Route } from './+types/comments'
import { UNEXPECTED_ERROR_MESSAGE } from '~/utils/unexpected-error'

// Comments change with every submission and carry no viewer state worth caching.
const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * A post's comments as JSON (public): `{ comments, commentsCount, olderCursor }`, the most
 * recent 100 oldest first, or the 100 before `?avant=` (a cursor the previous answer gave). A failure is logged and answered with `{ error }`: never thrown, since a
 * fetcher's thrown error would replace the page with the error boundary.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { comments, commentsCount, olderCursor } = await listComments({
      postId: params.postId,
      before: parseFeedCursor(new URL(request.url).searchParams.get(OLDER_COMMENTS_PARAM)),
    })
    return json({
      comments: comments.map(toCommentItem),
      commentsCount,
      olderCursor,
    } satisfies CommentsResponse)
  } catch (error) {
    if (error instanceof HttpError) return json({ error: error.message }, error.status)
    logger.error({ err: error, postId: params.postId }, 'comments not loaded')
    return json({ error: COMMENTS_LOAD_FAILED_MESSAGE }, 500)
  }
}

/**
 * Adds (`intent=comment`) or deletes (`intent=delete-comment`) a comment; members only, a
 * visitor is sent to /auth. A script's fetch (no `redirectTo` field) gets JSON: 201
 * `{ comment, commentsCount }`, `{ deleted, commentsCount }` or `{ error }` with the status.
 * A plain form (with `redirectTo`) is sent back there with a toast.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData().catch(() => null)
  const back =
    formData?.has('redirectTo') === true ? safeRedirectPath(formData.get('redirectTo')) : null
  // Not requireSession: it would bring the visitor back to this JSON URL after signing in.
  const current = await getCurrentSession(context)
  if (!current) throw redirect(`/auth?redirectTo=${encodeURIComponent(back ?? '/feed')}`)
  if (!formData) return json({ error: 'Requête invalide.' }, 400)

  const respond = respondTo(context, back)
  const userId = current.user.id
  try {
    const intent = formData.get('intent')
    if (intent === 'comment') {
      const outcome = await submitComment({ formData, postId: params.postId, userId, context })
      if (!outcome.ok)
        return await respond.failure(outcome.status, outcome.message, outcome.headers)
      const { comment, commentsCount } = outcome
      return await respond.success('Commentaire publié', { comment, commentsCount }, 201)
    }
    if (intent === 'delete-comment') {
      const submission = parseForm(formData, { schema: DeleteCommentSchema })
      if (submission.status !== 'success') {
        const message = Object.values(submission.error ?? {}).flat()[0] ?? 'Requête invalide.'
        return await respond.failure(404, message)
      }
      const { commentId } = submission.value
      const { commentsCount } = await deleteCommentOrThrow({
        commentId,
        userId,
        postId: params.postId,
      })
      notePublicChange(context)
      return await respond.success('Commentaire supprimé', { deleted: commentId, commentsCount })
    }
    return await respond.failure(400, 'Action inconnue.')
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof HttpError) return respond.failure(error.status, error.message)
    logger.error({ err: error, postId: params.postId }, 'comment action failed')
    return respond.failure(500, UNEXPECTED_ERROR_MESSAGE)
  }
}

/** The same caching for the fetchers' requests (/api/posts/…/comments.data). */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders
}

function json(
  body: CommentsResponse | CommentActionResponse,
  status = 200,
  extraHeaders: Record<string, string> = {},
): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...extraHeaders } })
}

/** JSON for a script; for a plain form, a toast and a redirect back to its page. */
function respondTo(context: Readonly<RouterContextProvider>, back: string | null) {
  return {
    async success(message: string, body: CommentActionResponse, status = 200) {
      if (!back) return json(body, status)
      await flashToast(context, { type: 'success', message })
      throw redirect(back)
    },
    /** `extraHeaders` go with a script's answer (a refusal's Retry-After). */
    async failure(status: number, message: string, extraHeaders?: Record<string, string>) {
      if (!back) return json({ error: message }, status, extraHeaders)
      await flashToast(context, { type: 'error', message: `Erreur: ${message}` })
      throw redirect(back)
    },
  }
}
