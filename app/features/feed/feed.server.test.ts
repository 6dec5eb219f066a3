import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { db } from '~/server/db/db.server'
import {
  categories,
  linkPreviews,
  postCategories,
  postTypes,
  posts,
  sectors,
  users,
} from '~/server/db/schema'
import {
  castDemoVote,
  createPost,
  createPosts,
  createProfile,
  savePost,
} from '../../../tests/factories'
import { loadViewer } from '../profiles/viewer.server'
import { listCommunities } from './communities'
import {
  formatFeedCursor,
  listFeed,
  listStarredCommunities,
  parseFeedCursor,
  setFavoriteCommunity,
  type FeedFilters,
} from './feed.server'

async function seedPosts(count: number, sameInstant = false) {
  const author = await createProfile(db, { firstName: 'Inès', lastName: 'Moreau', avatar: null })
  const [type] = await db.select({ id: postTypes.id }).from(postTypes).limit(1)
  const base = Date.parse('2026-06-01T10:00:00Z')
  return db
    .insert(posts)
    .values(
      Array.from({ length: count }, (_, index) => ({
        title: `Publication ${index + 1}`,
        authorId: author.id,
        typeId: type!.id,
        createdAt: new Date(sameInstant ? base : base + index * 60_000),
      })),
    )
    .returning({ id: posts.id, title: posts.title })
}

/** The ids of every page of a feed, following its cursors, and the number of pages read. */
async function everyPage(filters: FeedFilters, limit: number) {
  const seen: string[] = []
  let pages = 0
  let cursor: Awaited<ReturnType<typeof listFeed>>['nextCursor'] = null
  do {
    const page = await listFeed({ filters, limit, cursor })
    seen.push(...page.posts.map((post) => post.id))
    cursor = page.nextCursor
    pages++
  } while (cursor)
  return { seen, pages }
}

describe('listFeed', () => {
  it('lists posts newest first with author, type, sector and categories in display order', async () => {
    const [older, newer] = await seedPosts(2)
    const chosen = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.name, ['marketing', 'feedback']))
    await db
      .insert(postCategories)
      .values(chosen.map((category) => ({ postId: newer!.id, categoryId: category.id })))
    const [sector] = await db.select({ id: sectors.id }).from(sectors).limit(1)
    await db.update(posts).set({ sectorId: sector!.id })

    const page = await listFeed()

    expect(page.posts.map((post) => post.id)).toEqual([newer!.id, older!.id])
    expect(page.posts[0]).toMatchObject({
      title: 'Publication 2',
      author: { firstName: 'Inès', lastName: 'Moreau', avatar: null },
      type: { name: 'post', displayName: 'Post' },
      sector: { name: 'tous' },
      categories: [
        { name: 'feedback', displayName: 'Feedback' },
        { name: 'marketing', displayName: 'Marketing' },
      ],
    })
    expect(page.posts[1]?.categories).toEqual([])
    expect(page.nextCursor).toBeNull()
  })

  it('puts the main category first, and names one added after the reference data was read', async () => {
    await listFeed() // the process has read the categories (ADR 036)
    // A newer build's seed adds a category while this process runs.
    const [added] = await db
      .insert(categories)
      .values({ name: 'nouvelle', displayName: 'Nouvelle communauté', position: 99 })
      .returning({ id: categories.id })
    const [marketing] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.name, 'marketing'))
    const [post] = await seedPosts(1)
    await db.insert(postCategories).values([
      { postId: post!.id, categoryId: marketing!.id },
      { postId: post!.id, categoryId: added!.id },
    ])
    await db.update(posts).set({ categoryId: added!.id }).where(eq(posts.id, post!.id))

    const page = await listFeed()

    expect(page.posts[0]?.categories).toEqual([
      { name: 'nouvelle', displayName: 'Nouvelle communauté' },
      { name: 'marketing', displayName: 'Marketing' },
    ])
  })

  it('pages through every post exactly once, even when they share a timestamp', async () => {
    for (const sameInstant of [false, true]) {
      await db.delete(posts)
      await db.delete(users)
      const created = await seedPosts(45, sameInstant)
      const seen: string[] = []
      let cursor = null
      do {
        const page = await listFeed({ cursor, limit: 20 })
        seen.push(...page.posts.map((post) => post.id))
        cursor = page.nextCursor && parseFeedCursor(formatFeedCursor(page.nextCursor))
      } while (cursor)
      expect(seen).toHaveLength(45)
      expect(new Set(seen)).toEqual(new Set(created.map((post) => post.id)))
    }
  })

  it('gives a link’s cached preview while fresh, and leaves a stale one for the card to ask again', async () => {
    // A failed fetch is tried again after an hour, a preview refreshed after a week: both by
    // /api/link-preview, which the card calls only when the page gave it no preview.
    const author = await createProfile(db)
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000)
    const links = [
      { url: 'https://exemple.fr/lu', ok: true, fetchedAt: hoursAgo(24) },
      { url: 'https://exemple.fr/echec-recent', ok: false, fetchedAt: hoursAgo(0.5) },
      { url: 'https://exemple.fr/echec-ancien', ok: false, fetchedAt: hoursAgo(2) },
      { url: 'https://exemple.fr/lu-il-y-a-longtemps', ok: true, fetchedAt: hoursAgo(8 * 24) },
    ]
    await db
      .insert(linkPreviews)
      .values(links.map((link) => ({ ...link, title: link.ok ? 'Un titre' : null })))
    for (const link of links) {
      await createPost(db, { authorId: author.id, title: link.url, externalUrl: link.url })
    }
    const page = await listFeed()
    const previewOf = (url: string) => page.posts.find((post) => post.title === url)!.linkPreview
    expect(previewOf('https://exemple.fr/lu')).toMatchObject({ title: 'Un titre' })
    expect(previewOf('https://exemple.fr/echec-recent')).toBeNull()
    expect(previewOf('https://exemple.fr/echec-ancien')).toBeUndefined()
    expect(previewOf('https://exemple.fr/lu-il-y-a-longtemps')).toBeUndefined()
  })

  it('ignores a malformed cursor', () => {
    expect(parseFeedCursor('pas-un-curseur')).toBeNull()
    expect(parseFeedCursor('2026-01-01_notauuid')).toBeNull()
    expect(parseFeedCursor(null)).toBeNull()
    // Dates JavaScript reads and PostgreSQL refuses (a 500 once sent to the query).
    const id = '00000000-0000-4000-8000-000000000000'
    for (const time of [
      '+010000-01-01T00:00:00.000Z',
      '2026-02-30 10:00:00+00',
      'March 7',
      '2026',
    ]) {
      expect(parseFeedCursor(`${time}_${id}`)).toBeNull()
    }
    expect(parseFeedCursor(`2026-06-01 10:00:00.123456+02_${id}`)).toEqual({
      createdAt: '2026-06-01 10:00:00.123456+02',
      id,
    })
  })
})

