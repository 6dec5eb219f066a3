import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '../../app/server/db/db.server'
import { createPost, createProfile } from '../factories'
import { callRoute, flashedToast, form, ORIGIN } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

const MESSAGE = 'Une erreur est survenue. Veuillez réessayer.'

/** A save that the database fails (its table gone for the test): not an expected refusal. */
async function saveWhileTheTableIsGone(headers: Record<string, string>) {
  const author = await createProfile(db)
  const reader = await createProfile(db)
  const post = await createPost(db, { authorId: author.id })
  await db.execute(sql`alter table saved_posts rename to saved_posts_ailleurs`)
  return callRoute({
    url: `/api/posts/${post.id}`,
    cookie: await sessionCookie(reader.userId),
    headers: { origin: ORIGIN, ...headers },
    body: form({ intent: 'save', saved: 'true', redirectTo: '/feed' }),
  })
}

describe('a resource route that fails unexpectedly', () => {
  afterEach(async () => {
    await db.execute(sql`alter table if exists saved_posts_ailleurs rename to saved_posts`)
  })

  it('sends a form sent without scripts back to its page, the failure told in French', async () => {
    const answer = await saveWhileTheTableIsGone({
      'sec-fetch-mode': 'navigate',
      referer: `${ORIGIN}/feed?category=marketing`,
    })
    expect({ status: answer.status, location: answer.location }).toEqual({
      status: 303,
      location: '/feed?category=marketing',
    })
    expect(flashedToast(answer)).toMatchObject({ type: 'error', message: MESSAGE })
  })

  it("answers a script's request with the French message, not React Router's English", async () => {
    const answer = await saveWhileTheTableIsGone({ 'sec-fetch-mode': 'cors' })
    expect({
      status: answer.status,
      type: answer.headers.get('Content-Type'),
      text: answer.text,
    }).toEqual({ status: 500, type: 'text/plain; charset=utf-8', text: MESSAGE })
  })

  it('sends nobody to another site: a foreign referrer gets the message as text', async () => {
    const answer = await saveWhileTheTableIsGone({
      'sec-fetch-mode': 'navigate',
      referer: 'https://ailleurs.example/feed',
    })
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 500, text: MESSAGE })
  })
})
