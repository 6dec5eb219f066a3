import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loader as rootLoader } from '../../app/root'
import { toFeedItem } from '../../app/features/feed/feed-item'
import { listFeed, readReferenceData } from '../../app/features/feed/feed.server'
import { loader, middleware } from '../../app/routes/feed'
import { loader as feedJsonLoader } from '../../app/routes/api/feed'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { sessions } from '../../app/server/db/schema'
import { parseJsonText } from '../../app/utils/json-text'
import { capture } from '../../scripts/bench/hot-queries'
import { castDemoVote, createPost, createProfile, savePost } from '../factories'
import { callRoute, form } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

type LoaderData = Awaited<ReturnType<typeof loader>>

/** Runs the feed loader as React Router would: through the session middleware. */
async function loadFeed(path: string): Promise<LoaderData> {
  const request = new Request(`http://localhost:3000${path}`)
  const context = new RouterContextProvider()
  let result: LoaderData | undefined
  await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: '' } as never,
    async () => {
      result = await loader({ request, context, params: {} } as never)
      return new Response(null)
    },
  )
  return result!
}

/**
 * A document request for the feed as React Router serves it: the session middleware, the feed
 * route's middleware, then the root's and the feed's loaders at once.
 */
async function loadFeedPage(path: string, cookie: string) {
  const request = new Request(`http://localhost:3000${path}`, { headers: { cookie } })
  const context = new RouterContextProvider()
  const args = { request, context, params: {}, unstable_pattern: '' } as never
  let loaded: [Awaited<ReturnType<typeof rootLoader>>, LoaderData] | undefined
  const response = await sessionMiddleware(args, async () => {
    await middleware[0]!(args, async () => {
      loaded = await Promise.all([rootLoader(args), loader(args)])
      return new Response(null)
    })
    return new Response(null)
  })
  const [root, feed] = loaded!
  return { root, feed, posts: parseJsonText(feed.posts), response: response as Response }
}

/** A member with a profile and a session, who voted for one post and saved another. */
async function memberWithState() {
  const author = await createProfile(db, { firstName: 'Paul', lastName: 'Girard' })
  // Dated apart: PGlite's clock ticks in milliseconds, and a tie would order them by their ids.
  const voted = await createPost(db, {
    authorId: author.id,
    title: 'Voté',
    categories: ['marketing'],
    createdAt: new Date(Date.now() - 60_000),
  })
  const saved = await createPost(db, { authorId: author.id, title: 'Sauvegardé' })
  const member = await createProfile(db, { firstName: 'Inès', lastName: 'Benali' })
  await castDemoVote(db, { postId: voted.id, userId: member.userId, voteType: 'up' })
  await savePost(db, { postId: saved.id, userId: member.userId })
  const cookie = await sessionCookie(member.userId)
  const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!
  return { member, cookie, token }
}

