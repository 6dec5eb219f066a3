import fs from 'node:fs'
import path from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import * as lucide from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { findMigrationsFolder } from './client.server'
import { db, getDatabase } from './db.server'
import {
  categories,
  comments,
  favoriteCommunities,
  postCategories,
  postTypes,
  postVotes,
  posts,
  profiles,
  savedPosts,
  sectors,
  users,
} from './schema'
import { createProfile } from './seed/factories.server'
import { seedReferenceData } from './seed/reference-data.server'

async function createMemberWithPost(userId: string) {
  const profile = await createProfile(db, { userId, firstName: 'Camille', lastName: 'Durand' })
  const [type] = await db.select({ id: postTypes.id }).from(postTypes).limit(1)
  const [post] = await db
    .insert(posts)
    .values({ title: 'Retour sur ma levée de fonds', authorId: profile.id, typeId: type!.id })
    .returning({ id: posts.id })
  return { profile: profile!, post: post! }
}

/** The PostgreSQL error a statement fails with (drizzle wraps it in `cause`). */
async function pgErrorOf(promise: Promise<unknown>): Promise<{ code?: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error, 'the statement should have been refused').toBeDefined()
  const cause = (error as { cause?: { code?: string } }).cause
  return cause?.code ? cause : (error as { code?: string })
}

describe(`migrations (${process.env.TEST_DATABASE_DRIVER})`, () => {
  it('applies every committed migration, and applying again changes nothing', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] }
    const count = async () =>
      Number(
        (
          await db.execute<{ count: string }>(
            sql`select count(*) as count from drizzle.__drizzle_migrations`,
          )
        ).rows[0]?.count,
      )
    expect(await count()).toBe(journal.entries.length)
    await getDatabase().migrate()
    expect(await count()).toBe(journal.entries.length)
  })

  it('folds accents and stems French words in the post search document', async () => {
    const { post } = await createMemberWithPost('user-search')
    await db
      .update(posts)
      .set({ title: 'Les étapes du financement participatif', content: 'Créer sa société' })
      .where(eq(posts.id, post.id))
    const result = await db.execute<{ id: string }>(
      sql`select id from posts where search_vector @@ websearch_to_tsquery('tremplin_french', 'etape financements creer')`,
    )
    expect(result.rows.map((row) => row.id)).toEqual([post.id])
  })
})

describe('integrity rules held by the database', () => {
  it('refuses a second vote by the same member on the same post', async () => {
    const { profile, post } = await createMemberWithPost('user-vote')
    await db.insert(postVotes).values({ postId: post.id, userId: profile.userId, voteType: 'up' })
    const error = await pgErrorOf(
      db.insert(postVotes).values({ postId: post.id, userId: profile.userId, voteType: 'down' }),
    )
    expect(error.code).toBe('23505')
  })

  it('refuses a vote type other than up or down', async () => {
    const { profile, post } = await createMemberWithPost('user-vote-type')
    const error = await pgErrorOf(
      db.execute(
        sql`insert into post_votes (post_id, user_id, vote_type) values (${post.id}, ${profile.userId}, 'sideways')`,
      ),
    )
    expect(error.code).toBe('23514')
  })

  it('refuses saving the same post twice', async () => {
    const { profile, post } = await createMemberWithPost('user-save')
    await db.insert(savedPosts).values({ postId: post.id, userId: profile.userId })
    const error = await pgErrorOf(
      db.insert(savedPosts).values({ postId: post.id, userId: profile.userId }),
    )
    expect(error.code).toBe('23505')
  })

  it('refuses the same favourite community twice', async () => {
    const { profile } = await createMemberWithPost('user-favorite')
    const favorite = { userId: profile.userId, itemType: 'category' as const, itemId: 3 }
    await db.insert(favoriteCommunities).values(favorite)
    const error = await pgErrorOf(db.insert(favoriteCommunities).values(favorite))
    expect(error.code).toBe('23505')
  })

  it('refuses a favourite community that does not exist, and drops stars with their community', async () => {
    const { profile } = await createMemberWithPost('user-favorite-missing')
    const missing = await pgErrorOf(
      db
        .insert(favoriteCommunities)
        .values({ userId: profile.userId, itemType: 'sector', itemId: 987_654 }),
    )
    expect(missing.code).toBe('23503')

    const [sector] = await db
      .insert(sectors)
      .values({ name: 'sector-leaving', displayName: 'Secteur retiré', icon: 'box', position: 99 })
      .returning({ id: sectors.id })
    await db
      .insert(favoriteCommunities)
      .values({ userId: profile.userId, itemType: 'sector', itemId: sector!.id })
    // The same id as a category is another community: it is checked against categories.
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1)
    await db
      .insert(favoriteCommunities)
      .values({ userId: profile.userId, itemType: 'category', itemId: category!.id })

    await db.delete(sectors).where(eq(sectors.id, sector!.id))
    const left = await db
      .select({ itemType: favoriteCommunities.itemType })
      .from(favoriteCommunities)
      .where(eq(favoriteCommunities.userId, profile.userId))
    expect(left).toEqual([{ itemType: 'category' }])
  })

  it("erases a member's profile, posts, votes, saves, comments and favourites with their account", async () => {
    const { profile, post } = await createMemberWithPost('user-leaving')
    const other = await createMemberWithPost('user-staying')
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1)
    await db.insert(postCategories).values({ postId: post.id, categoryId: category!.id })
    await db
      .insert(postVotes)
      .values({ postId: other.post.id, userId: profile.userId, voteType: 'up' })
    await db.insert(savedPosts).values({ postId: other.post.id, userId: profile.userId })
    await db
      .insert(comments)
      .values({ postId: other.post.id, authorId: profile.id, content: 'Bravo !' })
    await db
      .insert(favoriteCommunities)
      .values({ userId: profile.userId, itemType: 'sector', itemId: 2 })

    await db.delete(users).where(eq(users.id, profile.userId))

    const remaining = await db.execute<{ rows: string }>(sql`
      select (select count(*) from posts where author_id = ${profile.id})
           + (select count(*) from post_categories where post_id = ${post.id})
           + (select count(*) from post_votes where user_id = ${profile.userId})
           + (select count(*) from saved_posts where user_id = ${profile.userId})
           + (select count(*) from comments where author_id = ${profile.id})
           + (select count(*) from favorite_communities where user_id = ${profile.userId}) as rows`)
    expect(Number(remaining.rows[0]?.rows)).toBe(0)
    expect(await db.select({ id: posts.id }).from(posts)).toEqual([{ id: other.post.id }])
    expect(
      await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profile.id)),
    ).toEqual([])
  })

  it('refuses negative counters and a blank title', async () => {
    const { post } = await createMemberWithPost('user-counters')
    expect(
      (await pgErrorOf(db.update(posts).set({ upvotes: -1 }).where(eq(posts.id, post.id)))).code,
    ).toBe('23514')
    expect(
      (await pgErrorOf(db.update(posts).set({ title: '   ' }).where(eq(posts.id, post.id)))).code,
    ).toBe('23514')
  })
})

