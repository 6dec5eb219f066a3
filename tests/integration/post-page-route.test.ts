import { eq, sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { COMMENT_EMPTY_MESSAGE } from '../../app/features/comments/comment.schema'
import type { RefusedComment } from '../../app/features/comments/comment-item'
import { readReferenceData } from '../../app/features/feed/feed.server'
import { postPageMeta, type PostPageData } from '../../app/features/posts/post-page'
import { loader as rootLoader } from '../../app/root'
import * as readableRoute from '../../app/routes/post.$author.$title'
import * as idRoute from '../../app/routes/post.$postId'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { sessions } from '../../app/server/db/schema'
import { RATE_LIMITS } from '../../app/server/rate-limit.server'
import { capture } from '../../scripts/bench/hot-queries'
import { castDemoVote, createComment, createPost, createProfile } from '../factories'
import { startInsideOneWindow } from '../setup/rate-windows'
import { callRoute, flashedToast, form } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

const readableLoader = readableRoute.loader
const idLoader = idRoute.loader

type Loader = (args: never) => Promise<unknown>

/** Runs a page loader through the session middleware, as React Router does, for a visitor. */
async function load(loader: Loader, path: string, params: Record<string, string | undefined>) {
  const request = new Request(`http://localhost:3000${path}`)
  const context = new RouterContextProvider()
  let result: unknown
  await sessionMiddleware({ request, context, params: {} } as never, async () => {
    result = await loader({ request, context, params } as never).catch((error: unknown) => error)
    return new Response(null)
  })
  return result
}

function metaOf(data: PostPageData) {
  const meta = postPageMeta(data)
  const byKey = (key: string, value: string) =>
    meta.find((item) => (item as Record<string, unknown>)[key] === value) as
      Record<string, string> | undefined
  const jsonLd = meta.find((item) => 'script:ld+json' in item) as
    { 'script:ld+json': Record<string, unknown> } | undefined
  return { meta, byKey, jsonLd: jsonLd?.['script:ld+json'] }
}

/**
 * A member's document request for a post page as React Router serves it: the session
 * middleware, the route's middleware, then the root's and the page's loaders at once.
 */
async function loadAsMember(
  route: typeof readableRoute | typeof idRoute,
  path: string,
  params: Record<string, string | undefined>,
  cookie: string,
) {
  const request = new Request(`http://localhost:3000${path}`, { headers: { cookie } })
  const context = new RouterContextProvider()
  const args = { request, context, params, unstable_pattern: '' } as never
  let loaded: [Awaited<ReturnType<typeof rootLoader>>, PostPageData] | undefined
  await sessionMiddleware(args, async () => {
    await route.middleware[0]!(args, async () => {
      loaded = await Promise.all([rootLoader(args), route.loader(args) as Promise<PostPageData>])
      return new Response(null)
    })
    return new Response(null)
  })
  const [root, page] = loaded!
  return { root, page }
}

describe('a member’s post page and session in one statement (ADR 030)', () => {
  it('reads the session with the post, by id and by readable route, and a visitor’s page once it ended', async () => {
    const author = await createProfile(db, { firstName: 'Nadia', lastName: 'Benali' })
    const member = await createProfile(db, { firstName: 'Inès', lastName: 'Morel' })
    const post = await createPost(db, { authorId: author.id, title: 'Quel statut pour démarrer ?' })
    await createComment(db, { postId: post.id, authorId: author.id, content: 'SASU !' })
    await castDemoVote(db, { postId: post.id, userId: member.userId, voteType: 'down' })
    const cookie = await sessionCookie(member.userId)
    // Read once per process, at start-up in production (startApp, ADR 036).
    await readReferenceData()
    const params = { author: 'nadia-benali', title: 'quel-statut-pour-demarrer' }

    const byId = await capture(async () => {
      const { root, page } = await loadAsMember(
        idRoute,
        `/post/${post.id}`,
        { postId: post.id },
        cookie,
      )
      expect(root.user).toMatchObject({ firstName: 'Inès', lastName: 'Morel' })
      expect(page).toMatchObject({ signedIn: true, viewerId: member.userId })
      expect(page.post).toMatchObject({ id: post.id, viewerVote: 'down' })
      expect(page.comments.comments.map((comment) => comment.content)).toEqual(['SASU !'])
    })
    // The card with the session, then the comments.
    expect(byId).toHaveLength(2)
    const byRoute = await capture(async () => {
      const { page } = await loadAsMember(
        readableRoute,
        '/post/nadia-benali/quel-statut-pour-demarrer',
        params,
        cookie,
      )
      expect(page.post).toMatchObject({ id: post.id, viewerVote: 'down' })
    })
    // The route resolved once, the card with the session, the comments.
    expect(byRoute).toHaveLength(3)

    const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, token))
    const ended = await loadAsMember(
      readableRoute,
      '/post/nadia-benali/quel-statut-pour-demarrer',
      params,
      cookie,
    )
    expect(ended.root.user).toBeNull()
    expect(ended.page).toMatchObject({ signedIn: false, viewerId: null })
    expect(ended.page.post.viewerVote).toBeNull()
  })

  it('answers 404 for a route or an id that names no post', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    for (const [route, path, params] of [
      [readableRoute, '/post/personne/rien', { author: 'personne', title: 'rien' }],
      [
        idRoute,
        '/post/00000000-0000-4000-8000-000000000000',
        { postId: '00000000-0000-4000-8000-000000000000' },
      ],
      [idRoute, '/post/pas-un-id', { postId: 'pas-un-id' }],
    ] as const) {
      const error = await loadAsMember(route, path, params, cookie).catch(
        (thrown: unknown) => thrown,
      )
      expect(error).toMatchObject({ init: { status: 404 } })
    }
    // The card with the session found no post, so the session is read alone; the post's
    // comments are not read at all.
    const unknown = '00000000-0000-4000-8000-000000000000'
    const statements = await capture(async () => {
      await expect(
        loadAsMember(idRoute, `/post/${unknown}`, { postId: unknown }, cookie),
      ).rejects.toMatchObject({ data: 'Post non trouvé', init: { status: 404 } })
    })
    expect(statements).toHaveLength(2)
    expect(statements.map((statement) => statement.text).join('\n')).not.toMatch(/from "comments"/)
  })
})

