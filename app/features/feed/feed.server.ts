import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import type { LinkPreview } from '~/features/link-preview/link-preview'
import { isLinkPreviewFresh } from '~/features/link-preview/link-preview.server'
import { postPath } from '~/features/posts/post-url'
import { readableRouteParts } from '~/features/posts/post-url.server'
import { findNewestMatchingPosts } from '~/features/search/search-query.server'
import type { DatabaseHandle } from '~/server/db/client.server'
import { db, getDatabase } from '~/server/db/db.server'
import { refuseIfMemberGone } from '~/server/db/errors.server'
import type { ReadWithSession } from '~/server/auth/session.server'
import { perDatabaseAndViewer, perDatabaseWithSession } from '~/server/db/prepared.server'
import {
  categories,
  favoriteCommunities,
  linkPreviews,
  postCategories,
  postSectors,
  postTypes,
  postVotes,
  posts,
  profiles,
  savedPosts,
  sectors,
} from '~/server/db/schema'
import type { CommunityKind, StarredCommunities } from './communities'

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
  /** Only the posts of this member (auth user id), read from posts_author_feed_idx in order. */
  authorUserId?: string | null
}

export interface FeedPost {
  id: string
  title: string
  content: string
  createdAt: Date
  imageUrl: string | null
  /** What the image shows, in its author's words; none for a decorative one (ADR 064). */
  imageAlt: string | null
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
  tags: string[]
  /**
   * The external link's cached preview: null when it has none, undefined when it was never
   * fetched or its answer is stale (the card then asks /api/link-preview, which fetches it).
   */
  linkPreview?: LinkPreview | null
  /** The post's shortest readable route, or /post/{id}. */
  url: string
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

// A timestamp as PostgreSQL writes `created_at::text` (or in ISO 8601 form): the cursor is
// compared in SQL, so it must be one PostgreSQL reads. Date.parse accepts far more ('+010000-…',
// '2026-02-30', 'March 7'), which PostgreSQL refuses with an error: a 500 for a crafted URL.
const CURSOR_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/

function isCursorTime(value: string): boolean {
  const match = CURSOR_TIME.exec(value)
  if (!match) return false
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => Number(part ?? 0))
  const date = new Date(Date.UTC(year!, month! - 1, day!))
  return (
    year! >= 1 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours! < 16 &&
    offsetMinutes! < 60
  )
}

/** Reads a cursor from its URL form; anything malformed means "from the start". */
export function parseFeedCursor(value: string | null): FeedCursor | null {
  if (!value) return null
  const separator = value.lastIndexOf('_')
  const createdAt = value.slice(0, separator)
  const id = value.slice(separator + 1)
  if (separator < 1 || !UUID.test(id) || !isCursorTime(createdAt)) return null
  return { createdAt, id }
}

export function formatFeedCursor(cursor: FeedCursor): string {
  return `${cursor.createdAt}_${cursor.id}`
}

function isFilter(value: string | null | undefined): value is string {
  return Boolean(value) && value !== 'tous'
}

/** The profile of the member `userId` (one per account), as a sub-query. */
function profileIdOf(userId: string | Placeholder): SQL {
  return sql`(select ${profiles.id} from ${profiles} where ${profiles.userId} = ${userId})`
}

/** The author conditions of a page (the search and community filters are joins). */
function authorConditions(filters: FeedFilters): SQL[] {
  return filters.authorUserId ? [eq(posts.authorId, profileIdOf(filters.authorUserId))] : []
}

/**
 * The columns of a post card and the joins they need, with the viewer's vote and saved state
 * as correlated lookups; callers add their where, order and limit. One SQL query in all.
 */
