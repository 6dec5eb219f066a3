import { ViewsSchema } from '~/features/interactions/interaction.schema'
import { recordViews } from '~/features/interactions/interactions.server'
import { addResponseCookies, getCurrentSession } from '~/server/auth/session.server'
import { clientAddressForLimits } from '~/server/auth/client-ip.server'
import { appCookie } from '~/server/app-cookie.server'
import { logger } from '~/server/logger.server'
import { hitRateLimit, RATE_LIMITS } from '~/server/rate-limit.server'
import type { Route } from './+types/views'

/** A visitor's anonymous, random id: a view counts once per visitor, post and day. */
const anonymousViewerCookie = appCookie('tremplin.viewer', {
  path: '/api/views',
  maxAge: 365 * 24 * 60 * 60,
  signed: true,
})

/**
 * Records a batch of card views (at most 50 posts) in one SQL statement. A visitor without the
 * viewer cookie starts counting only within `newViewerPerIp`; past it the views are not counted
 * (and only logged, as a failed count is, spec §8).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await request.json().catch(() => null)
  const parsed = ViewsSchema.safeParse(body)
  if (!parsed.success) return Response.json({ error: 'Requête invalide.' }, { status: 400 })
  const current = await getCurrentSession(context)
  let viewer: { userId: string } | { anonymousId: string }
  if (current) {
    viewer = { userId: current.user.id }
  } else {
    const cookies = anonymousViewerCookie()
    const existing: unknown = await cookies.parse(request.headers.get('cookie'))
    let anonymousId = typeof existing === 'string' ? existing : null
    if (anonymousId === null) {
      const limit = await hitRateLimit(
        `new-viewer:ip:${clientAddressForLimits(request)}`,
        RATE_LIMITS.newViewerPerIp,
      )
      if (!limit.allowed) {
        // Without the address: the limits' addresses are kept a day at most (privacy policy).
        logger.warn('views not counted: too many new viewers from one address')
        return new Response(null, { status: 204 })
      }
      anonymousId = crypto.randomUUID()
      addResponseCookies(context, [await cookies.serialize(anonymousId)])
    }
    viewer = { anonymousId }
  }
  try {
    await recordViews({ viewer, postIds: parsed.data.postIds })
  } catch (error) {
    // A view is not worth an error in the reader's browser (a member deleted meanwhile, say).
    logger.error({ err: error }, 'views not counted')
  }
  return new Response(null, { status: 204 })
}
