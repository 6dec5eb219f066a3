import { redirect } from 'react-router'
import { SaveSchema, VoteSchema } from '~/features/interactions/interaction.schema'
import { castVote, setSaved } from '~/features/interactions/interactions.server'
import { isUuid } from '~/utils/uuid'
import { POST_DELETED_MESSAGE, POST_NOT_FOUND_MESSAGE } from '~/features/posts/post-messages'
import { deletePostOrThrow } from '~/features/posts/posts.server'
import { getCurrentSession, notePublicChange, safeRedirectPath } from '~/server/auth/session.server'
import { HttpError, requestForm } from '~/server/errors.server'
import {
  hitRateLimit,
  RATE_LIMITS,
  retryAfterHeader,
  tooManyAttemptsMessage,
  type RateLimitRule,
} from '~/server/rate-limit.server'
import { flashToast } from '~/server/toast.server'
import { parseForm } from '~/utils/parse-form'
import type { Route } from './+types/post-actions'

/** The page a plain form was sent from (its `redirectTo`), or the feed. */
async function formPage(request: Request): Promise<string> {
  // No size given: no body at the edge (server.ts refuses a chunked one), a built request here.
  const declared = request.headers.get('content-length')
  const small = declared === null || Number(declared) <= 16 * 1024
  const form = small ? await request.formData().catch(() => null) : null
  return form?.has('redirectTo') ? safeRedirectPath(form.get('redirectTo')) : '/feed'
}

/**
 * Votes, saves and deletion of a post (members only). A plain form (with `redirectTo`) ends
 * with a redirect back, a refusal's message flashed; a script's fetch gets the new state, or
 * the refusal, as JSON.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const current = await getCurrentSession(context)
  // Signed out meanwhile (ended from another device, say): to sign in, then back to the page
  // the form was on rather than to this address, which has no page. Only a small form is read
  // for it: a visitor's body is not worth more.
  if (!current) throw redirect(`/auth?redirectTo=${encodeURIComponent(await formPage(request))}`)
  const formData = await requestForm(request, 'json')
  const intent = formData.get('intent')
  const back = formData.has('redirectTo') ? safeRedirectPath(formData.get('redirectTo')) : null
  const refuse = async (status: number, message: string, retryAfterSeconds?: number) => {
    if (!back) {
      return Response.json(
        { error: message },
        { status, headers: retryAfterHeader(retryAfterSeconds) },
      )
    }
    await flashToast(context, { type: 'error', message })
    return redirect(back)
  }
  // The refusal once the member is past `rule` for `key`; null while within it.
  const limited = async (key: string, rule: RateLimitRule) => {
    const limit = await hitRateLimit(key, rule)
    if (limit.allowed) return null
    const { retryAfterSeconds } = limit
    return refuse(429, tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds)
  }
  if (!isUuid(params.postId)) return refuse(404, POST_NOT_FOUND_MESSAGE)
  const postId = params.postId
  const userId = current.user.id
  try {
    if (intent === 'vote') {
      const submission = parseForm(formData, { schema: VoteSchema })
      if (submission.status !== 'success') return refuse(400, 'Vote invalide.')
      const refusal = await limited(`vote:${userId}`, RATE_LIMITS.votePerMember)
      if (refusal) return refusal
      const { type, shown } = submission.value
      const result = await castVote({ userId, postId, type, shown })
      notePublicChange(context)
      return back ? redirect(back) : Response.json(result)
    }
    if (intent === 'save') {
      const submission = parseForm(formData, { schema: SaveSchema })
      if (submission.status !== 'success') return refuse(400, 'Requête invalide.')
      const refusal = await limited(`save:${userId}`, RATE_LIMITS.savePerMember)
      if (refusal) return refusal
      const result = await setSaved({ userId, postId, saved: submission.value.saved })
      return back ? redirect(back) : Response.json(result)
    }
    if (intent === 'delete') {
      // A post already gone (deleted from another tab, say) is as the member asked: deleted.
      const deleted = await deletePostOrThrow({ postId, userId }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof HttpError && error.status === 404) return false
          throw error
        },
      )
      if (deleted) notePublicChange(context, { listing: true })
      // A script hides the card and says so itself; a plain form comes back with a toast.
      if (!back) return Response.json({ deleted: postId })
      await flashToast(context, { type: 'success', message: POST_DELETED_MESSAGE })
      return redirect(back)
    }
  } catch (error) {
    if (error instanceof HttpError) return refuse(error.status, error.message)
    throw error
  }
  return refuse(400, 'Action inconnue.')
}
