import { and, eq, sql, type SQL } from 'drizzle-orm'
import { postMatchesSearch } from '~/features/search/search-query.server'
import { db } from '~/server/db/db.server'
import {
  categories,
  favoriteCommunities,
  postCategories,
  postTypes,
  postVotes,
  posts,
  profiles,
  savedPosts,
  sectors,
} from '~/server/db/schema'

export const FEED_PAGE_SIZE = 20

/** A position in the feed: the last post shown, as (created_at, id). */
export interface FeedCursor {
  createdAt: string
  id: string
}

export interface FeedCommunity {
  name: string
  displayName: string
}

export interface FeedFilters {
  /** Category slug; 'tous' or nothing means every category. */
  category?: string | null
  /** Sector slug; 'tous' or nothing means every sector. */
  sector?: string | null
  /** Full-text search over title and content. */
  q?: string | null
}

export interface FeedPost {
  id: string
  title: string
  content: string
  createdAt: Date
  imageUrl: string | null
  externalUrl: string | null
  eventDate: Date | null
  eventLocation: string | null
  price: number | null
  upvotes: number
  downvotes: number
  commentsCount: number
  viewsCount: number
  author: { id: string; userId: string; firstName: string; lastName: string; avatar: string | null }
  type: { name: string; displayName: string }
  sector: { name: string; displayName: string; icon: string } | null
  categories: FeedCommunity[]
  /** The viewer's vote on this post, if signed in and voted. */
  viewerVote: 'up' | 'down' | null
  /** Whether the signed-in viewer saved this post. */
  viewerSaved: boolean
}

export interface FeedPage {
  posts: FeedPost[]
  nextCursor: FeedCursor | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Reads a cursor from its URL form; anything malformed means "from the start". */
export function parseFeedCursor(value: string | null): FeedCursor | null {
  if (!value) return null
  const separator = value.lastIndexOf('_')
  const createdAt = value.slice(0, separator)
  const id = value.slice(separator + 1)
  if (separator < 1 || !UUID.test(id) || Number.isNaN(Date.parse(createdAt))) return null
  return { createdAt, id }
}

export function formatFeedCursor(cursor: FeedCursor): string {
  return `${cursor.createdAt}_${cursor.id}`
}

function isFilter(value: string | null | undefined): value is string {
  return Boolean(value) && value !== 'tous'
}

function filterConditions(filters: FeedFilters): SQL[] {
  const conditions: SQL[] = []
  if (isFilter(filters.category)) {
    conditions.push(sql`exists (
      select 1 from ${postCategories}
      join ${categories} on ${categories.id} = ${postCategories.categoryId}
      where ${postCategories.postId} = ${posts.id} and ${categories.name} = ${filters.category})`)
  }
  if (isFilter(filters.sector)) {
    conditions.push(
      sql`${posts.sectorId} = (select ${sectors.id} from ${sectors} where ${sectors.name} = ${filters.sector})`,
    )
  }
  if (filters.q) conditions.push(postMatchesSearch(filters.q))
  return conditions
}

/**
 * One page of the feed, newest first, in a single SQL query: the author, type, sector and
 * categories of each post, and the viewer's vote and saved state. Keyset pagination on
 * (created_at, id), so new posts never shift a page.
 */
export async function listFeed({
  cursor = null,
  limit = FEED_PAGE_SIZE,
  filters = {},
  viewerId = null,
}: {
  cursor?: FeedCursor | null
  limit?: number
  filters?: FeedFilters
  viewerId?: string | null
} = {}): Promise<FeedPage> {
  const postCategoryList = sql<FeedCommunity[]>`coalesce((
      select json_agg(json_build_object('name', ${categories.name}, 'displayName', ${categories.displayName}) order by (${categories.id} = ${posts.categoryId}) desc, ${categories.position})
      from ${postCategories} join ${categories} on ${categories.id} = ${postCategories.categoryId}
      where ${postCategories.postId} = ${posts.id}
    ), '[]'::json)`
  // The viewer's state as correlated lookups on the unique (post_id, user_id) indexes.
  const viewerVote = viewerId
    ? sql<
        'up' | 'down' | null
      >`(select ${postVotes.voteType} from ${postVotes} where ${postVotes.postId} = ${posts.id} and ${postVotes.userId} = ${viewerId})`
    : sql<null>`null`
  const viewerSaved = viewerId
    ? sql<boolean>`exists (select 1 from ${savedPosts} where ${savedPosts.postId} = ${posts.id} and ${savedPosts.userId} = ${viewerId})`
    : sql<boolean>`false`

  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      content: posts.content,
      createdAt: posts.createdAt,
      // Full microsecond precision, so that the cursor never skips or repeats a post.
      cursorCreatedAt: sql<string>`${posts.createdAt}::text`,
      imageUrl: posts.imageUrl,
      externalUrl: posts.externalUrl,
      eventDate: posts.eventDate,
      eventLocation: posts.eventLocation,
      price: posts.price,
      upvotes: posts.upvotes,
      downvotes: posts.downvotes,
      commentsCount: posts.commentsCount,
      viewsCount: posts.viewsCount,
      author: {
        id: profiles.id,
        userId: profiles.userId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        avatar: profiles.avatar,
      },
      type: { name: postTypes.name, displayName: postTypes.displayName },
      sector: { name: sectors.name, displayName: sectors.displayName, icon: sectors.icon },
      categories: postCategoryList,
      viewerVote,
      viewerSaved,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .innerJoin(postTypes, eq(postTypes.id, posts.typeId))
    .leftJoin(sectors, eq(sectors.id, posts.sectorId))
    .where(
      and(
        cursor
          ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
        ...filterConditions(filters),
      ),
    )
    // NULLS LAST, like the index (the columns are NOT NULL): a plain DESC would not use it.
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(limit + 1)

  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    posts: page.map(({ cursorCreatedAt: _cursor, ...post }) => ({
      ...post,
      viewerSaved: Boolean(post.viewerSaved),
    })),
    nextCursor:
      rows.length > limit && last ? { createdAt: last.cursorCreatedAt, id: last.id } : null,
  }
}

