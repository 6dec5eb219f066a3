import { feedCommunity } from '~/features/feed/communities'
import { toFeedItem } from '~/features/feed/feed-item'
import {
  formatFeedCursor,
  listFeed,
  listFeedWithSession,
  parseFeedCursor,
} from '~/features/feed/feed.server'
import { normalizeSearchTerm } from '~/features/search/search-query.server'
import { getCurrentSession, readWithSession, resultFor } from '~/server/auth/session.server'
import type { Route } from './+types/feed'

/** The next page of the feed as JSON (one SQL query), for 'Voir plus' and infinite scroll. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const cursor = parseFeedCursor(url.searchParams.get('cursor'))
  const filters = {
    category: feedCommunity('category', url.searchParams.get('category')),
    sector: feedCommunity('sector', url.searchParams.get('sector')),
    q: normalizeSearchTerm(url.searchParams.get('q')) || null,
  }
  // A member's page and session in one statement (ADR 030), when the page allows it.
  const reading = await readWithSession(request, context, (token) =>
    listFeedWithSession({ cursor, filters, token }),
  )
  const viewerId = (await getCurrentSession(context))?.user.id ?? null
  const page = resultFor(reading, viewerId) ?? (await listFeed({ cursor, filters, viewerId }))
  return Response.json(
    {
      posts: page.posts.map(toFeedItem),
      nextCursor: page.nextCursor ? formatFeedCursor(page.nextCursor) : null,
    },
    {
      headers: {
        'Cache-Control': viewerId ? 'private, no-store' : 'public, max-age=10',
        // A visitor's page kept by a cache is not a member's, at the same address.
        Vary: 'Cookie',
      },
    },
  )
}
