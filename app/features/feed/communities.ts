import { CATEGORIES, SECTORS } from '~/server/db/seed/reference-data'

/** A category or sector as the sidebar lists it. */
/** A category's or sector's name as it appears in URLs and forms. */
export const COMMUNITY_NAME = /^[a-z0-9-]{1,40}$/

export interface Community {
  name: string
  displayName: string
  icon?: string
  favorite: boolean
}

export type CommunityKind = 'category' | 'sector'

/** The names of the communities a member starred, by kind. */
export interface StarredCommunities {
  category: readonly string[]
  sector: readonly string[]
}

const REFERENCE: Record<
  CommunityKind,
  readonly { name: string; displayName: string; icon?: string }[]
> = { category: CATEGORIES, sector: SECTORS }

/**
 * The sidebar's categories and sectors: the fixed lists the seed writes at every start (spec
 * §3), 'tous' first, then the member's favourites, then the rest, each in display order. Built
 * from the same constants on the server and in the browser, so a page's hydration data carries
 * only the stars (ADR 024).
 */
export function listCommunities(starred: StarredCommunities | null): {
  categories: Community[]
  sectors: Community[]
} {
  const list = (kind: CommunityKind): Community[] => {
    const favorites = new Set(starred?.[kind])
    const items = REFERENCE[kind].map((item) => ({
      ...item,
      favorite: favorites.has(item.name),
    }))
    const rank = (item: Community) => (item.name === 'tous' ? 0 : item.favorite ? 1 : 2)
    // Array sort is stable: equal ranks keep the display order.
    return items.toSorted((a, b) => rank(a) - rank(b))
  }
  return { categories: list('category'), sectors: list('sector') }
}

/**
 * The community a feed's address filters by: a known one, else none (« Tous », or a stale or
 * mistyped link: the whole feed rather than an empty one with no filter to take off).
 */
export function feedCommunity(kind: CommunityKind, value: string | null): string | null {
  return value !== 'tous' && communityDisplayName(kind, value) !== null ? value : null
}

/** A community's name as shown ('marketing' → 'Marketing & Communication'), null if unknown. */
export function communityDisplayName(kind: CommunityKind, name: string | null): string | null {
  return REFERENCE[kind].find((item) => item.name === name)?.displayName ?? null
}
