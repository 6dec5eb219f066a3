// Builders that insert real rows, shared by the tests (through tests/factories.ts) and the
// demo seed. Each keeps the invariants the services keep: a post's first category is also
// posts.category_id, and every counter on posts moves in the transaction that adds its rows.
import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import { createRandom } from '../../../utils/random'
import type { Database } from '../client.server'
import * as schema from '../schema'
import {
  categories,
  comments,
  favoriteCommunities,
  postCategories,
  postSectors,
  postTypes,
  postVotes,
  posts,
  profiles,
  savedPosts,
  sectors,
  users,
} from '../schema'
import type { CategoryName, PostTypeName, SectorName } from './reference-data'

/** The database or an open transaction: factories can run inside a caller's transaction. */
export type Executor = Database | PgDatabase<NodePgQueryResultHKT, typeof schema>

// Default values only; the demo seed passes everything explicitly with its own seed.
const random = createRandom(20_240_117)

// Large batches are split so that no statement nears PostgreSQL's 65,535 parameters.
const CHUNK_SIZE = 500

function chunk<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size))
  }
  return result
}

function only<T>(rows: T[]): T {
  const [row] = rows
  if (row === undefined) throw new Error('Aucune ligne insérée')
  return row
}

/** A fresh user id for a profile without an auth account. */
export function createDemoUserId(): string {
  return `demo-${randomBytes(6).toString('hex')}`
}

// ---------------------------------------------------------------------------------------------
// Taxonomy: ids are looked up by name, so factories never depend on identity values.

interface TaxonomyIds {
  types: Map<string, number>
  categories: Map<string, number>
  sectors: Map<string, number>
}

async function loadTaxonomyIds(db: Executor): Promise<TaxonomyIds> {
  const rows = await db
    .select({ kind: sql<string>`'type'`, name: postTypes.name, id: postTypes.id })
    .from(postTypes)
    .unionAll(
      db
        .select({ kind: sql<string>`'category'`, name: categories.name, id: categories.id })
        .from(categories),
    )
    .unionAll(
      db.select({ kind: sql<string>`'sector'`, name: sectors.name, id: sectors.id }).from(sectors),
    )
  const ids: TaxonomyIds = { types: new Map(), categories: new Map(), sectors: new Map() }
  for (const row of rows) {
    const map =
      row.kind === 'type' ? ids.types : row.kind === 'category' ? ids.categories : ids.sectors
    map.set(row.name, row.id)
  }
  return ids
}

function idOf(map: Map<string, number>, name: string, label: string): number {
  const id = map.get(name)
  if (id === undefined) {
    throw new Error(`${label} : ${name} (les données de référence sont-elles chargées ?)`)
  }
  return id
}

// ---------------------------------------------------------------------------------------------
// Profiles

export type ProfileOverrides = Partial<Omit<typeof profiles.$inferInsert, 'id'>>

const profileColumns = {
  id: profiles.id,
  userId: profiles.userId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  description: profiles.description,
  job: profiles.job,
  company: profiles.company,
  city: profiles.city,
  country: profiles.country,
  bio: profiles.bio,
  linkedin: profiles.linkedin,
  website: profiles.website,
  avatar: profiles.avatar,
  bannerImage: profiles.bannerImage,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
}

export type CreatedProfile = Awaited<ReturnType<typeof createProfiles>>[number]

const DEFAULT_FIRST_NAMES = ['Camille', 'Léa', 'Hugo', 'Inès', 'Louis', 'Manon', 'Yanis', 'Chloé']
const DEFAULT_LAST_NAMES = ['Martin', 'Bernard', 'Lefèvre', 'Moreau', 'Girard', 'Benali', 'Roux']

/**
 * Inserts members: an account row each (without a password: they cannot sign in), whose
 * creation makes the profile (database trigger), then the profile's fields. One statement
 * per chunk for each table; missing user ids are generated.
 */
