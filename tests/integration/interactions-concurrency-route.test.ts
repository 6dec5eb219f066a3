import { sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { action } from '../../app/routes/api/post-actions'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { RATE_LIMITS } from '../../app/server/rate-limit.server'
import { createPost, createProfile, createProfiles } from '../factories'
import { sessionCookie } from '../setup/session-cookie'

/** POST /api/posts/{id} through the session middleware, as React Router runs it. */
async function post(postId: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  const request = new Request(`http://localhost:3000/api/posts/${postId}`, {
    method: 'POST',
    headers: { cookie },
    body,
  })
  const context = new RouterContextProvider()
  try {
    return (await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: '' } as never,
      async () => (await action({ request, context, params: { postId } } as never)) as Response,
    )) as Response
  } catch (error) {
    // What React Router would answer for an error escaping the route.
    return error instanceof Response ? error : new Response(String(error), { status: 500 })
  }
}

async function counts(postId: string) {
  const result = await db.execute<{
    upvotes: number
    downvotes: number
    up: number
    down: number
    rows: number
    voters: number
  }>(sql`
    select p.upvotes, p.downvotes,
      (select count(*)::int from post_votes where post_id = p.id and vote_type = 'up') as up,
      (select count(*)::int from post_votes where post_id = p.id and vote_type = 'down') as down,
      (select count(*)::int from post_votes where post_id = p.id) as rows,
      (select count(distinct user_id)::int from post_votes where post_id = p.id) as voters
    from posts p where p.id = ${postId}`)
  return result.rows[0]!
}

describe('votes and saves over HTTP, concurrently', () => {
  it('answers 50 members toggling votes 20 times each without a 5xx, counts exact', async () => {
    const author = await createProfile(db)
    const members = await createProfiles(
      db,
      Array.from({ length: 50 }, () => ({})),
    )
    const cookies = await Promise.all(members.map((member) => sessionCookie(member.userId)))
    const posts = [
      await createPost(db, { authorId: author.id, title: 'Post A' }),
      await createPost(db, { authorId: author.id, title: 'Post B' }),
    ]
    const responses = await Promise.all(
      cookies.flatMap((cookie, memberIndex) =>
        Array.from({ length: 20 }, (_, round) =>
          post(posts[(memberIndex + round) % 2]!.id, cookie, {
            intent: 'vote',
            type: (memberIndex * 7 + round * 3) % 5 < 3 ? 'up' : 'down',
          }),
        ),
      ),
    )
    const statuses = Map.groupBy(responses, (response) => response.status)
    expect([...statuses.keys()]).toEqual([200])
    expect(responses).toHaveLength(1000)
    for (const { id } of posts) {
      const stored = await counts(id)
      expect(stored.upvotes).toBe(stored.up)
      expect(stored.downvotes).toBe(stored.down)
      expect(stored.voters).toBe(stored.rows)
    }
  }, 180_000)

  it('keeps one saved row for identical concurrent saves, as many as a member may send a minute, all answered 200', async () => {
    const author = await createProfile(db)
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const { id } = await createPost(db, { authorId: author.id })
    const responses = await Promise.all(
      Array.from({ length: RATE_LIMITS.savePerMember.limit }, () =>
        post(id, cookie, { intent: 'save', saved: 'true' }),
      ),
    )
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([200]))
    const result = await db.execute<{ rows: number }>(
      sql`select count(*)::int as rows from saved_posts where post_id = ${id}`,
    )
    expect(result.rows[0]!.rows).toBe(1)
  }, 120_000)
})
