import type { PGlite } from '@electric-sql/pglite'
import { describe, expect, it } from 'vitest'
import { listFeed } from '~/features/feed/feed.server'
import { db, getDatabase } from './db.server'
import { listComments } from '~/features/comments/comments.server'
import { findPostIdByRoute } from '~/features/posts/post-url.server'
import { searchSuggestions } from '~/features/search/suggestions.server'
import { createComments, createPosts, createProfile } from './seed/factories.server'

// node-postgres names Drizzle's prepared statements itself; these are PGlite's (ADR 027).
describe.runIf(process.env.TEST_DATABASE_DRIVER === 'pglite')('plans kept on PGlite', () => {
  function client(): PGlite {
    return (db as unknown as { $client: PGlite }).$client
  }

  async function preparedStatement(name: string) {
    const { rows } = await client().query<{ generic_plans: number; custom_plans: number }>(
      'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
      [name],
    )
    return rows[0]
  }

  it("plans the feed's page five times, then reuses one plan", async () => {
    const author = await createProfile(db)
    await createPosts(
      db,
      Array.from({ length: 3 }, (_, index) => ({ authorId: author.id, title: `P${index}` })),
    )
    const first = await listFeed({ viewerId: author.userId })
    expect(first.posts.map((post) => post.title).toSorted()).toEqual(['P0', 'P1', 'P2'])
    for (let page = 1; page < 8; page++) {
      expect(await listFeed({ viewerId: author.userId })).toEqual(first)
    }
    const statement = await preparedStatement('feed_page')
    expect(statement?.custom_plans).toBe(5)
    expect(statement?.generic_plans).toBe(3)
  })

  it("reuses one plan for a post page's route and comments", async () => {
    const author = await createProfile(db)
    const [post] = await createPosts(db, [{ authorId: author.id, title: 'Levée de fonds' }])
    await createComments(db, [{ postId: post!.id, authorId: author.id, content: 'Bravo' }])
    const [, , authorSlug, titleSlug] = (await listFeed({})).posts[0]!.url.split('/')
    for (let page = 0; page < 7; page++) {
      expect(
        await findPostIdByRoute({ authorSlug: authorSlug!, titleSlug: titleSlug!, position: 1 }),
      ).toBe(post!.id)
      const { comments } = await listComments({ postId: post!.id })
      expect(comments.map((comment) => comment.content)).toEqual(['Bravo'])
    }
    expect((await preparedStatement('post_route'))?.generic_plans).toBe(2)
    expect((await preparedStatement('post_comments'))?.generic_plans).toBe(2)
  })

  it("reuses one plan for a search page's cards", async () => {
    const author = await createProfile(db)
    const newest = Date.parse('2026-06-01T10:00:00Z')
    await createPosts(
      db,
      Array.from({ length: 25 }, (_, index) => ({
        authorId: author.id,
        title: `Levée de fonds ${index}`,
        createdAt: new Date(newest - index * 60_000),
      })),
    )
    const expected = Array.from({ length: 20 }, (_, index) => `Levée de fonds ${index}`)
    for (let page = 0; page < 8; page++) {
      const found = await listFeed({ viewerId: author.userId, filters: { q: 'levée' } })
      expect(found.posts.map((post) => post.title)).toEqual(expected)
    }
    const statement = await preparedStatement('search_cards')
    expect(statement?.custom_plans).toBe(5)
    expect(statement?.generic_plans).toBe(3)
  })

  it('reuses one plan for the suggestions of one to three words of three letters or more', async () => {
    const author = await createProfile(db, { firstName: 'Marion', lastName: 'Camus' })
    await createPosts(db, [{ authorId: author.id, title: 'Marché de Noël' }])
    const suggestedMembers = async (term: string) =>
      (await searchSuggestions({ term })).results.filter((found) => found.kind === 'author')
    for (let keystroke = 0; keystroke < 7; keystroke++) {
      for (const term of ['mar', 'mar cam', 'marion camus mar']) {
        expect(await suggestedMembers(term)).toHaveLength(1)
      }
    }
    for (const words of [1, 2, 3]) {
      expect(await preparedStatement(`search_suggestions_${words}`)).toEqual({
        custom_plans: 5,
        generic_plans: 2,
      })
    }
    // A word of two letters, or a fourth word: planned with the values each time.
    for (const term of ['ma', 'marion ca', 'marion camus mar mar']) {
      expect(await suggestedMembers(term)).toHaveLength(1)
    }
    expect(await preparedStatement('search_suggestions_4')).toBeUndefined()
    for (const words of [1, 2, 3]) {
      expect(await preparedStatement(`search_suggestions_${words}`)).toEqual({
        custom_plans: 5,
        generic_plans: 2,
      })
    }
  })

  it('passes each value as a literal of its own, whatever quotes and backslashes it holds', async () => {
    const text = 'select $1::text as said, $2::int as count, $3::boolean as kept, $4::text as none'
    getDatabase().keepPlan('test_echo', text)
    const tricky = "l'entreprise \\ E'x' $$ '); drop table posts; --"
    const { rows } = await client().query(text, [tricky, 42, false, null])
    expect(rows).toEqual([{ said: tricky, count: 42, kept: false, none: null }])
    expect(await preparedStatement('test_echo')).toBeDefined()
  })

  it('runs a value without a literal unnamed, with the same answer', async () => {
    const text = 'select $1::timestamptz as at'
    getDatabase().keepPlan('test_date', text)
    const at = new Date('2026-11-24T08:30:00.000Z')
    const { rows } = await client().query<{ at: Date }>(text, [at])
    expect(rows[0]?.at.toISOString()).toBe(at.toISOString())
    expect(await preparedStatement('test_date')).toBeUndefined()
  })

  it('keeps the error code of a refused statement, and the next statement runs', async () => {
    const text = "select 1 / ($1::int - 1) as one, 'ok' as after"
    getDatabase().keepPlan('test_division', text)
    await expect(client().query(text, [1])).rejects.toMatchObject({ code: '22012' })
    const { rows } = await client().query(text, [2])
    expect(rows).toEqual([{ one: 1, after: 'ok' }])
  })

  it('refuses a name that is not a plain identifier', () => {
    expect(() => getDatabase().keepPlan('x; drop table posts', 'select 1')).toThrow(
      /Nom d'instruction invalide/,
    )
  })
})