describe('listFeed filters', () => {
  async function seedCommunityPosts() {
    const author = await createProfile(db, { firstName: 'Hugo', lastName: 'Lefèvre' })
    const at = (minutes: number) => new Date(Date.parse('2026-05-01T08:00:00Z') + minutes * 60_000)
    const [marketingSante, financeSante, marketingSport, other] = await createPosts(db, [
      {
        authorId: author.id,
        title: 'Étude de marché pour une pharmacie',
        content: 'Nos étapes et nos chiffres.',
        categories: ['marketing', 'etude-marche'],
        sector: 'sante',
        createdAt: at(1),
      },
      {
        authorId: author.id,
        title: 'Financement participatif réussi',
        content: 'Levée de fonds en trois mois.',
        categories: ['financement'],
        sector: 'sante',
        createdAt: at(2),
      },
      {
        authorId: author.id,
        title: 'Sponsoriser un club',
        content: 'Retour sur nos partenariats.',
        categories: ['marketing'],
        sector: 'sport',
        createdAt: at(3),
      },
      {
        authorId: author.id,
        title: 'Question juridique',
        content: 'Statuts de SAS ?',
        categories: ['juridique'],
        sector: null,
        createdAt: at(4),
      },
    ])
    return {
      author,
      marketingSante: marketingSante!,
      financeSante: financeSante!,
      marketingSport: marketingSport!,
      other: other!,
    }
  }

  it.each([
    [{}, ['other', 'marketingSport', 'financeSante', 'marketingSante']],
    [
      { category: 'tous', sector: 'tous' },
      ['other', 'marketingSport', 'financeSante', 'marketingSante'],
    ],
    [{ category: 'marketing' }, ['marketingSport', 'marketingSante']],
    [{ category: 'etude-marche' }, ['marketingSante']],
    [{ sector: 'sante' }, ['financeSante', 'marketingSante']],
    [{ category: 'marketing', sector: 'sante' }, ['marketingSante']],
    [{ category: 'marketing', sector: 'sport', q: 'club' }, ['marketingSport']],
    [{ q: 'etude' }, ['marketingSante']],
    [{ q: 'Étude' }, ['marketingSante']],
    [{ q: 'financ' }, ['financeSante']],
    [{ q: 'levées' }, ['financeSante']],
    [{ q: 'pharmacie', sector: 'sport' }, []],
    [{ category: 'inconnue' }, []],
  ] as const)('filters %j', async (filters, expected) => {
    const seeded = await seedCommunityPosts()
    const page = await listFeed({ filters })
    expect(page.posts.map((post) => post.id)).toEqual(expected.map((key) => seeded[key].id))
  })

  it('pages through a filtered feed with no gap and no repeat', async () => {
    const author = await createProfile(db)
    await createPosts(
      db,
      Array.from({ length: 25 }, (_, index) => ({
        authorId: author.id,
        title: `Marketing ${index}`,
        categories: index % 2 ? ['marketing'] : ['rh'],
        createdAt: new Date(Date.parse('2026-05-01T08:00:00Z') + index * 1000),
      })),
    )
    const { seen } = await everyPage({ category: 'marketing' }, 5)
    expect(seen).toHaveLength(12)
    expect(new Set(seen).size).toBe(12)
  })

  it('pages through search results with no gap and no repeat; a full last page says it is the last', async () => {
    const author = await createProfile(db)
    await createPosts(
      db,
      Array.from({ length: 12 }, (_, index) => ({
        authorId: author.id,
        title: index % 3 ? `Prospection commerciale ${index}` : `Autre sujet ${index}`,
        createdAt: new Date(Date.parse('2026-05-02T08:00:00Z') + index * 1000),
      })),
    )
    const { seen, pages } = await everyPage({ q: 'prospection' }, 4)
    // 8 matches: two full pages, and the second one ends the results.
    expect(pages).toBe(2)
    expect(new Set(seen).size).toBe(8)
  })

  it("returns the viewer's vote and saved state in the same query, and nothing for a visitor", async () => {
    const { marketingSante, financeSante } = await seedCommunityPosts()
    const viewer = await createProfile(db)
    await castDemoVote(db, { postId: marketingSante.id, userId: viewer.userId, voteType: 'down' })
    await savePost(db, { postId: financeSante.id, userId: viewer.userId })
    const page = await listFeed({ viewerId: viewer.userId })
    const byId = new Map(page.posts.map((post) => [post.id, post]))
    expect(byId.get(marketingSante.id)).toMatchObject({
      viewerVote: 'down',
      viewerSaved: false,
      downvotes: 1,
    })
    expect(byId.get(financeSante.id)).toMatchObject({ viewerVote: null, viewerSaved: true })
    const visitor = await listFeed()
    expect(visitor.posts.every((post) => post.viewerVote === null && !post.viewerSaved)).toBe(true)
  })
})