export async function createProfiles(db: Executor, list: readonly ProfileOverrides[]) {
  if (list.length === 0) return []
  const values = list.map((overrides) => ({
    userId: createDemoUserId(),
    firstName: random.pick(DEFAULT_FIRST_NAMES),
    lastName: random.pick(DEFAULT_LAST_NAMES),
    ...overrides,
    ...(overrides.createdAt && !overrides.updatedAt ? { updatedAt: overrides.createdAt } : {}),
  }))
  const inserted = []
  for (const part of chunk(values)) {
    await db
      .insert(users)
      .values(
        part.map((profile) => ({
          id: profile.userId,
          name: `${profile.firstName} ${profile.lastName}`.trim(),
          email: `${profile.userId}@demo.tremplin.invalid`,
          emailVerified: true,
          firstName: profile.firstName,
          lastName: profile.lastName,
          ...(profile.createdAt ? { createdAt: profile.createdAt } : {}),
        })),
      )
      .onConflictDoNothing()
    inserted.push(
      ...(await db
        .insert(profiles)
        .values(part)
        .onConflictDoUpdate({
          target: profiles.userId,
          set: Object.fromEntries(
            PROFILE_FIELDS.map((field) => [field, sql.raw(`excluded.${profiles[field].name}`)]),
          ),
        })
        .returning(profileColumns)),
    )
  }
  return inserted
}

const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'description',
  'job',
  'company',
  'city',
  'country',
  'bio',
  'linkedin',
  'website',
  'avatar',
  'bannerImage',
  'createdAt',
  'updatedAt',
] as const

/** Inserts one profile (a generated `demo-…` user id unless given). */
export async function createProfile(db: Executor, overrides: ProfileOverrides = {}) {
  return only(await createProfiles(db, [overrides]))
}

// ---------------------------------------------------------------------------------------------
// Posts

type PostColumnOverrides = Partial<
  Omit<
    typeof posts.$inferInsert,
    'id' | 'authorId' | 'typeId' | 'categoryId' | 'sectorId' | 'upvotes' | 'downvotes'
  >
>

export interface PostInput extends Omit<PostColumnOverrides, 'commentsCount'> {
  /** The author's profile id. */
  authorId: string
  /** Post type name; 'post' by default. */
  type?: PostTypeName
  /** Communities, the first one being the main one; ['feedback'] by default, [] for none. */
  categories?: readonly CategoryName[]
  sector?: SectorName | null
}

const postColumns = {
  id: posts.id,
  title: posts.title,
  content: posts.content,
  authorId: posts.authorId,
  typeId: posts.typeId,
  categoryId: posts.categoryId,
  sectorId: posts.sectorId,
  imageUrl: posts.imageUrl,
  externalUrl: posts.externalUrl,
  eventDate: posts.eventDate,
  eventLocation: posts.eventLocation,
  price: posts.price,
  upvotes: posts.upvotes,
  downvotes: posts.downvotes,
  commentsCount: posts.commentsCount,
  viewsCount: posts.viewsCount,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
}

export type CreatedPost = Awaited<ReturnType<typeof createPosts>>[number]

const DEFAULT_TITLES = [
  'Vos retours sur ma page de vente ?',
  'Premier salarié : CDI ou freelance ?',
  'Comment trouvez-vous vos premiers clients ?',
  'Retour sur six mois de prospection',
  'Quel outil pour suivre sa trésorerie ?',
]

/**
 * Inserts posts with their post_categories and post_sectors rows in one transaction; type, category and
 * sector names are resolved to ids once for the whole batch.
 */
