import { and, desc, eq, sql } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import { categories, postCategories, postTypes, posts, profiles, sectors } from '~/server/db/schema'

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
  author: { id: string; firstName: string; lastName: string; avatar: string | null }
  type: { name: string; displayName: string }
  sector: { name: string; displayName: string; icon: string } | null
  categories: FeedCommunity[]
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

/**
 * One page of the feed, newest first, in a single SQL query that joins the author, type and
 * sector and aggregates the post's categories. Keyset pagination on (created_at, id).
 */
export async function listFeed({
  cursor = null,
  limit = FEED_PAGE_SIZE,
}: { cursor?: FeedCursor | null; limit?: number } = {}): Promise<FeedPage> {
  const postCategoryList = sql<FeedCommunity[]>`coalesce((
      select json_agg(json_build_object('name', ${categories.name}, 'displayName', ${categories.displayName}) order by ${categories.position})
      from ${postCategories} join ${categories} on ${categories.id} = ${postCategories.categoryId}
      where ${postCategories.postId} = ${posts.id}
    ), '[]'::json)`

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
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        avatar: profiles.avatar,
      },
      type: { name: postTypes.name, displayName: postTypes.displayName },
      sector: { name: sectors.name, displayName: sectors.displayName, icon: sectors.icon },
      categories: postCategoryList,
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
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit + 1)

  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    posts: page.map(({ cursorCreatedAt: _cursor, ...post }) => post),
    nextCursor:
      rows.length > limit && last ? { createdAt: last.cursorCreatedAt, id: last.id } : null,
  }
}
