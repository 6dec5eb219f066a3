import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { action as commentsAction } from '../../app/routes/api/comments'
import { action as favoritesAction } from '../../app/routes/api/favorites'
import { action as postActions } from '../../app/routes/api/post-actions'
import { action as feedAction } from '../../app/routes/feed'
import { action as profileEditAction } from '../../app/routes/profile.edit'
import { action as viewsAction } from '../../app/routes/api/views'
import { action as createAction } from '../../app/routes/post.create'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { favoriteCommunities, rateLimits } from '../../app/server/db/schema'
import { RATE_LIMITS } from '../../app/server/rate-limit.server'
import { createPost, createProfile } from '../factories'
import { countsOf } from '../setup/rate-counts'
import { startInsideOneWindow } from '../setup/rate-windows'
import { sessionCookie } from '../setup/session-cookie'

type Handler = (args: never) => Promise<unknown>

/** The status the handler answered with. */
async function post(...args: Parameters<typeof answer>): Promise<number> {
  const result = await answer(...args)
  if (result instanceof Response) return result.status
  return (result as { init?: { status?: number } } | undefined)?.init?.status ?? 200
}

/** What the handler answered or threw (a Response, or React Router's data). */
async function answer(
  handler: Handler,
  cookie: string,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | File>,
): Promise<unknown> {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  const request = new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { cookie, origin: 'http://localhost:3000' },
    body,
  })
  const context = new RouterContextProvider()
  let result: unknown
  await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: '' } as never,
    async () => {
      result = await handler({ request, context, params } as never).catch((error: unknown) => error)
      return new Response(null)
    },
  )
  return result
}

async function member() {
  const profile = await createProfile(db)
  return { ...profile, cookie: await sessionCookie(profile.userId) }
}

