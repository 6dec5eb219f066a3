import { eq } from 'drizzle-orm'
import { createContext, type RouterContextProvider } from 'react-router'
import type { FavoriteCommunityIds } from '~/features/feed/feed.server'
import { favoritesOf, type MemberProfileRow } from '~/server/auth/session-sql.server'
import { getCurrentSession, getProfileReadWithSession } from '~/server/auth/session.server'
import { db } from '~/server/db/db.server'
import { profiles } from '~/server/db/schema'

/** What every page of a signed-in member shows of them: the header and starred communities. */
export interface Viewer {
  firstName: string
  lastName: string
  avatar: string | null
  favorites: FavoriteCommunityIds
}

function toViewer(row: MemberProfileRow): Viewer {
  const ids = (kind: 'category' | 'sector') =>
    row.favorites.filter(([type]) => type === kind).map(([, id]) => id)
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar,
    favorites: { category: ids('category'), sector: ids('sector') },
  }
}

/** A member's header details and starred communities in one query; null without a profile. */
export async function loadViewer(userId: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatar: profiles.avatar,
      // Favourites belong to a profile (foreign key): no profile, none to read.
      favorites: favoritesOf(userId),
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  return row ? toViewer(row) : null
}

// On the request's own context, gone with it: a module's WeakMap would keep it (ADR 037).
const viewerContext = createContext<Promise<Viewer | null> | null>(null)

/**
 * The signed-in member's Viewer, read once per request however many loaders ask (the root's
 * header and the feed's sidebar); null for a visitor.
 */
export function getViewer(context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  let viewer = context.get(viewerContext)
  if (!viewer) {
    viewer = getCurrentSession(context).then(async (current) => {
      if (!current) return null
      // Usually read with the session, in the same statement (ADR 020).
      const row = await getProfileReadWithSession(context)
      if (row !== undefined) return row && toViewer(row)
      return loadViewer(current.user.id)
    })
    context.set(viewerContext, viewer)
  }
  return viewer
}
