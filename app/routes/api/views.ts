import { ViewsSchema } from '~/features/interactions/interaction.schema'
import { recordViews } from '~/features/interactions/interactions.server'
import { addResponseCookies, getCurrentSession } from '~/server/auth/session.server'
import { appCookie } from '~/server/app-cookie.server'
import type { Route } from './+types/views'

/** A visitor's anonymous, random id: a view counts once per visitor, post and day. */
const anonymousViewerCookie = appCookie('tremplin.viewer', {
  path: '/api/views',
  maxAge: 365 * 24 * 60 * 60,
  signed: true,
})

/** Records a batch of card views (at most 50 posts) in one SQL statement. */
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
    const anonymousId = typeof existing === 'string' ? existing : crypto.randomUUID()
    if (anonymousId !== existing)
      addResponseCookies(context, [await cookies.serialize(anonymousId)])
    viewer = { anonymousId }
  }
  await recordViews({ viewer, postIds: parsed.data.postIds })
  return new Response(null, { status: 204 })
}
