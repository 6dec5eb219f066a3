import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loader } from '~/routes/api/search-suggestions'
import { db } from '~/server/db/db.server'
import { createPost, createPosts, createProfile, createProfiles } from '../../../tests/factories'
import { lastWordPrefix } from './search-query.server'
import { searchSuggestions, type Suggestion } from './suggestions.server'

const base = Date.parse('2026-06-01T10:00:00Z')
const minutes = (count: number) => new Date(base + count * 60_000)

async function author() {
  return createProfile(db, { firstName: 'Inès', lastName: 'Moreau', avatar: null })
}

function ofKind<K extends Suggestion['kind']>(results: Suggestion[], kind: K) {
  return results.filter(
    (result): result is Extract<Suggestion, { kind: K }> => result.kind === kind,
  )
}

async function postTitles(term: string) {
  const { results } = await searchSuggestions({ term })
  return ofKind(results, 'post').map((post) => post.title)
}

async function authorNames(term: string) {
  const { results } = await searchSuggestions({ term })
  return ofKind(results, 'author').map((found) => found.name)
}

async function communityNames(term: string) {
  const { results } = await searchSuggestions({ term })
  return ofKind(results, 'community').map((community) => `${community.type}:${community.name}`)
}

describe('searchSuggestions: posts', () => {
  it('matches titles and content with or without accents', async () => {
    const { id: authorId } = await author()
    await createPosts(db, [
      { authorId, title: 'Financement participatif', createdAt: minutes(1) },
      { authorId, title: 'Étude de marché', createdAt: minutes(2) },
      { authorId, title: 'Notre etude terrain', createdAt: minutes(3) },
      {
        authorId,
        title: 'Sans rapport',
        content: 'Un mot sur la trésorerie.',
        createdAt: minutes(4),
      },
    ])

    expect(await postTitles('financement')).toEqual(['Financement participatif'])
    expect(await postTitles('Financement')).toEqual(['Financement participatif'])
    expect(await postTitles('etude')).toEqual(['Notre etude terrain', 'Étude de marché'])
    expect(await postTitles('Étude')).toEqual(['Notre etude terrain', 'Étude de marché'])
    expect(await postTitles('tresorerie')).toEqual(['Sans rapport'])
    // A NUL typed or sent in the address (PostgreSQL refuses it in a query) is left out.
    expect(await postTitles('finan\u0000cement')).toEqual(['Financement participatif'])
  })

  it('matches the last word as a prefix while typing, and French word forms', async () => {
    const { id: authorId } = await author()
    await createPosts(db, [
      { authorId, title: 'Financement participatif', createdAt: minutes(1) },
      { authorId, title: 'Réussir sa levée de fonds', createdAt: minutes(2) },
    ])

    expect(await postTitles('financ')).toEqual(['Financement participatif'])
    expect(await postTitles('fi')).toEqual(['Financement participatif'])
    expect(await postTitles('levées')).toEqual(['Réussir sa levée de fonds'])
    expect(await postTitles('levee de fon')).toEqual(['Réussir sa levée de fonds'])
    expect(await postTitles('fiscal')).toEqual([])
  })

  it('asks the index for one prefix of the last word when one covers the other', async () => {
    const prefix = async (word: string) => {
      const { rows } = await db.execute<{ query: string }>(
        sql`select ${lastWordPrefix(word)}::text as query`,
      )
      return rows[0]!.query
    }
    // The stem and the raw word are the same, or one starts with the other: one prefix.
    expect(await prefix('lyon')).toBe("'lyon':*")
    expect(await prefix('marques')).toBe("'marqu':*")
    expect(await prefix('étude')).toBe("'etud':*")
    // A stop word has no stem: the raw word alone.
    expect(await prefix('le')).toBe("'le':*")
    // Neither covers the other: both.
    expect(await prefix('chevaux')).toBe("'cheval':* | 'chevaux':*")
  })

  it('returns the id, title and a short excerpt of the content', async () => {
    const { id: authorId } = await author()
    const long = `Premier   paragraphe.\n\n${'Beaucoup de détails sur la levée. '.repeat(10)}`
    const post = await createPost(db, { authorId, title: 'Levée de fonds', content: long })

    const { results } = await searchSuggestions({ term: 'levée' })

    const [found] = ofKind(results, 'post')
    expect(found).toMatchObject({ kind: 'post', id: post.id, title: 'Levée de fonds' })
    expect(found?.excerpt.startsWith('Premier paragraphe. Beaucoup de détails')).toBe(true)
    expect(found?.excerpt.endsWith('…')).toBe(true)
    expect(found?.excerpt.length).toBeLessThanOrEqual(121)
  })

  it('links each post at its readable URL, dated when an older identical post exists', async () => {
    const { id: authorId } = await author()
    const first = await createPost(db, {
      authorId,
      title: 'Apiculture urbaine',
      createdAt: minutes(0),
    })
    const second = await createPost(db, {
      authorId,
      title: 'Apiculture urbaine',
      createdAt: minutes(60 * 24),
    })

    const { results } = await searchSuggestions({ term: 'apiculture' })

    expect(ofKind(results, 'post').map((post) => [post.id, post.url])).toEqual([
      [second.id, '/post/ines-moreau/apiculture-urbaine/2026-06-02'],
      [first.id, '/post/ines-moreau/apiculture-urbaine'],
    ])
  })

  it('lists matching posts newest first, among the newest posts and beyond them', async () => {
    const { id: authorId } = await author()
    // Two matches older than 2,100 other posts: found through the full-text index.
    await createPosts(db, [
      { authorId, title: 'Subvention régionale (ancienne)', createdAt: minutes(1) },
      { authorId, title: 'Subvention européenne (plus ancienne)', createdAt: minutes(0) },
      ...Array.from({ length: 2100 }, (_, index) => ({
        authorId,
        title: `Publication ${index}`,
        createdAt: minutes(10 + index),
      })),
    ])
    expect(await postTitles('subvention')).toEqual([
      'Subvention régionale (ancienne)',
      'Subvention européenne (plus ancienne)',
    ])

    // Ten recent matches: the eight newest, newest first, and none of the old ones.
    await createPosts(
      db,
      Array.from({ length: 10 }, (_, index) => ({
        authorId,
        title: `Subvention ${index}`,
        createdAt: minutes(5000 + index),
      })),
    )
    expect(await postTitles('subvention')).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2].map((index) => `Subvention ${index}`),
    )
  })

  it('orders posts created at the same instant by id', async () => {
    const { id: authorId } = await author()
    const created = await createPosts(
      db,
      Array.from({ length: 4 }, () => ({ authorId, title: 'Bilan annuel', createdAt: minutes(1) })),
    )
    const { results } = await searchSuggestions({ term: 'bilan' })
    expect(ofKind(results, 'post').map((post) => post.id)).toEqual(
      created
        .map((post) => post.id)
        .toSorted()
        .toReversed(),
    )
  })
})

