import { inArray } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { db } from '~/server/db/db.server'
import { posts } from '~/server/db/schema'
import { createPosts, createProfile } from '../../../tests/factories'
import {
  normalizeSearchTerm,
  findNewestMatchingPosts,
  LONGEST_WALK,
  longerWalk,
  RECENT_POSTS_WINDOW,
} from './search-query.server'

describe('longerWalk', () => {
  it('walks further when the first window’s hits put the page within half the longest walk', () => {
    // 21 results at 5 hits per 2,000 posts: 8,400 posts to read, within 10,000.
    expect(longerWalk(5, 21)).toBe(LONGEST_WALK)
    // At 4 hits, 10,500: the word is rare enough for the full-text index.
    expect(longerWalk(4, 21)).toBeNull()
    expect(longerWalk(0, 21)).toBeNull()
  })
})

/**
 * More posts than the first window, newest first: « Note n » everywhere, and the rare word
 * at the given places (0 the newest).
 */
async function seedFeed(count: number, matchesAt: readonly number[]) {
  const author = await createProfile(db)
  const newest = Date.parse('2026-06-01T10:00:00Z')
  const inputs = Array.from({ length: count }, (_, place) => ({
    authorId: author.id,
    title: matchesAt.includes(place) ? `Zéphyrine au marché ${place}` : `Note ${place}`,
    createdAt: new Date(newest - place * 60_000),
  }))
  await createPosts(db, inputs)
}

/** What `run` returns, and the SQL text of the statements it sent, in order. */
async function withStatements<T>(run: () => Promise<T>): Promise<{ value: T; texts: string[] }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
  const spy = vi.spyOn(client, 'query')
  try {
    const value = await run()
    const texts = spy.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : (query as { text: string }).text,
    )
    return { value, texts }
  } finally {
    spy.mockRestore()
  }
}

describe('findNewestMatchingPosts', () => {
  const beyondWindow = RECENT_POSTS_WINDOW + 50
  const matchesAt = [10, beyondWindow, beyondWindow + 30]
  const expectedTitles = matchesAt.map((place) => `Zéphyrine au marché ${place}`)
  const titlesOf = async (found: { id: string }[]) => {
    const rows = await db
      .select({ id: posts.id, title: posts.title })
      .from(posts)
      .where(
        inArray(
          posts.id,
          found.map((match) => match.id),
        ),
      )
    return found.map((match) => rows.find((row) => row.id === match.id)?.title)
  }

  it('finds a page beyond the first window by walking further down the feed, without the full-text index', async () => {
    await seedFeed(beyondWindow + 40, matchesAt)
    const { value: found, texts } = await withStatements(() =>
      findNewestMatchingPosts({ term: 'zéphyrine', limit: 3 }),
    )
    expect(await titlesOf(found)).toEqual(expectedTitles)
    // One hit among the newest 2,000, so 6,000 posts to fill 3: within half of the walk.
    expect(texts).toHaveLength(2)
    expect(texts.some((text) => text.includes('every_match'))).toBe(false)
  })

  it('leaves a word too rare to fill a page within the walk to the full-text index, with the same answer', async () => {
    await seedFeed(beyondWindow + 40, matchesAt)
    // 30 results at one hit per 2,000 posts: 60,000 posts to read, beyond the walk.
    const { value: found, texts } = await withStatements(() =>
      findNewestMatchingPosts({ term: 'zéphyrine', limit: 30 }),
    )
    expect(await titlesOf(found)).toEqual(expectedTitles)
    expect(texts).toHaveLength(2)
    expect(texts[1]).toContain('every_match')
  })

  it('finds a post by a tag its title and text do not hold: the post page links each tag to a search', async () => {
    const author = await createProfile(db)
    await createPosts(db, [
      { authorId: author.id, title: 'Notre levée', content: 'Un tour bouclé.', tags: ['amorçage'] },
      { authorId: author.id, title: 'Une autre note', content: 'Rien à voir.' },
    ])
    const found = await findNewestMatchingPosts({ term: 'amorçage', limit: 10 })
    expect(await titlesOf(found)).toEqual(['Notre levée'])
  })
})

/** The titles of the posts a search finds, in alphabetical order. */
async function titlesFound(term: string): Promise<string[]> {
  const matches = await findNewestMatchingPosts({ term, limit: 10 })
  const rows = await db
    .select({ title: posts.title })
    .from(posts)
    .where(
      inArray(
        posts.id,
        matches.map((match) => match.id),
      ),
    )
  return rows.map((row) => row.title).toSorted()
}

describe('postMatchesSearch', () => {
  it('finds words joined by an apostrophe, a hyphen or « & », as the documents split them', async () => {
    const author = await createProfile(db)
    const titles = [
      'Micro-entreprise : les plafonds et obligations',
      'Notre chiffre d’affaires a doublé en un an',
      'E-commerce : vendre en ligne depuis Rennes',
      'Crédit d’impôt R&D',
      'Un dossier de crédit rapide',
      'Une note sans rapport',
    ]
    await createPosts(
      db,
      titles.map((title) => ({ authorId: author.id, title })),
    )
    expect(await titlesFound('Micro-entreprise')).toEqual([titles[0]])
    expect(await titlesFound('micro-e')).toEqual([titles[0]])
    expect(await titlesFound("chiffre d'affaires")).toEqual([titles[1]])
    expect(await titlesFound('chiffre d’affaires')).toEqual([titles[1]])
    expect(await titlesFound('e-commerce')).toEqual([titles[2]])
    expect(await titlesFound('R&D')).toEqual([titles[3]])
    expect(await titlesFound('crédit d’impôt')).toEqual([titles[3]])
    // An elision still being typed: the words before it, whole.
    expect(await titlesFound('chiffre d')).toEqual([titles[1]])
  })

  it('finds what the documents keep whole (a version, a site, an address) and accents typed apart', async () => {
    const author = await createProfile(db)
    const titles = [
      'Industrie 4.0 : par où commencer ?',
      'Nos aides sur bpifrance.fr',
      'Écrivez à contact@tremplin.fr',
      'Une écoute active des clients',
      'Une note sans rapport',
    ]
    await createPosts(
      db,
      titles.map((title) => ({ authorId: author.id, title })),
    )
    expect(await titlesFound('Industrie 4.0')).toEqual([titles[0]])
    expect(await titlesFound('bpifrance.fr')).toEqual([titles[1]])
    expect(await titlesFound('contact@tremplin.fr')).toEqual([titles[2]])
    // « écoute » pasted with its accent apart (e + U+0301), as some files and systems write it,
    // normalised as the pages normalise a term.
    expect(await titlesFound(normalizeSearchTerm('e\u0301coute'))).toEqual([titles[3]])
  })
})
