import { toFeedItem } from '~/features/feed/feed-item'
import { readTab } from '~/features/profiles/profile-page.server'
import { PROFILE_NOT_FOUND_MESSAGE } from '~/features/profiles/profile.schema'
import { listProfilePosts, listSavedPosts, UUID_OR_ID } from '~/features/profiles/profiles.server'
import { getCurrentSession } from '~/server/auth/session.server'
import type { Route } from './+types/profile-posts'

/**
 * The next page of a profile's publications, or of the owner's saved posts, as JSON (one SQL
 * query). Saved posts are the owner's alone: anyone else asking for them gets 403.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  // An id that cannot be a member's names no one (and one with a NUL would fail the query).
  if (!UUID_OR_ID.test(params.userId)) {
    return Response.json({ error: PROFILE_NOT_FOUND_MESSAGE }, { status: 404 })
  }
  const url = new URL(request.url)
  const viewerId = (await getCurrentSession(context))?.user.id ?? null
  const isOwner = viewerId !== null && viewerId === params.userId
  if (url.searchParams.get('onglet') === 'sauvegardes' && !isOwner) {
    return Response.json({ error: 'Accès non autorisé' }, { status: 403 })
  }
  const cursor = url.searchParams.get('cursor')
  const page =
    readTab(url, isOwner) === 'sauvegardes'
      ? await listSavedPosts({ userId: params.userId, cursor })
      : await listProfilePosts({ userId: params.userId, viewerId, cursor })
  return Response.json(
    { posts: page.posts.map(toFeedItem), nextCursor: page.nextCursor },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}
