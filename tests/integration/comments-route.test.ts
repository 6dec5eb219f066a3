import { sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, signUp } from '../../app/features/auth/accounts.server'
import { action, loader } from '../../app/routes/api/comments'
import { getAuth } from '../../app/server/auth/auth.server'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { createMailer, useMailer } from '../../app/server/mail/mailer.server'
import { createComment, createComments, createPost, createProfile } from '../factories'
import { linksIn, startSmtpCapture, type SmtpCapture } from '../setup/smtp'

const ORIGIN = 'http://localhost:3000'
let smtp: SmtpCapture
let ipCounter = 0

beforeAll(async () => {
  smtp = await startSmtpCapture()
  useMailer(
    createMailer({ smtpUrl: smtp.url, from: 'Tremplin <test@tremplin.local>', mailDir: '' }),
  )
})

afterAll(async () => {
  await smtp.close()
})

/** Signs up, confirms through the mailed link and signs in: the member's Cookie header. */
async function signedInMember(email: string): Promise<{ cookie: string; userId: string }> {
  const meta = () => ({ ip: `203.0.113.${++ipCounter}`, headers: new Headers({ origin: ORIGIN }) })
  const password = 'Lancement-2026!'
  expect(
    await signUp({ email, password, firstName: 'Awa', lastName: 'Diallo', ...meta() }),
  ).toEqual({ ok: true })
  const mail = await smtp.waitForMail(email, { subject: /Confirmez/ })
  await getAuth().handler(new Request(linksIn(mail)[0]!, { headers: { origin: ORIGIN } }))
  const outcome = await signIn({ email, password, ...meta() })
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.message}`)
  const cookie = outcome.cookies.map((value) => value.split(';')[0]).join('; ')
  const [user] = (
    await db.execute<{ id: string }>(sql`select id from users where email = ${email}`)
  ).rows as [{ id: string }]
  return { cookie, userId: user.id }
}

/**
 * Runs the route as React Router would, through the session middleware; a thrown Response (a
 * redirect) is the answer too. Returns the final response, with the cookies the middleware set.
 */
async function call(
  handler: typeof action | typeof loader,
  postId: string,
  init: { form?: Record<string, string>; cookie?: string; search?: string } = {},
): Promise<Response> {
  const headers = new Headers({ origin: ORIGIN })
  if (init.cookie) headers.set('cookie', init.cookie)
  let body: FormData | undefined
  if (init.form) {
    body = new FormData()
    for (const [key, value] of Object.entries(init.form)) body.set(key, value)
  }
  const request = new Request(`${ORIGIN}/api/posts/${postId}/comments${init.search ?? ''}`, {
    method: body ? 'POST' : 'GET',
    headers,
    body,
  })
  const context = new RouterContextProvider()
  return sessionMiddleware(
    { request, context, params: { postId }, unstable_pattern: '' } as never,
    async () => {
      try {
        return (await handler({ request, context, params: { postId } } as never)) as Response
      } catch (error) {
        if (error instanceof Response) return error
        throw error
      }
    },
  ) as Promise<Response>
}

async function tally(postId: string) {
  const result = await db.execute<{ counter: number; rows: number }>(sql`
    select p.comments_count as counter,
           (select count(*)::int from comments c where c.post_id = p.id) as rows
    from posts p where p.id = ${postId}`)
  return result.rows[0]!
}

async function somePost() {
  const author = await createProfile(db, { firstName: 'Hugo', lastName: 'Roux' })
  return createPost(db, { authorId: author.id })
}

describe('GET /api/posts/:postId/comments', () => {
  it('answers the comments as JSON, oldest first, never cached', async () => {
    const post = await somePost()
    await createComment(db, {
      postId: post.id,
      authorId: post.authorId,
      content: 'Premier',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    })
    await createComment(db, {
      postId: post.id,
      authorId: post.authorId,
      content: 'Second',
      createdAt: new Date('2026-01-01T11:00:00Z'),
    })
    const response = await call(loader, post.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = await response.json()
    expect(body.commentsCount).toBe(2)
    expect(body.comments.map((comment: { content: string }) => comment.content)).toEqual([
      'Premier',
      'Second',
    ])
    expect(body.comments[0]).toMatchObject({
      createdAt: '2026-01-01T10:00:00.000Z',
      author: { firstName: 'Hugo', lastName: 'Roux', avatar: null },
    })
  })

  it('gives the most recent 100, then the older ones from ?avant=, each once', async () => {
    const post = await somePost()
    await createComments(
      db,
      Array.from({ length: 102 }, (_, index) => ({
        postId: post.id,
        authorId: post.authorId,
        content: `Commentaire ${index + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    )
    await db.execute(sql`update posts set comments_count = 102 where id = ${post.id}`)
    const recent = await (await call(loader, post.id)).json()
    expect(recent.comments).toHaveLength(100)
    expect(recent.comments[0].content).toBe('Commentaire 3')
    expect(recent.olderCursor).toEqual(expect.any(String))

    const older = await (
      await call(loader, post.id, {
        search: `?${new URLSearchParams({ avant: recent.olderCursor })}`,
      })
    ).json()
    expect(older.comments.map((comment: { content: string }) => comment.content)).toEqual([
      'Commentaire 1',
      'Commentaire 2',
    ])
    expect(older).toMatchObject({ commentsCount: 102, olderCursor: null })

    // A cursor that is not one lists from the most recent, as without it.
    const malformed = await (await call(loader, post.id, { search: '?avant=hier' })).json()
    expect(malformed.comments[0].content).toBe('Commentaire 3')
  })

  it('answers 404 with the French message for an unknown or malformed post id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const response = await call(loader, id)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: 'Post non trouvé' })
    }
  })
})