describe('searchSuggestions: members', () => {
  it('finds a member by the start of either name, with or without accents, in any order', async () => {
    const [helene] = await createProfiles(db, [
      { firstName: 'Hélène', lastName: 'Lefèvre', avatar: '/uploads/helene.webp' },
      { firstName: 'Omar', lastName: 'Benali' },
      { firstName: 'Jean-Marc', lastName: 'Dupont' },
      { firstName: 'Anne-Sophie', lastName: 'de La Tour' },
    ])

    expect(await authorNames('hél')).toEqual(['Hélène Lefèvre'])
    expect(await authorNames('hel')).toEqual(['Hélène Lefèvre'])
    expect(await authorNames('HELENE')).toEqual(['Hélène Lefèvre'])
    expect(await authorNames('lefevre')).toEqual(['Hélène Lefèvre'])
    expect(await authorNames('Lefèv')).toEqual(['Hélène Lefèvre'])
    expect(await authorNames('lefevre hel')).toEqual(['Hélène Lefèvre'])
    expect(await authorNames('hélène lefèvre')).toEqual(['Hélène Lefèvre'])
    // Word starts only: "mar" is in "Omar" but starts "Marc" of Jean-Marc.
    expect(await authorNames('mar')).toEqual(['Jean-Marc Dupont'])
    expect(await authorNames('ène')).toEqual([])
    // Four words and more: the statement is planned for the term (three at most are prepared).
    expect(await authorNames('la tour anne sophie')).toEqual(['Anne-Sophie de La Tour'])
    expect(await authorNames('anne sophie de la tour')).toEqual(['Anne-Sophie de La Tour'])
    expect(await authorNames('anne sophie de la tour x')).toEqual([])

    const { results } = await searchSuggestions({ term: 'Hélène' })
    expect(ofKind(results, 'author')).toEqual([
      {
        kind: 'author',
        profileId: helene!.id,
        userId: helene!.userId,
        name: 'Hélène Lefèvre',
        avatar: '/uploads/helene.webp',
      },
    ])
  })

  it('finds a name with a ligature whichever way it is typed: « laetitia », « lætitia »', async () => {
    await createProfiles(db, [
      { firstName: 'Lætitia', lastName: 'Cœurdevey' },
      { firstName: 'Laetitia', lastName: 'Boeuf' },
      { firstName: 'Laurent', lastName: 'Ordonneau' },
    ])
    const both = ['Laetitia Boeuf', 'Lætitia Cœurdevey']
    expect((await authorNames('laetitia')).toSorted()).toEqual(both)
    expect((await authorNames('lætitia')).toSorted()).toEqual(both)
    expect((await authorNames('LÆTI')).toSorted()).toEqual(both)
    expect(await authorNames('coeur')).toEqual(['Lætitia Cœurdevey'])
    expect(await authorNames('bœuf')).toEqual(['Laetitia Boeuf'])
    // As the member types: the ligature's first letter already finds it.
    expect((await authorNames('la')).toSorted()).toEqual([...both, 'Laurent Ordonneau'].toSorted())
    expect(await authorNames('co')).toEqual(['Lætitia Cœurdevey'])
    expect(await authorNames('lae ord')).toEqual([])
  })

  it('finds a name written with a typographic apostrophe by the word after it', async () => {
    // As phones type it: N’Diaye, not N'Diaye.
    await createProfiles(db, [
      { firstName: 'Aminata', lastName: 'N’Diaye' },
      { firstName: 'Paul', lastName: "D'Almeida" },
    ])
    expect(await authorNames('diaye')).toEqual(['Aminata N’Diaye'])
    expect(await authorNames('almeida')).toEqual(["Paul D'Almeida"])
  })

  it('shows at most three members, by last name', async () => {
    await createProfiles(db, [
      { firstName: 'Camille', lastName: 'Roux' },
      { firstName: 'Camille', lastName: 'Bernard' },
      { firstName: 'Camille', lastName: 'Martin' },
      { firstName: 'Camille', lastName: 'Girard' },
    ])
    expect(await authorNames('camille')).toEqual([
      'Camille Bernard',
      'Camille Girard',
      'Camille Martin',
    ])
  })
})