export async function createPosts(db: Executor, inputs: readonly PostInput[]) {
  if (inputs.length === 0) return []
  return db.transaction(async (tx) => {
    const taxonomy = await loadTaxonomyIds(tx)
    const links: { postId: string; categoryId: number }[] = []
    const sectorLinks: { postId: string; sectorId: number }[] = []
    const values = inputs.map((input) => {
      const { type = 'post', categories: names = ['feedback'], sector, ...columns } = input
      const id = randomUUID()
      const categoryIds = [...new Set(names)].map((name) =>
        idOf(taxonomy.categories, name, 'Catégorie inconnue'),
      )
      for (const categoryId of categoryIds) links.push({ postId: id, categoryId })
      const sectorId = sector ? idOf(taxonomy.sectors, sector, 'Secteur inconnu') : null
      if (sectorId !== null) sectorLinks.push({ postId: id, sectorId })
      return {
        title: random.pick(DEFAULT_TITLES),
        ...columns,
        ...(columns.createdAt && !columns.updatedAt ? { updatedAt: columns.createdAt } : {}),
        id,
        typeId: idOf(taxonomy.types, type, 'Type de post inconnu'),
        categoryId: categoryIds[0] ?? null,
        sectorId,
      }
    })
    const inserted = []
    for (const part of chunk(values)) {
      inserted.push(...(await tx.insert(posts).values(part).returning(postColumns)))
    }
    for (const part of chunk(links)) {
      await tx.insert(postCategories).values(part)
    }
    for (const part of chunk(sectorLinks)) {
      await tx.insert(postSectors).values(part)
    }
    const categoryIdsByPost = Map.groupBy(links, (link) => link.postId)
    return inserted.map((post) => ({
      ...post,
      categoryIds: (categoryIdsByPost.get(post.id) ?? []).map((link) => link.categoryId),
    }))
  })
}

/** Inserts one post with its categories (post_categories and category_id) atomically. */
export async function createPost(db: Executor, input: PostInput) {
  return only(await createPosts(db, [input]))
}

// ---------------------------------------------------------------------------------------------
// Counters: one UPDATE per batch, adding each post's delta.

type CounterColumn = 'upvotes' | 'downvotes' | 'comments_count'

async function incrementPostCounters(
  db: Executor,
  deltas: ReadonlyMap<string, Partial<Record<CounterColumn, number>>>,
) {
  if (deltas.size === 0) return
  const rows = [...deltas].map(
    ([postId, delta]) =>
      sql`(${postId}::uuid, ${delta.upvotes ?? 0}::integer, ${delta.downvotes ?? 0}::integer, ${delta.comments_count ?? 0}::integer)`,
  )
  for (const part of chunk(rows)) {
    await db.execute(sql`
      update posts set
        upvotes = posts.upvotes + delta.up,
        downvotes = posts.downvotes + delta.down,
        comments_count = posts.comments_count + delta.comments
      from (values ${sql.join(part, sql`, `)}) as delta(post_id, up, down, comments)
      where posts.id = delta.post_id`)
  }
}

function countBy<T>(
  items: readonly T[],
  postIdOf: (item: T) => string,
  columnOf: (item: T) => CounterColumn,
) {
  const deltas = new Map<string, Partial<Record<CounterColumn, number>>>()
  for (const item of items) {
    const delta = deltas.get(postIdOf(item)) ?? {}
    const column = columnOf(item)
    delta[column] = (delta[column] ?? 0) + 1
    deltas.set(postIdOf(item), delta)
  }
  return deltas
}

// ---------------------------------------------------------------------------------------------
// Comments

export interface CommentInput {
  postId: string
  /** The commenter's profile id. */
  authorId: string
  content?: string
  createdAt?: Date
}

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  authorId: comments.authorId,
  content: comments.content,
  createdAt: comments.createdAt,
}

/** Inserts comments and adds them to posts.comments_count in the same transaction. */
export async function createComments(db: Executor, inputs: readonly CommentInput[]) {
  if (inputs.length === 0) return []
  return db.transaction(async (tx) => {
    const values = inputs.map((input) => ({ content: 'Merci pour le partage !', ...input }))
    const inserted = []
    for (const part of chunk(values)) {
      inserted.push(...(await tx.insert(comments).values(part).returning(commentColumns)))
    }
    await incrementPostCounters(
      tx,
      countBy(
        inserted,
        (comment) => comment.postId,
        () => 'comments_count',
      ),
    )
    return inserted
  })
}