export interface Community {
  id: number
  name: string
  displayName: string
  icon?: string
  favorite: boolean
}

/**
 * The sidebar's two lists in display order, the viewer's favourites first ('tous' stays on
 * top), in one query.
 */
export async function listCommunities(viewerId: string | null): Promise<{
  categories: Community[]
  sectors: Community[]
}> {
  const favorite = (type: 'category' | 'sector', id: SQL) =>
    viewerId
      ? sql<boolean>`exists (select 1 from ${favoriteCommunities} where ${favoriteCommunities.userId} = ${viewerId} and ${favoriteCommunities.itemType} = ${type} and ${favoriteCommunities.itemId} = ${id})`
      : sql<boolean>`false`
  const rows = await db
    .select({
      kind: sql<'category' | 'sector'>`'category'`,
      id: categories.id,
      name: categories.name,
      displayName: categories.displayName,
      icon: sql<string | null>`null::text`,
      position: categories.position,
      favorite: favorite('category', sql`${categories.id}`),
    })
    .from(categories)
    .unionAll(
      db
        .select({
          kind: sql<'category' | 'sector'>`'sector'`,
          id: sectors.id,
          name: sectors.name,
          displayName: sectors.displayName,
          icon: sql<string | null>`${sectors.icon}`,
          position: sectors.position,
          favorite: favorite('sector', sql`${sectors.id}`),
        })
        .from(sectors),
    )
  const order = (list: typeof rows) =>
    list
      .toSorted((a, b) => {
        const rank = (row: (typeof rows)[number]) =>
          row.name === 'tous' ? 0 : row.favorite ? 1 : 2
        return rank(a) - rank(b) || a.position - b.position
      })
      .map(({ id, name, displayName, icon, favorite: isFavorite }) => ({
        id,
        name,
        displayName,
        ...(icon ? { icon } : {}),
        favorite: Boolean(isFavorite),
      }))
  return {
    categories: order(rows.filter((row) => row.kind === 'category')),
    sectors: order(rows.filter((row) => row.kind === 'sector')),
  }
}

/**
 * Stars or unstars a community for a member; returns whether it is now a favourite.
 * The unique (user_id, item_type, item_id) index makes concurrent stars harmless.
 */
export async function toggleFavoriteCommunity(input: {
  userId: string
  itemType: 'category' | 'sector'
  name: string
}): Promise<{ favorite: boolean; displayName: string } | null> {
  const table = input.itemType === 'category' ? categories : sectors
  const [community] = await db
    .select({ id: table.id, displayName: table.displayName })
    .from(table)
    .where(and(eq(table.name, input.name), sql`${table.name} <> 'tous'`))
  if (!community) return null
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(favoriteCommunities)
      .where(
        and(
          eq(favoriteCommunities.userId, input.userId),
          eq(favoriteCommunities.itemType, input.itemType),
          eq(favoriteCommunities.itemId, community.id),
        ),
      )
      .returning({ id: favoriteCommunities.id })
    if (removed.length > 0) return { favorite: false, displayName: community.displayName }
    await tx
      .insert(favoriteCommunities)
      .values({ userId: input.userId, itemType: input.itemType, itemId: community.id })
      .onConflictDoNothing()
    return { favorite: true, displayName: community.displayName }
  })
}
