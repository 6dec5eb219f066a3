import { redirect } from 'react-router'
import { starCommunity } from '~/features/feed/star.server'
import { getCurrentSession } from '~/server/auth/session.server'
import { requestForm } from '~/server/errors.server'
import { retryAfterHeader } from '~/server/rate-limit.server'
import type { Route } from './+types/favorites'

/**
 * A community starred or unstarred by a script (the sidebar's star, ADR 051): the answer as
 * JSON, `{ message, type, favorite }`, so that the feed stays as it was scrolled and a failed
 * connection leaves the page in place. The plain form, before hydration, goes to the feed's
 * own action, which answers with a redirect and a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const current = await getCurrentSession(context)
  // Signed out meanwhile: the script sends to sign-in and back to its page.
  if (!current) throw redirect('/auth?redirectTo=%2Ffeed')
  const { status, retryAfterSeconds, ...answer } = await starCommunity(
    current.user.id,
    await requestForm(request, 'json'),
  )
  const headers = { 'Cache-Control': 'no-store', ...retryAfterHeader(retryAfterSeconds) }
  return Response.json(answer, { status, headers })
}