describe('searchSuggestions: members not confirmed', () => {
  it('leaves out a member whose address is not confirmed yet', async () => {
    const [unconfirmed] = await createProfiles(db, [
      { firstName: 'Support', lastName: 'Tremplin' },
      { firstName: 'Suzanne', lastName: 'Tremblay' },
    ])
    expect(await authorNames('tre')).toEqual(['Suzanne Tremblay', 'Support Tremplin'])
    await db.execute(sql`update users set email_verified = false where id = ${unconfirmed!.userId}`)
    expect(await authorNames('tre')).toEqual(['Suzanne Tremblay'])
  })
})

describe('searchSuggestions: communities', () => {
  it('matches category and sector display names with or without accents', async () => {
    expect(await communityNames('Sante')).toEqual(['sector:sante'])
    expect(await communityNames('santé')).toEqual(['sector:sante'])
    expect(await communityNames('ETUDE DE')).toEqual(['category:etude-marche'])
    expect(await communityNames('productivite')).toEqual(['category:productivite'])
    expect(await communityNames('R&D')).toEqual(['category:rd'])
  })

  it('returns the type, slug and display name, never the "Tous" entries', async () => {
    const { results } = await searchSuggestions({ term: 'Santé' })
    expect(results).toEqual([
      { kind: 'community', type: 'sector', name: 'sante', displayName: 'Santé' },
    ])
    expect(await communityNames('tous')).toEqual([])
  })

  it('puts names with a word starting with the term first, categories before sectors', async () => {
    // "ma" starts a word of three categories (in display order), of the sector Marketing &
    // Communication, and is inside Informatique.
    expect(await communityNames('ma')).toEqual([
      'category:etude-marche',
      'category:marque',
      'category:marketing',
    ])
    expect(await communityNames('matique')).toEqual(['sector:informatique'])
  })
})