export function selectPostCards<Extra extends Record<string, SQL | AnyPgColumn> = {}>(
  /**
   * The member whose vote and saved state the cards show: a placeholder when prepared, or a
   * session token's member (ADR 030).
   */
  viewerId: string | Placeholder | SQL | null,
  /** More columns for the caller (a cursor from a joined table, say). */
  extra: Extra = {} as Extra,
) {
  // Ids only: the reference tables' names are read once per process (readReferenceData), where
  // joining them and building their JSON cost PostgreSQL a third of the statement (ADR 036).
  const postCategoryIds = sql<
    number[]
  >`array(select ${postCategories.categoryId} from ${postCategories} where ${postCategories.postId} = ${posts.id})`
  // The viewer's state as correlated lookups on the unique (post_id, user_id) indexes.
  const viewerVote = viewerId
    ? sql<
        'up' | 'down' | null
      >`(select ${postVotes.voteType} from ${postVotes} where ${postVotes.postId} = ${posts.id} and ${postVotes.userId} = ${viewerId})`
    : sql<null>`null`
  const viewerSaved = viewerId
    ? sql<boolean>`exists (select 1 from ${savedPosts} where ${savedPosts.postId} = ${posts.id} and ${savedPosts.userId} = ${viewerId})`
    : sql<boolean>`false`

  return db
    .select({
      id: posts.id,
      title: posts.title,
      content: posts.content,
      createdAt: posts.createdAt,
      // Full microsecond precision, so that the cursor never skips or repeats a post.
      cursorCreatedAt: sql<string>`${posts.createdAt}::text`,
      imageUrl: posts.imageUrl,
      imageAlt: posts.imageAlt,
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
      typeId: posts.typeId,
      sectorId: posts.sectorId,
      categoryId: posts.categoryId,
      categoryIds: postCategoryIds,
      tags: posts.tags,
      route: readableRouteParts,
      preview: {
        url: linkPreviews.url,
        ok: linkPreviews.ok,
        title: linkPreviews.title,
        description: linkPreviews.description,
        image: linkPreviews.imageUrl,
        siteName: linkPreviews.siteName,
        fetchedAt: linkPreviews.fetchedAt,
      },
      viewerVote,
      viewerSaved,
      ...extra,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .leftJoin(linkPreviews, eq(linkPreviews.url, posts.externalUrl))
    .$dynamic()
}

/** The join of a post to its link row for the community named `name` (category or sector). */
function linkToCommunity(
  linkPostId: AnyPgColumn,
  linkCommunityId: AnyPgColumn,
  community: typeof categories | typeof sectors,
  name: string | Placeholder,
): SQL | undefined {
  return and(
    eq(linkPostId, posts.id),
    eq(
      linkCommunityId,
      sql`(select ${community.id} from ${community} where ${community.name} = ${name})`,
    ),
  )
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
  const category = isFilter(filters.category) ? filters.category : null
  const sector = isFilter(filters.sector) ? filters.sector : null
  if (filters.q)
    return searchFeed({ cursor, limit, viewerId, q: filters.q, category, sector, filters })
  const prepared =
    limit !== FEED_PAGE_SIZE
      ? null
      : preparedPageStatement(viewerId, { category, sector, authorUserId: filters.authorUserId })
  if (prepared) {
    const before = cursor ?? TOP_OF_FEED
    const rows = await prepared.execute({
      viewerId,
      community: category ?? sector,
      authorUserId: filters.authorUserId,
      beforeCreatedAt: before.createdAt,
      beforeId: before.id,
    })
    return toFeedPage(rows, limit)
  }
  let query = selectPostCards(viewerId)
  // The page's order: the posts' own (created_at, id), or, for a community, the same values
  // copied on its link rows, so that the link table's index gives the page in order and a
  // small community costs no more than a large one (ADR 013).
  let order: [AnyPgColumn, AnyPgColumn] = [posts.createdAt, posts.id]
  if (category) {
    query = query.innerJoin(
      postCategories,
      linkToCommunity(postCategories.postId, postCategories.categoryId, categories, category),
    )
    order = [postCategories.createdAt, postCategories.postId]
  }
  if (sector) {
    query = query.innerJoin(
      postSectors,
      linkToCommunity(postSectors.postId, postSectors.sectorId, sectors, sector),
    )
    if (!category) order = [postSectors.createdAt, postSectors.postId]
  }
  const [orderCreatedAt, orderId] = order
  const rows = await query
    .where(
      and(
        cursor
          ? sql`(${orderCreatedAt}, ${orderId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
        ...authorConditions(filters),
      ),
    )
    // NULLS LAST, like the indexes (the columns are NOT NULL): a plain DESC would not use them.
    .orderBy(sql`${orderCreatedAt} desc nulls last`, sql`${orderId} desc nulls last`)
    .limit(limit + 1)
  return toFeedPage(rows, limit)
}

/** The prepared statement of a page of 20 with these filters, if there is one. */
function preparedPageStatement(
  viewerId: string | null,
  filters: { category: string | null; sector: string | null; authorUserId?: string | null },
) {
  const { category, sector, authorUserId } = filters
  if (category && sector) return null
  if (authorUserId) return category || sector ? null : authorPageStatement(viewerId)
  if (category) return categoryPageStatement(viewerId)
  if (sector) return sectorPageStatement(viewerId)
  return feedPageStatement(viewerId)
}

/** The cursor of the first page: after the newest post there can be. */
export const TOP_OF_FEED: FeedCursor = {
  createdAt: 'infinity',
  id: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
}

/** Keyset condition: strictly after the cursor in the order below. */
export function beforeCursor(createdAt: AnyPgColumn, id: AnyPgColumn): SQL {
  return sql`(${createdAt}, ${id}) < (${sql.placeholder('beforeCreatedAt')}::timestamptz, ${sql.placeholder('beforeId')}::uuid)`
}

/** Newest first, NULLS LAST like the indexes, one row more than a page shows. */
export function newestFirst(createdAt: AnyPgColumn, id: AnyPgColumn): [SQL, SQL] {
  return [
    sql`${createdAt} desc nulls last`,
    sql`${id} desc nulls last limit ${sql.raw(String(FEED_PAGE_SIZE + 1))}`,
  ]
}

/**
 * The pages most asked for (the whole feed, one category, one sector, a member's posts) as
 * named prepared statements (ADR 019, ADR 041): built once per database handle instead of per
 * request, parsed once per connection and planned once, where each of these statements
 * otherwise costs PostgreSQL 1–2.5 ms of planning, as much as running it. The LIMIT is written
 * into the text, so that the reused (generic) plan knows the page is small and walks the feed
 * index like the per-request plan does; a community is found by name in a sub-query either way.
 */
function feedPageQuery<Extra extends Record<string, SQL | AnyPgColumn>>(
  viewer: Placeholder | SQL | null,
  extra: Extra,
) {
  return selectPostCards(viewer, extra)
    .where(beforeCursor(posts.createdAt, posts.id))
    .orderBy(...newestFirst(posts.createdAt, posts.id))
}

/** The page of one community's feed, in the order of its link rows (ADR 013). */
function communityPageQuery(
  link: typeof postCategories | typeof postSectors,
  linkCommunityId: AnyPgColumn,
  community: typeof categories | typeof sectors,
) {
  return <Extra extends Record<string, SQL | AnyPgColumn>>(
    viewer: Placeholder | SQL | null,
    extra: Extra,
  ) =>
    selectPostCards(viewer, extra)
      .innerJoin(
        link,
        linkToCommunity(link.postId, linkCommunityId, community, sql.placeholder('community')),
      )
      .where(beforeCursor(link.createdAt, link.postId))
      .orderBy(...newestFirst(link.createdAt, link.postId))
}

/**
 * A member's posts, the page of their profile (spec §7), found by the member's user id. The
 * page's ids come first, from posts_author_feed_idx in order with their own LIMIT: a plan made
 * without knowing the member (the reused one, or any plan of the profile's sub-query) counts on
 * a handful of posts and, left to join and sort them all, read every post of a prolific member
 * (5,797 for the first generated one, 26 ms at 1 M). Bounded here, it reads 21 rows for anyone
 * (ADR 041).
 */
function authorPageQuery(viewer: Placeholder | SQL | null) {
  const authored = alias(posts, 'authored')
  const page = db
    .select({ id: authored.id })
    .from(authored)
    .where(
      and(
        eq(authored.authorId, profileIdOf(sql.placeholder('authorUserId'))),
        beforeCursor(authored.createdAt, authored.id),
      ),
    )
    .orderBy(...newestFirst(authored.createdAt, authored.id))
  return selectPostCards(viewer)
    .where(inArray(posts.id, page))
    .orderBy(...newestFirst(posts.createdAt, posts.id))
}

const categoryPageQuery = communityPageQuery(postCategories, postCategories.categoryId, categories)
const sectorPageQuery = communityPageQuery(postSectors, postSectors.sectorId, sectors)

const feedPageStatement = perDatabaseAndViewer('feed_page', (viewer) => feedPageQuery(viewer, {}))
const categoryPageStatement = perDatabaseAndViewer('feed_category_page', (viewer) =>
  categoryPageQuery(viewer, {}),
)
const sectorPageStatement = perDatabaseAndViewer('feed_sector_page', (viewer) =>
  sectorPageQuery(viewer, {}),
)
const authorPageStatement = perDatabaseAndViewer('feed_author_page', authorPageQuery)

// The same pages for the member of a session token, with that member's session read on each
// row (ADR 030): a signed-in page's one statement.
const feedPageWithSession = perDatabaseWithSession('feed_page', feedPageQuery)
const categoryPageWithSession = perDatabaseWithSession('feed_category_page', categoryPageQuery)
const sectorPageWithSession = perDatabaseWithSession('feed_sector_page', sectorPageQuery)

/**
 * A signed-in member's feed page and their session in one statement (ADR 030): the page
 * listFeed gives for the member of the session `token`, with the session's read
 * (sessionMemberJson) on its rows, for readWithSession. Undefined for the pages it does not
 * cover (a search, both filters at once), which listFeed reads once the session is known.
 */
export function listFeedWithSession({
  cursor = null,
  filters = {},
  token,
}: {
  cursor?: FeedCursor | null
  filters?: Pick<FeedFilters, 'category' | 'sector' | 'q'>
  token: string
}): Promise<ReadWithSession<FeedPage>> | undefined {
  const category = isFilter(filters.category) ? filters.category : null
  const sector = isFilter(filters.sector) ? filters.sector : null
  if (filters.q || (category && sector)) return undefined
  const statement = category
    ? categoryPageWithSession()
    : sector
      ? sectorPageWithSession()
      : feedPageWithSession()
  const before = cursor ?? TOP_OF_FEED
  return statement
    .execute({
      token,
      community: category ?? sector,
      beforeCreatedAt: before.createdAt,
      beforeId: before.id,
    })
    .then(async (rows) => ({
      result: await toFeedPage(rows, FEED_PAGE_SIZE),
      // An empty page shows no one's state; it is the same page for anyone.
      viewerId: rows.length === 0 ? undefined : rows[0]!.viewerId,
      memberJson: rows.length === 0 ? undefined : rows[0]!.member,
    }))
}

async function toFeedPage(rows: PostCardRow[], limit: number): Promise<FeedPage> {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const reference = await referenceDataFor(page)
  return {
    posts: page.map((row) => toFeedPost(row, reference)),
    nextCursor:
      rows.length > limit && last ? { createdAt: last.cursorCreatedAt, id: last.id } : null,
  }
}

/** Whether the post (alias "posts") is linked to the community named `name`. */
function inCommunity(
  link: typeof postCategories | typeof postSectors,
  linkCommunityId: AnyPgColumn,
  community: typeof categories | typeof sectors,
  name: string,
): SQL {
  return sql`exists (select 1 from ${link} where ${link.postId} = ${posts.id} and ${linkCommunityId} = (select ${community.id} from ${community} where ${community.name} = ${name}))`
}

/**
 * A page of search results: the matching posts' ids first, newest first, from a bounded window
 * or the full-text index (findNewestMatchingPosts), then their cards in one query.
 */
async function searchFeed(input: {
  cursor: FeedCursor | null
  limit: number
  viewerId: string | null
  q: string
  category: string | null
  sector: string | null
  filters: FeedFilters
}): Promise<FeedPage> {
  const conditions = authorConditions(input.filters)
  if (input.category) {
    conditions.push(
      inCommunity(postCategories, postCategories.categoryId, categories, input.category),
    )
  }
  if (input.sector) {
    conditions.push(inCommunity(postSectors, postSectors.sectorId, sectors, input.sector))
  }
  const matches = await findNewestMatchingPosts({
    term: input.q,
    limit: input.limit + 1,
    cursor: input.cursor,
    conditions,
  })
  if (matches.length === 0) return { posts: [], nextCursor: null }
  const shown = matches.slice(0, input.limit)
  const rows = await searchCardsStatement(input.viewerId).execute({
    viewerId: input.viewerId,
    ids: shown.map((match) => match.id).join(','),
  })
  const { posts: found } = await toFeedPage(rows, input.limit)
  // Whether more match, from the matches: a post deleted between the two statements leaves a
  // shorter page, not the end of the results.
  const last = shown.at(-1)!
  return {
    posts: found,
    nextCursor: matches.length > input.limit ? { createdAt: last.createdAt, id: last.id } : null,
  }
}

/**
 * A search page's cards by the ids of its matches, a named prepared statement (ADR 039): the
 * ids come as one text, so that one statement serves every page, where a parameter per id
 * made a new statement for each count, planned on each request (about 1 ms of PostgreSQL's
 * time per search at 1 M).
 */
const searchCardsStatement = perDatabaseAndViewer('search_cards', (viewer) =>
  selectPostCards(viewer)
    .where(sql`${posts.id} = any(string_to_array(${sql.placeholder('ids')}, ',')::uuid[])`)
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`),
)

type PostCardRow = Awaited<ReturnType<typeof selectPostCards<{}>>>[number]

/**
 * A card row as services return it: its URL built, the cursor column dropped. Its fields are
 * named one by one: an object made so costs a small part of one made by spreading the row
 * (ADR 029).
 */
export function toFeedPost(row: PostCardRow, reference: ReferenceData): FeedPost {
  const post: FeedPost = {
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    externalUrl: row.externalUrl,
    eventDate: row.eventDate,
    eventLocation: row.eventLocation,
    price: row.price,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    commentsCount: row.commentsCount,
    viewsCount: row.viewsCount,
    author: row.author,
    type: reference.type.get(row.typeId) ?? unknownType(row.typeId),
    sector: row.sectorId === null ? null : (reference.sector.get(row.sectorId) ?? null),
    categories: communitiesOf(row.categoryIds, row.categoryId, reference.category),
    tags: row.tags,
    viewerVote: row.viewerVote,
    viewerSaved: Boolean(row.viewerSaved),
    url: postPath(row.route),
  }
  // A preview row exists once the link was fetched; it is shown only when it has text.
  const { preview } = row
  if (preview && isLinkPreviewFresh(preview)) {
    post.linkPreview =
      preview.ok && (preview.title || preview.description)
        ? {
            url: preview.url,
            title: preview.title,
            description: preview.description,
            image: preview.image,
            siteName: preview.siteName,
          }
        : null
  }
  return post
}

/** The communities a member starred, by kind (read with the viewer: see getViewer). */
export interface FavoriteCommunityIds {
  category: readonly number[]
  sector: readonly number[]
}

/** A category or sector in a list of a post's communities, which lists the main one first. */
interface ListedCommunity {
  id: number
  community: FeedCommunity
  position: number
}

/**
 * The reference tables by id, as cards show them: post types, a card's sector, and categories
 * and sectors as lists show them (the main one first, then the others in their order).
 */
export interface ReferenceData {
  type: ReadonlyMap<number, FeedPost['type']>
  sector: ReadonlyMap<number, NonNullable<FeedPost['sector']>>
  category: ReadonlyMap<number, ListedCommunity>
  listedSector: ReadonlyMap<number, ListedCommunity>
}

function listedCommunities(
  rows: { id: number; name: string; displayName: string; position: number }[],
): ReadonlyMap<number, ListedCommunity> {
  return new Map(
    rows.map(({ id, name, displayName, position }) => [
      id,
      Object.freeze({ id, community: Object.freeze({ name, displayName }), position }),
    ]),
  )
}

// Categories, sectors and post types are reference data that only the seed writes, at start-up
// (reference-data.server.ts): they are read once per database and process rather than joined
// into every card (ADR 036). Their objects are shared by every card, hence frozen.
const referenceData = new WeakMap<DatabaseHandle, Promise<ReferenceData>>()

export function readReferenceData(): Promise<ReferenceData> {
  const handle = getDatabase()
  const cached = referenceData.get(handle)
  if (cached) return cached
  const read = Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        displayName: categories.displayName,
        position: categories.position,
      })
      .from(categories),
    db
      .select({
        id: sectors.id,
        name: sectors.name,
        displayName: sectors.displayName,
        icon: sectors.icon,
        position: sectors.position,
      })
      .from(sectors),
    db
      .select({ id: postTypes.id, name: postTypes.name, displayName: postTypes.displayName })
      .from(postTypes),
  ]).then(([categoryRows, sectorRows, typeRows]) => ({
    category: listedCommunities(categoryRows),
    sector: new Map(
      sectorRows.map(({ id, name, displayName, icon }) => [
        id,
        Object.freeze({ name, displayName, icon }),
      ]),
    ),
    listedSector: listedCommunities(sectorRows),
    type: new Map(typeRows.map(({ id, ...type }) => [id, Object.freeze(type)])),
  }))
  referenceData.set(handle, read)
  // A failed read is tried again by the next page.
  read.catch(() => referenceData.delete(handle))
  return read
}