describe('a signed-in feed page in one statement (ADR 030)', () => {
  it('reads the session, the header and the page with the member’s state in one statement', async () => {
    const { member, cookie } = await memberWithState()
    // Read once per process, at start-up in production (startApp, ADR 036).
    await readReferenceData()
    let page: Awaited<ReturnType<typeof loadFeedPage>> | undefined
    const statements = await capture(async () => {
      page = await loadFeedPage('/feed', cookie)
    })
    expect(statements).toHaveLength(1)
    expect(page!.root.user).toEqual({ firstName: 'Inès', lastName: 'Benali', avatar: null })
    expect(page!.feed).toMatchObject({ signedIn: true, viewerId: member.userId })
    // The same page as listFeed reads for the member once the session is known.
    const reference = await listFeed({ viewerId: member.userId })
    expect(page!.posts).toEqual(JSON.parse(JSON.stringify(reference.posts.map(toFeedItem))))
    expect(page!.posts.map((post) => [post.title, post.viewerVote, post.viewerSaved])).toEqual([
      ['Sauvegardé', null, true],
      ['Voté', 'up', false],
    ])

    // A community's page, and the JSON of the next pages, in one statement too.
    const community = await capture(async () => {
      const filtered = await loadFeedPage('/feed?category=marketing', cookie)
      expect(filtered.posts.map((post) => [post.title, post.viewerVote])).toEqual([['Voté', 'up']])
    })
    expect(community).toHaveLength(1)
    const json = await capture(async () => {
      const request = new Request('http://localhost:3000/api/feed', { headers: { cookie } })
      const context = new RouterContextProvider()
      const args = { request, context, params: {}, unstable_pattern: '' } as never
      await sessionMiddleware(args, async () => {
        const answer = (await feedJsonLoader(args)) as Response
        const body = (await answer.json()) as { posts: { viewerSaved: boolean }[] }
        expect(body.posts.map((post) => post.viewerSaved)).toEqual([true, false])
        expect(answer.headers.get('cache-control')).toBe('private, no-store')
        return new Response(null)
      })
    })
    expect(json).toHaveLength(1)
  })

  it('reads an unknown community in the address as none: the whole feed, not an empty one with no filter to take off', async () => {
    const { cookie } = await memberWithState()
    await readReferenceData()
    for (const path of ['/feed?category=finance', '/feed?sector=inconnu', '/feed?category=tous']) {
      const page = await loadFeedPage(path, cookie)
      expect({ path, selection: page.feed.selection }).toMatchObject({
        path,
        selection: { category: null, sector: null, categoryLabel: null, sectorLabel: null },
      })
      expect(page.posts.map((post) => post.title)).toEqual(['Sauvegardé', 'Voté'])
    }
    // A known one still filters.
    const known = await loadFeedPage('/feed?category=marketing', cookie)
    expect(known.feed.selection).toMatchObject({ category: 'marketing' })
    expect(known.posts.map((post) => post.title)).toEqual(['Voté'])
  })

  it('shows a visitor’s page when the session it read has ended', async () => {
    const { cookie, token } = await memberWithState()
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token))
    const page = await loadFeedPage('/feed', cookie)
    expect(page.root.user).toBeNull()
    expect(page.feed).toMatchObject({ signedIn: false, viewerId: null })
    expect(page.posts.map((post) => [post.viewerVote, post.viewerSaved])).toEqual([
      [null, false],
      [null, false],
    ])
    // Better Auth deleted the session and cleared its cookie.
    expect(page.response.headers.getSetCookie().join('\n')).toMatch(/tremplin\.session_token=;/)
  })

  it('keeps the page of a session Better Auth extends, and reads the session alone after the last page', async () => {
    const { member, cookie, token } = await memberWithState()
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 29 * 24 * 60 * 60 * 1000 - 60_000) })
      .where(eq(sessions.token, token))
    const extended = await loadFeedPage('/feed', cookie)
    expect(extended.feed.viewerId).toBe(member.userId)
    expect(extended.posts.map((post) => post.viewerVote)).toEqual([null, 'up'])
    expect(extended.response.headers.getSetCookie().join('\n')).toMatch(
      /tremplin\.session_token=[^;]+;/,
    )

    // Past the last post the page has no row to carry the session on: it is read on its own.
    const past = await capture(async () => {
      const empty = await loadFeedPage(`/feed?cursor=2000-01-01T00:00:00Z_${member.id}`, cookie)
      expect(empty.posts).toEqual([])
      expect(empty.root.user).toMatchObject({ firstName: 'Inès' })
    })
    expect(past).toHaveLength(2)
  })
})