describe('per-member write limits', () => {
  it('posts: one per 10 seconds, per member', async () => {
    const [author, other] = [await member(), await member()]
    const fields = { title: 'Une question assez longue ?', categories: 'feedback' }
    await startInsideOneWindow(10_000)
    expect(await post(createAction, author.cookie, '/post/create', {}, fields)).toBe(302)
    expect(await post(createAction, author.cookie, '/post/create', {}, fields)).toBe(429)
    expect(await post(createAction, other.cookie, '/post/create', {}, fields)).toBe(302)
  })

  it('posts: attempts refused within 10 seconds do not use up the day’s 50', async () => {
    const author = await member()
    const fields = { title: 'Une question assez longue ?', categories: 'feedback' }
    await startInsideOneWindow(10_000)
    expect(await post(createAction, author.cookie, '/post/create', {}, fields)).toBe(302)
    for (let click = 0; click < 3; click++) {
      expect(await post(createAction, author.cookie, '/post/create', {}, fields)).toBe(429)
    }
    expect(await countsOf(`post-day:${author.userId}`)).toEqual([1])
  })

  it('posts: an attempt whose image cannot be stored leaves the 10 seconds and the day’s 50', async () => {
    const author = await member()
    const fields = { title: 'Une question assez longue ?', categories: 'feedback' }
    // Sent with the form, as without scripts: text that is not an image, refused when decoded.
    const notAnImage = new File(['pas une image'], 'photo.png', { type: 'image/png' })
    await startInsideOneWindow(10_000)
    const refused = await post(
      createAction,
      author.cookie,
      '/post/create',
      {},
      {
        ...fields,
        image: notAnImage,
      },
    )
    expect(refused).toBeGreaterThanOrEqual(400)
    expect(refused).not.toBe(429)
    // Another image chosen at once, or none: published, not told to wait.
    expect(await post(createAction, author.cookie, '/post/create', {}, fields)).toBe(302)
    expect(await countsOf(`post-day:${author.userId}`)).toEqual([1])
    // The image was decoded: it took one of the images' allowance, as an upload does.
    expect(await countsOf(`image-upload:account:${author.userId}`)).toEqual([1])
  })

  // Up to 30 s waiting for a fresh window, then the burst.
  it(
    'posts: 50 a day, per member; the 51st is refused even in a new 10-second window',
    { timeout: 90_000 },
    async () => {
      const [fiftieth, fiftyFirst] = [await member(), await member()]
      await startInsideOneWindow(RATE_LIMITS.postPerMemberDay.windowMs, 30_000)
      // The day's window as the limiter computes it, already counting 49 and 50 posts.
      const { windowMs } = RATE_LIMITS.postPerMemberDay
      const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs)
      await db.insert(rateLimits).values([
        { key: `post-day:${fiftieth.userId}`, windowStart, count: 49 },
        { key: `post-day:${fiftyFirst.userId}`, windowStart, count: 50 },
      ])
      const fields = { title: 'Une question assez longue ?', categories: 'feedback' }
      expect(await post(createAction, fiftieth.cookie, '/post/create', {}, fields)).toBe(302)
      // The two clicks in one 10-second window, or the second would pass that limit anyway.
      await startInsideOneWindow(RATE_LIMITS.postPerMemberBurst.windowMs)
      expect(await post(createAction, fiftyFirst.cookie, '/post/create', {}, fields)).toBe(429)
      // Clicked again within 10 s: still told the day's wait, not the 10 seconds'.
      const again = await answer(createAction, fiftyFirst.cookie, '/post/create', {}, fields)
      const retryAfter = Number(
        new Headers((again as { init?: ResponseInit }).init?.headers).get('Retry-After'),
      )
      expect(retryAfter).toBeGreaterThan(10)
    },
  )

  it('comments: one per 5 seconds, per member', async () => {
    const [reader, other] = [await member(), await member()]
    const author = await createProfile(db)
    const { id } = await createPost(db, { authorId: author.id })
    const path = `/api/posts/${id}/comments`
    const comment = { intent: 'comment', content: 'Bravo !' }
    await startInsideOneWindow(5_000)
    expect(await post(commentsAction, reader.cookie, path, { postId: id }, comment)).toBe(201)
    // Another text: the same one again is the comment already published (ADR 063, ADR 066).
    const refused = (await answer(
      commentsAction,
      reader.cookie,
      path,
      { postId: id },
      {
        ...comment,
        content: 'Bravo, et merci !',
      },
    )) as Response
    expect(refused.status).toBe(429)
    // A script is told when to try again, in the header as in the French message.
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(5)
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Trop de tentatives/)
    expect(await post(commentsAction, other.cookie, path, { postId: id }, comment)).toBe(201)
  })

  // Up to 30 s waiting for a fresh window, then the burst.
  it('votes: 60 per minute, per member', { timeout: 90_000 }, async () => {
    const voter = await member()
    const author = await createProfile(db)
    const { id } = await createPost(db, { authorId: author.id })
    const path = `/api/posts/${id}`
    await startInsideOneWindow(60_000, 30_000)
    for (let index = 0; index < 60; index++) {
      expect(
        await post(postActions, voter.cookie, path, { postId: id }, { intent: 'vote', type: 'up' }),
      ).toBe(200)
    }
    const refused = (await answer(
      postActions,
      voter.cookie,
      path,
      { postId: id },
      { intent: 'vote', type: 'up' },
    )) as Response
    expect(refused.status).toBe(429)
    // A script's vote is told when to try again, in the header as in the French message.
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/^Trop de tentatives/) })
  })

  // Up to 30 s waiting for a fresh window, then the burst.
  it('saves: 60 per minute, per member', { timeout: 90_000 }, async () => {
    const [saver, other] = [await member(), await member()]
    const { id } = await createPost(db, { authorId: other.id })
    const path = `/api/posts/${id}`
    const save = (who: { cookie: string }, saved: boolean) =>
      post(postActions, who.cookie, path, { postId: id }, { intent: 'save', saved: String(saved) })
    await startInsideOneWindow(60_000, 30_000)
    for (let index = 0; index < 60; index++) expect(await save(saver, index % 2 === 0)).toBe(200)
    expect(await save(saver, true)).toBe(429)
    expect(await save(other, true)).toBe(200)
  })

  // Up to 30 s waiting for a fresh window, then the burst.
  it('favourite communities: 30 per minute, per member', { timeout: 90_000 }, async () => {
    const [starrer, other] = [await member(), await member()]
    const star = (who: { cookie: string }, favorite: boolean) =>
      post(
        feedAction,
        who.cookie,
        '/feed',
        {},
        {
          intent: 'favorite',
          itemType: 'category',
          name: 'marketing',
          favorite: String(favorite),
          redirectTo: '/feed',
        },
      )
    await startInsideOneWindow(60_000, 30_000)
    for (let index = 0; index < 30; index++) expect(await star(starrer, index % 2 === 0)).toBe(302)
    const before = await db.select().from(favoriteCommunities)
    expect(await star(starrer, true)).toBe(302)
    expect(await db.select().from(favoriteCommunities)).toEqual(before)
    expect(await star(other, true)).toBe(302)
    expect(await db.select().from(favoriteCommunities)).toHaveLength(before.length + 1)
    // A script's star (the sidebar's, /api/favorites) is refused with the same limit, as JSON
    // with a Retry-After.
    const refused = (await answer(
      favoritesAction,
      starrer.cookie,
      '/api/favorites',
      {},
      {
        intent: 'favorite',
        itemType: 'category',
        name: 'marketing',
        favorite: 'false',
      },
    )) as Response
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await refused.json()).toEqual({
      message: expect.stringMatching(/^Trop de tentatives/) as string,
      type: 'error',
    })
  })

  it('profile and links: 20 saves an hour, per member, together', async () => {
    const [editor, other] = [await member(), await member()]
    const save = (who: { cookie: string }, index: number) =>
      post(
        profileEditAction,
        who.cookie,
        '/profile/edit',
        {},
        index % 2 === 0
          ? { intent: 'profile', firstName: `Awa${index}`, lastName: 'Diallo' }
          : { intent: 'links', 'links[0].title': 'Site', 'links[0].url': 'https://exemple.fr' },
      )
    await startInsideOneWindow(60 * 60_000)
    for (let index = 0; index < 20; index++) expect(await save(editor, index)).toBe(302)
    expect(await save(editor, 20)).toBe(429)
    const refused = (await answer(
      profileEditAction,
      editor.cookie,
      '/profile/edit',
      {},
      { intent: 'profile', firstName: 'Awa', lastName: 'Diallo' },
    )) as { init?: ResponseInit }
    expect(refused.init?.status).toBe(429)
    expect(Number(new Headers(refused.init?.headers).get('Retry-After'))).toBeGreaterThan(0)
    expect(await save(other, 0)).toBe(302)
  })
})