/** The member's starred communities, as the feed's loader gets them with the viewer. */
async function favoritesOf(userId: string) {
  return (await loadViewer(userId))?.favorites ?? null
}

describe('communities', () => {
  it("lists categories and sectors in order, the viewer's favourites first after 'tous'", async () => {
    const viewer = await createProfile(db)
    expect(
      await setFavoriteCommunity({
        userId: viewer.userId,
        itemType: 'sector',
        name: 'sport',
        favorite: true,
      }),
    ).toEqual({ favorite: true, displayName: 'Sport' })
    expect(
      await setFavoriteCommunity({
        userId: viewer.userId,
        itemType: 'category',
        name: 'rh',
        favorite: true,
      }),
    ).toEqual({ favorite: true, displayName: 'RH' })
    const starred = await listStarredCommunities(await favoritesOf(viewer.userId))
    expect(starred).toEqual({ category: ['rh'], sector: ['sport'] })
    const lists = listCommunities(starred)
    expect(lists.categories.slice(0, 3).map((item) => [item.name, item.favorite])).toEqual([
      ['tous', false],
      ['rh', true],
      ['feedback', false],
    ])
    expect(lists.sectors.slice(0, 2).map((item) => item.name)).toEqual(['tous', 'sport'])
    expect(lists.sectors[1]?.icon).toBe('Dumbbell')
    expect(await listStarredCommunities(null)).toEqual({ category: [], sector: [] })
    const visitor = listCommunities(null)
    expect(visitor.categories.map((item) => item.name).slice(0, 3)).toEqual([
      'tous',
      'feedback',
      'idees-business',
    ])
    expect(visitor.categories).toHaveLength(23)
    expect(visitor.sectors).toHaveLength(30)
  })

  it('stars and unstars as asked, twice the same changing nothing, and refuses unknown communities and "tous"', async () => {
    const viewer = await createProfile(db)
    const marque = (favorite: boolean) =>
      setFavoriteCommunity({
        userId: viewer.userId,
        itemType: 'category',
        name: 'marque',
        favorite,
      })
    expect(await marque(true)).toEqual({ favorite: true, displayName: 'Marque' })
    // A form sent twice (a double click without JavaScript, a retry) stars once.
    expect(await marque(true)).toEqual({ favorite: true, displayName: 'Marque' })
    expect(await listStarredCommunities(await favoritesOf(viewer.userId))).toEqual({
      category: ['marque'],
      sector: [],
    })
    expect(await marque(false)).toEqual({ favorite: false, displayName: 'Marque' })
    expect(await marque(false)).toEqual({ favorite: false, displayName: 'Marque' })
    expect(
      await setFavoriteCommunity({
        userId: viewer.userId,
        itemType: 'category',
        name: 'inexistante',
        favorite: true,
      }),
    ).toBeNull()
    expect(
      await setFavoriteCommunity({
        userId: viewer.userId,
        itemType: 'sector',
        name: 'tous',
        favorite: true,
      }),
    ).toBeNull()
    expect(await listStarredCommunities(await favoritesOf(viewer.userId))).toEqual({
      category: [],
      sector: [],
    })
  })
})