describe('POST /api/posts/:postId/comments', () => {
  it('sends a visitor to sign in, back to the page of the form, and stores nothing', async () => {
    const post = await somePost()
    const fromScript = await call(action, post.id, {
      form: { intent: 'comment', content: 'Bonjour' },
    })
    expect(fromScript.status).toBe(302)
    expect(fromScript.headers.get('location')).toBe('/auth?redirectTo=%2Ffeed')

    const fromForm = await call(action, post.id, {
      form: { intent: 'comment', content: 'Bonjour', redirectTo: '/feed?sector=sante' },
    })
    expect(fromForm.headers.get('location')).toBe(
      `/auth?redirectTo=${encodeURIComponent('/feed?sector=sante')}`,
    )
    expect(await tally(post.id)).toEqual({ counter: 0, rows: 0 })
  })

  it('adds a member’s comment: 201 with the comment and the new count, as JSON', async () => {
    const post = await somePost()
    const member = await signedInMember('awa@example.fr')
    const response = await call(action, post.id, {
      form: { intent: 'comment', content: '  Très utile, merci !  ' },
      cookie: member.cookie,
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('content-type')).toMatch(/application\/json/)
    const body = await response.json()
    expect(body).toMatchObject({
      commentsCount: 1,
      comment: {
        postId: post.id,
        content: 'Très utile, merci !',
        author: { userId: member.userId, firstName: 'Awa', lastName: 'Diallo' },
      },
    })
    expect(Date.parse(body.comment.createdAt)).not.toBeNaN()
    expect(await tally(post.id)).toEqual({ counter: 1, rows: 1 })

    // And the author deletes it.
    const deleted = await call(action, post.id, {
      form: { intent: 'delete-comment', commentId: body.comment.id },
      cookie: member.cookie,
    })
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ deleted: body.comment.id, commentsCount: 0 })
    expect(await tally(post.id)).toEqual({ counter: 0, rows: 0 })
  })

  it('refuses an empty or too long comment with a 400 and the French message', async () => {
    const post = await somePost()
    const member = await signedInMember('lea@example.fr')
    const cases = [
      ['', 'Le commentaire ne peut pas être vide.'],
      ['   \n ', 'Le commentaire ne peut pas être vide.'],
      ['x'.repeat(2001), 'Le commentaire contient au plus 2\u202F000 caractères.'],
    ] as const
    for (const [content, error] of cases) {
      const response = await call(action, post.id, {
        form: { intent: 'comment', content },
        cookie: member.cookie,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error })
    }
    const unknown = await call(action, post.id, {
      form: { intent: 'nimporte' },
      cookie: member.cookie,
    })
    expect(unknown.status).toBe(400)
    expect(await tally(post.id)).toEqual({ counter: 0, rows: 0 })
  })

  it('answers 403 to someone else deleting a comment, and 404 to an unknown post', async () => {
    const post = await somePost()
    const comment = await createComment(db, { postId: post.id, authorId: post.authorId })
    const member = await signedInMember('hugo@example.fr')
    const forbidden = await call(action, post.id, {
      form: { intent: 'delete-comment', commentId: comment.id },
      cookie: member.cookie,
    })
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toEqual({ error: 'Accès non autorisé' })
    expect(await tally(post.id)).toEqual({ counter: 1, rows: 1 })

    const missing = await call(action, '00000000-0000-4000-8000-000000000000', {
      form: { intent: 'comment', content: 'Bonjour' },
      cookie: member.cookie,
    })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'Post non trouvé' })
  })

  it('without JavaScript, goes back to the form’s page with a toast', async () => {
    const post = await somePost()
    const member = await signedInMember('ines@example.fr')
    const published = await call(action, post.id, {
      form: { intent: 'comment', content: 'Sans script', redirectTo: '/post/abc' },
      cookie: member.cookie,
    })
    expect(published.status).toBe(302)
    expect(published.headers.get('location')).toBe('/post/abc')
    expect(published.headers.getSetCookie().join('\n')).toMatch(/tremplin\.toast=/)
    expect(await tally(post.id)).toEqual({ counter: 1, rows: 1 })

    // An empty comment goes back too (with an error toast), and an off-site target is refused.
    const refused = await call(action, post.id, {
      form: { intent: 'comment', content: ' ', redirectTo: 'https://ailleurs.example/' },
      cookie: member.cookie,
    })
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe('/feed')
    expect(refused.headers.getSetCookie().join('\n')).toMatch(/tremplin\.toast=/)

    const [{ id }] = (
      await db.execute<{ id: string }>(sql`select id from comments where post_id = ${post.id}`)
    ).rows as [{ id: string }]
    const deleted = await call(action, post.id, {
      form: { intent: 'delete-comment', commentId: id, redirectTo: '/feed' },
      cookie: member.cookie,
    })
    expect(deleted.headers.get('location')).toBe('/feed')
    expect(await tally(post.id)).toEqual({ counter: 0, rows: 0 })
  })
})