/**
 * The reference data that names every row's type, sector and categories (and sectors, for a
 * post page): read again once if a row names one this process has not seen (a newer build's
 * seed added it while this one ran).
 */
export async function referenceDataFor(
  rows: readonly (Pick<PostCardRow, 'typeId' | 'sectorId' | 'categoryIds'> & {
    sectorIds?: readonly number[]
  })[],
): Promise<ReferenceData> {
  const data = await readReferenceData()
  const namesAll = rows.every(
    (row) =>
      data.type.has(row.typeId) &&
      (row.sectorId === null || data.sector.has(row.sectorId)) &&
      row.categoryIds.every((id) => data.category.has(id)) &&
      (row.sectorIds ?? []).every((id) => data.listedSector.has(id)),
  )
  if (namesAll) return data
  referenceData.delete(getDatabase())
  return readReferenceData()
}

/** A post's type that even a fresh read does not know: its foreign key makes it impossible. */
function unknownType(id: number): never {
  throw new Error(`Type de publication inconnu : ${id}.`)
}

/** A post's categories or sectors: the main one first, then the others in their order. */
export function communitiesOf(
  ids: readonly number[],
  mainId: number | null,
  listed: ReadonlyMap<number, ListedCommunity>,
): FeedCommunity[] {
  const entries = ids.flatMap((id) => listed.get(id) ?? [])
  if (entries.length > 1) {
    entries.sort(
      (a, b) => Number(b.id === mainId) - Number(a.id === mainId) || a.position - b.position,
    )
  }
  return entries.map((entry) => entry.community)
}