describe('viewer', () => {
  it("reads a member's header details and starred communities together, none for a stranger", async () => {
    const viewer = await createProfile(db, { firstName: 'Chloé', lastName: 'Petit', avatar: null })
    expect(await loadViewer(viewer.userId)).toEqual({
      firstName: 'Chloé',
      lastName: 'Petit',
      avatar: null,
      favorites: { category: [], sector: [] },
    })
    const other = await createProfile(db)
    await setFavoriteCommunity({
      userId: other.userId,
      itemType: 'category',
      name: 'rh',
      favorite: true,
    })
    await setFavoriteCommunity({
      userId: viewer.userId,
      itemType: 'sector',
      name: 'sport',
      favorite: true,
    })
    const [sport] = await db
      .select({ id: sectors.id })
      .from(sectors)
      .where(eq(sectors.name, 'sport'))
    expect((await loadViewer(viewer.userId))?.favorites).toEqual({
      category: [],
      sector: [sport!.id],
    })
    expect(await loadViewer('personne')).toBeNull()
  })
})

describe('pagination boundaries', () => {
  it.each([
    [19, [19]],
    [20, [20]],
    [21, [20, 1]],
    [40, [20, 20]],
    [41, [20, 20, 1]],
  ])('%i posts make pages of %j', async (total, sizes) => {
    const author = await createProfile(db)
    await createPosts(
      db,
      Array.from({ length: total }, (_, index) => ({
        authorId: author.id,
        title: `Post ${index}`,
        createdAt: new Date(Date.parse('2026-03-01T08:00:00Z') + index * 1000),
      })),
    )
    const pages: number[] = []
    let cursor = null
    do {
      const page = await listFeed({ cursor })
      pages.push(page.posts.length)
      cursor = page.nextCursor
    } while (cursor)
    expect(pages).toEqual(sizes)
  })

  it('keeps its place while newer posts arrive between two pages', async () => {
    const author = await createProfile(db)
    const base = Date.parse('2026-03-01T08:00:00Z')
    await createPosts(
      db,
      Array.from({ length: 30 }, (_, index) => ({
        authorId: author.id,
        title: `Ancien ${index}`,
        createdAt: new Date(base + index * 1000),
      })),
    )
    const first = await listFeed({ limit: 10 })
    await createPosts(db, [
      { authorId: author.id, title: 'Tout nouveau', createdAt: new Date(base + 60_000) },
    ])
    const second = await listFeed({ limit: 10, cursor: first.nextCursor })
    const titles = [...first.posts, ...second.posts].map((post) => post.title)
    expect(titles).not.toContain('Tout nouveau')
    expect(new Set(titles).size).toBe(20)
    expect(second.posts[0]?.title).toBe('Ancien 19')
  })
})

describe('one SQL query per page', () => {
  it("reads a page with the viewer's state in a single round trip, a search page in two", async () => {
    const author = await createProfile(db)
    await createPosts(
      db,
      Array.from({ length: 25 }, (_, index) => ({ authorId: author.id, title: `P${index}` })),
    )
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client
    const spy = vi.spyOn(client, 'query')
    try {
      const page = await listFeed({ viewerId: author.userId, filters: { category: 'feedback' } })
      expect(page.posts.length).toBeGreaterThan(0)
      expect(spy).toHaveBeenCalledTimes(1)
      spy.mockClear()
      // The newest matches' ids (found among the newest posts here), then their cards.
      const search = await listFeed({
        viewerId: author.userId,
        filters: { category: 'feedback', q: 'p' },
      })
      expect(search.posts.length).toBe(20)
      expect(spy).toHaveBeenCalledTimes(2)
    } finally {
      spy.mockRestore()
    }
  })
})
