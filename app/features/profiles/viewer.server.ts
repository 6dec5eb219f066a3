import { eq, sql } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import type { FavoriteCommunityIds } from '~/features/feed/feed.server'
import { getCurrentSession } from '~/server/auth/session.server'
import { db } from '~/server/db/db.server'
import { favoriteCommunities, profiles } from '~/server/db/schema'

/** What every page of a signed-in member shows of them: the header and starred communities. */
export interface Viewer {
  firstName: string
  lastName: string
  avatar: string | null
  favorites: FavoriteCommunityIds
}

/** A member's header details and starred communities in one query; null without a profile. */
export async function loadViewer(userId: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatar: profiles.avatar,
      // Favourites belong to a profile (foreign key): no profile, none to read.
      favorites: sql<Array<['category' | 'sector', number]>>`coalesce((
        select json_agg(json_build_array(${favoriteCommunities.itemType}, ${favoriteCommunities.itemId}))
        from ${favoriteCommunities} where ${favoriteCommunities.userId} = ${userId}
      ), '[]'::json)`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  if (!row) return null
  const ids = (kind: 'category' | 'sector') =>
    row.favorites.filter(([type]) => type === kind).map(([, id]) => id)
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar,
    favorites: { category: ids('category'), sector: ids('sector') },
  }
}

const viewers = new WeakMap<Readonly<RouterContextProvider>, Promise<Viewer | null>>()

/**
 * The signed-in member's Viewer, read once per request however many loaders ask (the root's
 * header and the feed's sidebar); null for a visitor.
 */
export function getViewer(context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  let viewer = viewers.get(context)
  if (!viewer) {
    viewer = getCurrentSession(context).then((current) =>
      current ? loadViewer(current.user.id) : null,
    )
    viewers.set(context, viewer)
  }
  return viewer
}