describe('reference data', () => {
  it('holds the 23 categories in their fixed order, with Relation Client', async () => {
    const rows = await db
      .select({ name: categories.name, displayName: categories.displayName })
      .from(categories)
      .orderBy(asc(categories.position))
    expect(rows.map((row) => row.name)).toEqual([
      'tous',
      'feedback',
      'idees-business',
      'mindset',
      'productivite',
      'etude-marche',
      'business-model',
      'rd',
      'marque',
      'digital',
      'juridique',
      'comptabilite',
      'financement',
      'marketing',
      'logistique',
      'commercial',
      'service-client',
      'networking',
      'rh',
      'developpement',
      'sortie-reprise',
      'rse',
      'autres',
    ])
    expect(rows.find((row) => row.name === 'service-client')?.displayName).toBe('Relation Client')
  })

  it('holds the 30 sectors in order, each with an icon lucide-react exports', async () => {
    const rows = await db
      .select({ name: sectors.name, icon: sectors.icon })
      .from(sectors)
      .orderBy(asc(sectors.position))
    expect(rows.map((row) => row.name)).toEqual([
      'tous',
      'administration',
      'agriculture',
      'alimentaire',
      'artisanat',
      'arts-culture',
      'banque',
      'benevolat',
      'commerce',
      'consulting',
      'droit',
      'ecommerce',
      'education',
      'energies',
      'environnement',
      'immobilier',
      'import-export',
      'industrie',
      'informatique',
      'journalisme',
      'litterature',
      'marketing',
      'medias',
      'sante',
      'sciences',
      'social',
      'sport',
      'textile',
      'tourisme',
      'transport',
    ])
    const icons = lucide as unknown as Record<string, unknown>
    expect(rows.filter((row) => !icons[row.icon]).map((row) => row.icon)).toEqual([])
  })

  it('holds the five post types, and seeding again duplicates nothing', async () => {
    await seedReferenceData(db)
    const types = await db
      .select({ name: postTypes.name })
      .from(postTypes)
      .orderBy(asc(postTypes.position))
    expect(types.map((type) => type.name)).toEqual([
      'post',
      'ressource',
      'discussion',
      'evenement',
      'article',
    ])
    const [counts] = await db
      .execute<{ categories: number; sectors: number }>(
        sql`select (select count(*)::int from categories) as categories, (select count(*)::int from sectors) as sectors`,
      )
      .then((result) => result.rows)
    expect(counts).toEqual({ categories: 23, sectors: 30 })
  })
})