/** Inserts one comment and increments the post's comments_count atomically. */
export async function createComment(db: Executor, input: CommentInput) {
  return only(await createComments(db, [input]))
}

// ---------------------------------------------------------------------------------------------
// Votes

export interface DemoVoteInput {
  postId: string
  /** The voter's user id (profiles.user_id). */
  userId: string
  voteType: 'up' | 'down'
  createdAt?: Date
}

const voteColumns = {
  id: postVotes.id,
  postId: postVotes.postId,
  userId: postVotes.userId,
  voteType: postVotes.voteType,
  createdAt: postVotes.createdAt,
}

/**
 * Inserts new votes and adds them to posts.upvotes/downvotes in one transaction. Unlike the
 * vote service it does not toggle: a second vote by the same member on a post is an error.
 */
export async function castDemoVotes(db: Executor, inputs: readonly DemoVoteInput[]) {
  if (inputs.length === 0) return []
  return db.transaction(async (tx) => {
    const inserted = []
    for (const part of chunk(inputs)) {
      inserted.push(...(await tx.insert(postVotes).values(part).returning(voteColumns)))
    }
    await incrementPostCounters(
      tx,
      countBy(
        inserted,
        (vote) => vote.postId,
        (vote) => (vote.voteType === 'up' ? 'upvotes' : 'downvotes'),
      ),
    )
    return inserted
  })
}

/** Inserts one vote and increments the matching counter of the post atomically. */
export async function castDemoVote(db: Executor, input: DemoVoteInput) {
  return only(await castDemoVotes(db, [input]))
}

// ---------------------------------------------------------------------------------------------
// Saved posts

export interface SaveInput {
  postId: string
  /** The member's user id (profiles.user_id). */
  userId: string
  createdAt?: Date
}

const saveColumns = {
  id: savedPosts.id,
  postId: savedPosts.postId,
  userId: savedPosts.userId,
  createdAt: savedPosts.createdAt,
}

/** Inserts saved posts. */
export async function savePosts(db: Executor, inputs: readonly SaveInput[]) {
  const inserted = []
  for (const part of chunk(inputs)) {
    inserted.push(...(await db.insert(savedPosts).values(part).returning(saveColumns)))
  }
  return inserted
}

/** Saves one post for a member. */
export async function savePost(db: Executor, input: SaveInput) {
  return only(await savePosts(db, [input]))
}

// ---------------------------------------------------------------------------------------------
// Favourite communities

export type FavoriteInput = { userId: string; createdAt?: Date } & (
  { itemType: 'category'; name: CategoryName } | { itemType: 'sector'; name: SectorName }
)

const favoriteColumns = {
  id: favoriteCommunities.id,
  userId: favoriteCommunities.userId,
  itemType: favoriteCommunities.itemType,
  itemId: favoriteCommunities.itemId,
  createdAt: favoriteCommunities.createdAt,
}

/** Stars communities for members, resolving category and sector names to ids. */
export async function addFavoriteCommunities(db: Executor, inputs: readonly FavoriteInput[]) {
  if (inputs.length === 0) return []
  const taxonomy = await loadTaxonomyIds(db)
  const values = inputs.map(({ name, ...input }) => ({
    ...input,
    itemId:
      input.itemType === 'category'
        ? idOf(taxonomy.categories, name, 'Catégorie inconnue')
        : idOf(taxonomy.sectors, name, 'Secteur inconnu'),
  }))
  const inserted = []
  for (const part of chunk(values)) {
    inserted.push(...(await db.insert(favoriteCommunities).values(part).returning(favoriteColumns)))
  }
  return inserted
}

/** Stars one category or sector for a member. */
export async function addFavoriteCommunity(db: Executor, input: FavoriteInput) {
  return only(await addFavoriteCommunities(db, [input]))
}