describe('a readable route after its author’s rename (ADR 053)', () => {
  it('sends a former slug on to the same post (not permanently: it may come back), and a slug nobody holds to 404', async () => {
    const author = await createProfile(db, { firstName: 'Léon', lastName: 'Gaumont' })
    const post = await createPost(db, {
      authorId: author.id,
      title: 'Un studio en 1895',
      createdAt: new Date('2026-03-04T09:15:00Z'),
    })
    await createPost(db, {
      authorId: author.id,
      title: 'Un studio en 1895',
      createdAt: new Date('2026-03-05T09:15:00Z'),
    })
    await db.execute(sql`update profiles set last_name = 'Gaumont-Pathé' where id = ${author.id}`)

    const moved = (await load(readableLoader, '/post/leon-gaumont/un-studio-en-1895', {
      author: 'leon-gaumont',
      title: 'un-studio-en-1895',
    })) as Response
    expect(moved.status).toBe(302)
    expect(moved.headers.get('location')).toBe('/post/leon-gaumont-pathe/un-studio-en-1895')
    const dated = (await load(readableLoader, '/post/leon-gaumont/un-studio-en-1895/2026-03-05', {
      author: 'leon-gaumont',
      title: 'un-studio-en-1895',
      date: '2026-03-05',
    })) as Response
    expect(dated.headers.get('location')).toBe(
      '/post/leon-gaumont-pathe/un-studio-en-1895/2026-03-05',
    )

    const page = (await load(readableLoader, '/post/leon-gaumont-pathe/un-studio-en-1895', {
      author: 'leon-gaumont-pathe',
      title: 'un-studio-en-1895',
    })) as PostPageData
    expect(page.post.id).toBe(post.id)
    // The current slug with a title it never wrote, and a slug nobody holds: no post.
    for (const slug of ['leon-gaumont-pathe', 'leon-gaumont-2']) {
      const missing = await load(readableLoader, `/post/${slug}/autre-titre`, {
        author: slug,
        title: 'autre-titre',
      })
      expect(missing).toMatchObject({ init: { status: 404 } })
    }
  })

  it('tells no one a former name’s new one: a former slug with a title that names no post is 404', async () => {
    // Renamed, and never published: their former name must not lead to the new one.
    const renamed = await createProfile(db, { firstName: 'Jean', lastName: 'Dupont' })
    await db.execute(
      sql`update profiles set first_name = 'Marie', last_name = 'Durand' where id = ${renamed.id}`,
    )
    const probed = await load(readableLoader, '/post/jean-dupont/x', {
      author: 'jean-dupont',
      title: 'x',
    })
    expect(probed).toMatchObject({ init: { status: 404 } })
  })
})

