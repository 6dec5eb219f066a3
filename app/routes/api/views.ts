import { createCookie } from 'react-router'
import { ViewsSchema } from '~/features/interactions/interaction.schema'
import { recordViews } from '~/features/interactions/interactions.server'
import { addResponseCookies, getCurrentSession } from '~/server/auth/session.server'
import { getEnv } from '~/server/env.server'
import type { Route } from './+types/views'

let viewerCookie: ReturnType<typeof createCookie> | undefined

/** A visitor's anonymous, random id: a view counts once per visitor, post and day. */
function anonymousViewerCookie() {
  viewerCookie ??= createCookie('tremplin.viewer', {
    path: '/api/views',
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(getEnv().PUBLIC_URL).protocol === 'https:',
    maxAge: 365 * 24 * 60 * 60,
    secrets: [getEnv().BETTER_AUTH_SECRET],
  })
  return viewerCookie
}

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