/**
 * The names of the communities a member starred: the stars are stored by id, the sidebar is
 * built from the names (listCommunities, communities.ts). No query once the ids are known: the
 * favourites come with the viewer.
 */
export async function listStarredCommunities(
  favorites: FavoriteCommunityIds | null,
): Promise<StarredCommunities> {
  if (!favorites || (favorites.category.length === 0 && favorites.sector.length === 0)) {
    return { category: [], sector: [] }
  }
  const reference = await readReferenceData()
  const starred = (kind: CommunityKind) =>
    favorites[kind].flatMap((id) => {
      const listed = kind === 'category' ? reference.category : reference.listedSector
      return listed.get(id)?.community.name ?? []
    })
  return { category: starred('category'), sector: starred('sector') }
}

/**
 * Stars or unstars a community for a member, as asked (asking twice changes nothing); returns
 * the state it is now in. The unique (user_id, item_type, item_id) index makes concurrent stars
 * harmless; a member deleted since their session was read is refused (401).
 */
export async function setFavoriteCommunity(input: {
  userId: string
  itemType: 'category' | 'sector'
  name: string
  favorite: boolean
}): Promise<{ favorite: boolean; displayName: string } | null> {
  const table = input.itemType === 'category' ? categories : sectors
  const [community] = await db
    .select({ id: table.id, displayName: table.displayName })
    .from(table)
    .where(and(eq(table.name, input.name), sql`${table.name} <> 'tous'`))
  if (!community) return null
  if (input.favorite) {
    await db
      .insert(favoriteCommunities)
      .values({ userId: input.userId, itemType: input.itemType, itemId: community.id })
      .onConflictDoNothing()
      .catch(refuseIfMemberGone)
  } else {
    await db
      .delete(favoriteCommunities)
      .where(
        and(
          eq(favoriteCommunities.userId, input.userId),
          eq(favoriteCommunities.itemType, input.itemType),
          eq(favoriteCommunities.itemId, community.id),
        ),
      )
  }
  return { favorite: input.favorite, displayName: community.displayName }
}