describe('the post pages', () => {
  it('load a post by id and by its readable route, with its comments', async () => {
    const author = await createProfile(db, { firstName: 'Nadia', lastName: 'Benali' })
    const reader = await createProfile(db)
    const post = await createPost(db, {
      authorId: author.id,
      title: 'Quel statut pour démarrer ?',
      content: 'Micro-entreprise ou SASU, vos retours sont bienvenus.',
    })
    await createComment(db, { postId: post.id, authorId: reader.id, content: 'SASU !' })

    const byId = (await load(idLoader, `/post/${post.id}`, { postId: post.id })) as PostPageData
    expect(byId.post).toMatchObject({
      id: post.id,
      url: '/post/nadia-benali/quel-statut-pour-demarrer',
    })
    expect(byId.comments.comments.map((comment) => comment.content)).toEqual(['SASU !'])

    const byRoute = (await load(readableLoader, byId.post.url, {
      author: 'nadia-benali',
      title: 'quel-statut-pour-demarrer',
    })) as PostPageData
    expect(byRoute.post.id).toBe(post.id)

    const { byKey, jsonLd } = metaOf(byRoute)
    expect(byKey('title', 'Quel statut pour démarrer ? · Tremplin')).toBeDefined()
    expect(byKey('rel', 'canonical')?.href).toBe(
      'http://localhost:3000/post/nadia-benali/quel-statut-pour-demarrer',
    )
    expect(byKey('property', 'og:description')?.content).toBe(
      'Micro-entreprise ou SASU, vos retours sont bienvenus.',
    )
    expect(byKey('name', 'twitter:card')?.content).toBe('summary')
    expect(jsonLd).toMatchObject({
      '@type': 'DiscussionForumPosting',
      headline: 'Quel statut pour démarrer ?',
      author: { '@type': 'Person', name: 'Nadia Benali' },
      commentCount: 1,
    })
  })

  /** The page data of a dated event at `eventLocation`. */
  async function eventPage(fields: {
    eventLocation: string
    price?: number
    imageUrl?: string
    imageAlt?: string
  }) {
    const author = await createProfile(db)
    const post = await createPost(db, {
      authorId: author.id,
      type: 'evenement',
      title: 'Apéro des fondateurs',
      eventDate: new Date('2026-12-04T17:30:00Z'),
      ...fields,
    })
    return (await load(idLoader, `/post/${post.id}`, { postId: post.id })) as PostPageData
  }

  it('describe a dated event as an Event with its place and price', async () => {
    const data = await eventPage({
      eventLocation: 'Lyon',
      price: 10,
      imageUrl: '/uploads/posts/00000000-0000-4000-8000-000000000000.webp',
      imageAlt: 'Une terrasse de café à Lyon, des verres levés',
    })
    const { byKey, jsonLd } = metaOf(data)
    expect(jsonLd).toMatchObject({
      '@type': 'Event',
      name: 'Apéro des fondateurs',
      startDate: '2026-12-04T17:30:00.000Z',
      location: { '@type': 'Place', name: 'Lyon' },
      offers: { price: 10, priceCurrency: 'EUR' },
      image: {
        '@type': 'ImageObject',
        url: 'http://localhost:3000/uploads/posts/00000000-0000-4000-8000-000000000000.webp',
        caption: 'Une terrasse de café à Lyon, des verres levés',
      },
    })
    expect(byKey('property', 'og:image')?.content).toBe(
      'http://localhost:3000/uploads/posts/00000000-0000-4000-8000-000000000000.webp',
    )
    expect(byKey('name', 'twitter:card')?.content).toBe('summary_large_image')
  })

  it('describe an event at a venue given with its site as held there', async () => {
    const where = 'Le Wagon, Lyon (https://www.lewagon.com/lyon)'
    expect(metaOf(await eventPage({ eventLocation: where })).jsonLd).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: where },
    })
  })

  it.each([
    ['En ligne', undefined],
    ['Visioconférence (lien envoyé aux inscrits)', undefined],
    ['Webinaire (https://meet.exemple.fr/apero).', 'https://meet.exemple.fr/apero'],
  ])('describe an event « %s » as online, at its link or the post’s', async (where, link) => {
    const data = await eventPage({ eventLocation: where })
    expect(metaOf(data).jsonLd).toMatchObject({
      '@type': 'Event',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: {
        '@type': 'VirtualLocation',
        url: link ?? `http://localhost:3000${data.post.url}`,
      },
    })
  })

  it.each([
    ['a blank id', idLoader, { postId: ' ' }, 400, 'ID du post manquant'],
    ['a malformed id', idLoader, { postId: 'abc' }, 404, 'Post non trouvé'],
    [
      'an unknown id',
      idLoader,
      { postId: '00000000-0000-4000-8000-000000000000' },
      404,
      'Post non trouvé',
    ],
    [
      'an unknown route',
      readableLoader,
      { author: 'personne', title: 'rien' },
      404,
      'Post non trouvé',
    ],
    [
      'a malformed route',
      readableLoader,
      { author: 'Personne', title: 'rien' },
      404,
      'Post non trouvé',
    ],
  ] as const)(
    'answer %s with an error status and its French message',
    async (_, loader, params, status, message) => {
      // React Router turns the thrown data() into the error response the boundary receives.
      const error = await load(loader as Loader, '/post/x', params)
      expect(error).toMatchObject({ type: 'DataWithResponseInit', data: message, init: { status } })
    },
  )
})