describe('searchSuggestions: the whole list', () => {
  it('returns nothing under two characters', async () => {
    const { id: authorId } = await author()
    await createPost(db, { authorId, title: 'A comme Amorçage' })
    for (const term of ['', ' ', 'a', '  a  ', 'é', null, undefined]) {
      expect(await searchSuggestions({ term })).toEqual({
        term: (term ?? '').trim(),
        results: [],
        count: 0,
      })
    }
  })

  it('normalises the term it answers for', async () => {
    const result = await searchSuggestions({ term: '  Santé   publique ' })
    expect(result.term).toBe('Santé publique')
  })

  it('shows at most 8: up to 3 communities, then up to 3 members, then posts', async () => {
    const { id: authorId } = await createProfile(db, { firstName: 'Marc', lastName: 'Marin' })
    await createProfiles(db, [
      { firstName: 'Marion', lastName: 'Roux' },
      { firstName: 'Martine', lastName: 'Girard' },
      { firstName: 'Marius', lastName: 'Faure' },
    ])
    await createPosts(
      db,
      Array.from({ length: 6 }, (_, index) => ({
        authorId,
        title: `Marché ${index}`,
        createdAt: minutes(index),
      })),
    )

    const { results, count } = await searchSuggestions({ term: 'mar' })

    expect(count).toBe(8)
    expect(results).toHaveLength(8)
    expect(results.map((result) => result.kind)).toEqual([
      'community',
      'community',
      'community',
      'author',
      'author',
      'author',
      'post',
      'post',
    ])
    expect(ofKind(results, 'post').map((post) => post.title)).toEqual(['Marché 5', 'Marché 4'])

    // Posts fill what communities and members leave.
    const posts = await searchSuggestions({ term: 'marché 3' })
    expect(posts.results.map((result) => result.kind)).toEqual(['post'])

    const fewer = await searchSuggestions({ term: 'mar', limit: 2 })
    expect(fewer.count).toBe(2)
    expect(fewer.results.map((result) => result.kind)).toEqual(['community', 'community'])
  })

  it('takes LIKE wildcards in the term literally', async () => {
    const { id: authorId } = await createProfile(db, { firstName: 'Rémi', lastName: 'Dubois' })
    await createPost(db, { authorId, title: 'Croissance à 100% en un an' })

    // Unescaped, "r%" would match every community with an r, "r_d" would match R&D.
    expect(await communityNames('r%')).toEqual([])
    expect(await communityNames('r_d')).toEqual([])
    expect(await communityNames('a\\')).toEqual([])
    expect(await searchSuggestions({ term: '%%' })).toMatchObject({ results: [], count: 0 })
    expect(await searchSuggestions({ term: '__' })).toMatchObject({ results: [], count: 0 })
    expect(await searchSuggestions({ term: '%_\\' })).toMatchObject({ results: [], count: 0 })
    // In posts and names the sign is no letter: the words around it are what is searched.
    expect(await postTitles('100%')).toEqual(['Croissance à 100% en un an'])
    expect(await authorNames('ré%')).toEqual(['Rémi Dubois'])
  })
})

describe('GET /api/search/suggestions', () => {
  async function get(query: string) {
    const request = new Request(`http://localhost:3000/api/search/suggestions${query}`)
    return loader({ request, params: {}, context: {} } as never)
  }

  it('answers { term, results, count } as JSON that the browser may keep 30 seconds', async () => {
    const response = await get('?q=%20Sant%C3%A9%20')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=30')
    expect(await response.json()).toEqual({
      term: 'Santé',
      results: [{ kind: 'community', type: 'sector', name: 'sante', displayName: 'Santé' }],
      count: 1,
    })
  })

  it('answers an empty list without a term', async () => {
    expect(await (await get('')).json()).toEqual({ term: '', results: [], count: 0 })
  })
})