describe('the feed route', () => {
  it('shows the three sample articles while the database holds no post, and stores none', async () => {
    const empty = await loadFeed('/feed')
    expect(parseJsonText(empty.posts)).toEqual([])
    expect(empty.samples.map((article) => article.title)).toHaveLength(3)
    const dates = empty.samples.map((article) => article.publishedAt)
    expect(dates).toEqual(dates.toSorted().toReversed())

    // A filtered empty feed is an empty state, not an invitation to samples.
    expect((await loadFeed('/feed?category=marketing')).samples).toEqual([])

    const author = await createProfile(db)
    await createPost(db, { authorId: author.id, title: 'Premier vrai post' })
    const real = await loadFeed('/feed')
    expect(real.samples).toEqual([])
    expect(parseJsonText(real.posts).map((post) => post.title)).toEqual(['Premier vrai post'])
  })

  it('ignores malformed filters instead of failing', async () => {
    const result = await loadFeed(
      '/feed?category=%3Cscript%3E&sector=&q=%20%20&cursor=nimportequoi',
    )
    expect(result.selection).toMatchObject({ category: null, sector: null, q: null })
  })

  it('lists every community when the address asks for them all, with the filters kept', async () => {
    expect((await loadFeed('/feed')).allCommunities).toBe(false)
    const all = await loadFeed('/feed?sector=sante&communautes=toutes')
    expect(all.allCommunities).toBe(true)
    expect(all.selection).toMatchObject({ category: null, sector: 'sante' })
    expect((await loadFeed('/feed?communautes=oui')).allCommunities).toBe(false)
  })

  it('answers a star with data for a script, and with a redirect and a toast for a plain form', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const star = async (fields: Record<string, string>) => {
      const answer = await callRoute({ url: '/feed', cookie, body: form(fields) })
      return answer.location ? answer : { status: answer.status, body: JSON.parse(answer.text) }
    }
    const fields = { intent: 'favorite', itemType: 'sector', name: 'tourisme', favorite: 'true' }
    // Without redirectTo (a script of its own, not the sidebar's, ADR 051): the answer as data.
    expect(await star(fields)).toEqual({
      status: 200,
      body: { message: 'Ajouté aux favoris', type: 'success' },
    })
    // A plain form: back to the same feed.
    expect(
      await star({ ...fields, favorite: 'false', redirectTo: '/feed?sector=tourisme' }),
    ).toMatchObject({ status: 302, location: '/feed?sector=tourisme' })
  })

  it('answers a star sent by a script to /api/favorites in JSON: the new state, or a French refusal', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const star = async (fields: Record<string, string>) => {
      const answer = await callRoute({ url: '/api/favorites', cookie, body: form(fields) })
      return { status: answer.status, body: JSON.parse(answer.text) as unknown }
    }
    const fields = { intent: 'favorite', itemType: 'category', name: 'marketing', favorite: 'true' }
    expect(await star(fields)).toEqual({
      status: 200,
      body: { message: 'Ajouté aux favoris', type: 'success', favorite: true },
    })
    expect(await star({ ...fields, favorite: 'false' })).toEqual({
      status: 200,
      body: { message: 'Retiré des favoris', type: 'success', favorite: false },
    })
    expect(await star({ ...fields, name: 'pas-une-communaute' })).toEqual({
      status: 404,
      body: { message: 'Communauté introuvable.', type: 'error' },
    })
  })

  it('sends a visitor who stars a community to sign in', async () => {
    const answer = await callRoute({
      url: '/feed',
      body: form({
        intent: 'favorite',
        itemType: 'category',
        name: 'marketing',
        redirectTo: '/feed',
      }),
    })
    expect(answer).toMatchObject({ status: 302, location: '/auth?redirectTo=%2Ffeed' })
  })
})

describe('/api/feed and the caches in between', () => {
  it('varies with the cookie, and an answer that removes a dead session’s cookie is kept by none', async () => {
    const visitor = await callRoute({ url: '/api/feed' })
    expect(visitor.status).toBe(200)
    expect(visitor.headers.get('Cache-Control')).toBe('public, max-age=10')
    expect(visitor.headers.get('Vary')).toMatch(/\bCookie\b/)

    // A session ended elsewhere (signed out from another device): its cookie still comes.
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    await db.delete(sessions).where(eq(sessions.userId, member.userId))
    const dead = await callRoute({ url: '/api/feed', cookie })
    expect(dead.status).toBe(200)
    expect(dead.headers.getSetCookie().join('\n')).toMatch(/session_token=;/)
    expect(dead.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('keeps no answer that sets a cookie of its own in a shared cache, whatever its caching says', async () => {
    const request = new Request('http://localhost:3000/quelque-part')
    const args = { request, context: new RouterContextProvider(), params: {}, unstable_pattern: '' }
    const through = (headers: Record<string, string>) =>
      sessionMiddleware(
        args as never,
        async () => new Response('corps', { headers }),
      ) as Promise<Response>
    const shared = await through({
      'Cache-Control': 's-maxage=60',
      'Set-Cookie': 'choix=1; Path=/',
    })
    expect(shared.headers.get('Cache-Control')).toBe('private, no-store')
    // Already this browser's alone, or no cookie: left as the route said.
    const own = await through({ 'Cache-Control': 'private, max-age=60', 'Set-Cookie': 'choix=1' })
    expect(own.headers.get('Cache-Control')).toBe('private, max-age=60')
    const plain = await through({ 'Cache-Control': 'public, max-age=60' })
    expect(plain.headers.get('Cache-Control')).toBe('public, max-age=60')
  })
})