describe('a post page for no post', () => {
  // Two connections at once: on PostgreSQL only (PGlite runs one statement at a time).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'answers 404 only once its comments’ query has ended, leaving nothing running',
    async () => {
      let answer: Promise<unknown> | undefined
      let answeredWhileHeld = false
      await db.transaction(async (tx) => {
        // The comments' query waits for this lock; the post's read does not.
        await tx.execute(sql`lock table comments in access exclusive mode`)
        answer = load(idLoader, '/post/x', { postId: '00000000-0000-4000-8000-000000000000' })
        void answer.then(() => (answeredWhileHeld = true))
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(answeredWhileHeld).toBe(false)
      })
      expect(await answer).toMatchObject({ data: 'Post non trouvé', init: { status: 404 } })
    },
  )
})

describe('a comment sent from the post page without a script (ADR 066)', () => {
  it('is published and sent back to the page’s comments; refused, the page keeps its text', async () => {
    const author = await createProfile(db, { firstName: 'Nadia', lastName: 'Benali' })
    const reader = await createProfile(db)
    const cookie = await sessionCookie(reader.userId)
    const post = await createPost(db, { authorId: author.id, title: 'Quel statut pour démarrer ?' })
    // The form posts to the post by id, and names the page it was on (a readable route here).
    const back = `/post/nadia-benali/quel-statut-pour-demarrer#post-${post.id}-comments`
    const send = (content: string, who: string | null = cookie) =>
      callRoute({
        url: `/post/${post.id}`,
        cookie: who,
        body: form({ intent: 'comment', content, redirectTo: back }),
      })
    const comments = async () =>
      (
        await db.execute<{ content: string }>(
          sql`select content from comments where post_id = ${post.id} order by created_at`,
        )
      ).rows.map((row) => row.content)

    // A visitor signs in first, back to the page.
    const visitor = await send('Bonjour', null)
    expect(visitor.status).toBe(302)
    expect(visitor.location).toBe(`/auth?redirectTo=${encodeURIComponent(back)}`)

    // Blank once trimmed: refused, what was sent given back (400), nothing written.
    const blank = await send('   ')
    expect(blank.status).toBe(400)
    expect(JSON.parse(blank.text)).toEqual({
      refusedComment: { message: COMMENT_EMPTY_MESSAGE, content: '   ' },
    })

    await startInsideOneWindow(RATE_LIMITS.commentPerMember.windowMs)
    const published = await send('SASU, sans hésiter.')
    expect(published.status).toBe(302)
    expect(published.location).toBe(back)
    expect(flashedToast(published)).toMatchObject({
      type: 'success',
      message: 'Commentaire publié',
    })

    // The same text again at once (a double click): the comment published, not a refusal.
    const again = await send('SASU, sans hésiter.')
    expect(again.status).toBe(302)
    expect(again.location).toBe(back)
    expect(flashedToast(again)).toMatchObject({ type: 'success', message: 'Commentaire publié' })

    // Another text at once: 429 with Retry-After, the text given back, nothing written.
    const tooSoon = await send('Et pour la TVA ?')
    expect(tooSoon.status).toBe(429)
    expect(Number(tooSoon.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    const { refusedComment } = JSON.parse(tooSoon.text) as { refusedComment: RefusedComment }
    expect(refusedComment.content).toBe('Et pour la TVA ?')
    expect(refusedComment.message).toMatch(/^Trop de tentatives/)
    expect(await comments()).toEqual(['SASU, sans hésiter.'])
    const [{ count }] = (
      await db.execute<{ count: number }>(
        sql`select comments_count as count from posts where id = ${post.id}`,
      )
    ).rows as [{ count: number }]
    expect(count).toBe(1)

    // A target off the site is not followed.
    await startInsideOneWindow(RATE_LIMITS.commentPerMember.windowMs)
    const offSite = await callRoute({
      url: `/post/${post.id}`,
      cookie,
      body: form({
        intent: 'comment',
        content: 'Merci !',
        redirectTo: 'https://ailleurs.example/',
      }),
    })
    expect(offSite.status).toBe(302)
    expect(offSite.location).toBe('/feed')
  })
})