describe('view counting', () => {
  async function view(postId: string, ip: string, cookie?: string) {
    const request = new Request('http://localhost:3000/api/views', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-tremplin-client-ip': ip,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ postIds: [postId] }),
    })
    const context = new RouterContextProvider()
    // The middleware adds the cookies the action asked for to the response it returns.
    return (await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: '' } as never,
      async () => (await viewsAction({ request, context, params: {} } as never)) as Response,
    )) as Response
  }

  async function viewsOf(postId: string): Promise<number> {
    const row = await db.query.posts.findFirst({ where: (posts) => eq(posts.id, postId) })
    return row!.viewsCount
  }

  it('counts at most 20 new visitors an hour per address: dropping the cookie adds no more views', async () => {
    const author = await createProfile(db)
    const { id } = await createPost(db, { authorId: author.id })
    const before = await viewsOf(id)
    // Inside one hour, with room for a slow machine: the address's limit counts per hour, and a
    // viewer's day (Paris midnight falls on a full hour) must not turn over between two views.
    await startInsideOneWindow(60 * 60_000, 30_000)
    for (let visitor = 0; visitor < RATE_LIMITS.newViewerPerIp.limit; visitor++) {
      expect((await view(id, '203.0.113.7')).status).toBe(204)
    }
    expect(await viewsOf(id)).toBe(before + RATE_LIMITS.newViewerPerIp.limit)
    // The 21st visitor without a cookie from that address: answered, not counted.
    expect((await view(id, '203.0.113.7')).status).toBe(204)
    expect(await viewsOf(id)).toBe(before + RATE_LIMITS.newViewerPerIp.limit)
    // Another address still counts.
    const counted = await view(id, '198.51.100.4')
    expect(await viewsOf(id)).toBe(before + RATE_LIMITS.newViewerPerIp.limit + 1)
    // A visitor holding its cookie is known, whatever its address's new visitors: counted once a
    // day per post, as before.
    const cookie = counted.headers.get('set-cookie')?.split(';')[0] ?? ''
    expect(cookie).toMatch(/^tremplin\.viewer=/)
    const other = await createPost(db, { authorId: author.id })
    expect((await view(other.id, '203.0.113.7', cookie)).status).toBe(204)
    expect((await view(other.id, '203.0.113.7', cookie)).status).toBe(204)
    expect(await viewsOf(other.id)).toBe(1)
  })
})
