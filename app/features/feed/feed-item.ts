import type { FeedPost } from './feed.server'

/** A feed post as the browser receives it (dates as ISO strings). */
export type FeedItem = Omit<FeedPost, 'createdAt' | 'eventDate'> & {
  createdAt: string
  eventDate: string | null
}

export function toFeedItem(post: FeedPost): FeedItem {
  return {
    ...post,
    createdAt: post.createdAt.toISOString(),
    eventDate: post.eventDate?.toISOString() ?? null,
  }
}

/** The name shown for an author: the full name, or 'Utilisateur' when it is empty. */
export function authorName(author: { firstName: string; lastName: string }): string {
  return `${author.firstName} ${author.lastName}`.trim() || 'Utilisateur'
}

/** The community a post is shown under: its first category, else its sector, else 'Général'. */
export function communityLabel(post: Pick<FeedItem, 'categories' | 'sector'>): string {
  return post.categories[0]?.displayName ?? post.sector?.displayName ?? 'Général'
}

/**
 * The feed URL for a set of filters: empty values are left out, and the community 'tous' (every
 * one), but not a search for the word « tous ».
 */
export function feedUrl(
  filters: { category?: string | null; sector?: string | null; q?: string | null },
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams()
  const { category, sector, q } = filters
  const communities = { category, sector }
  for (const [key, value] of Object.entries({ ...communities, q, ...extra })) {
    if (!value || (key in communities && value === 'tous')) continue
    params.set(key, value)
  }
  const query = params.toString()
  return query ? `/feed?${query}` : '/feed'
}
