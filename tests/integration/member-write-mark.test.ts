// The session middleware marks the answer to a signed-in member's write, and only that one:
// visitors' kept pages (ADR 040) are rendered anew after a member's write, and outlive what a
// visitor sends (app/server/visitor-pages.server.ts takes the mark off before sending).
import { describe, expect, it } from 'vitest'
import { db } from '../../app/server/db/db.server'
import { MEMBER_WRITE_HEADER } from '../../app/server/visitor-pages.server'
import { createPost, createProfile } from '../factories'
import { callRoute, form } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

describe('the member-write mark', () => {
  it("is on a member's write, not on a visitor's nor on a member's read", async () => {
    const member = await createProfile(db, { firstName: 'Awa', lastName: 'Diallo' })
    const cookie = await sessionCookie(member.userId)
    const post = await createPost(db, { authorId: member.id, title: 'Un post à voter' })
    const vote = () => form({ intent: 'vote', type: 'up' })

    const asVisitor = [
      await callRoute({ url: `/api/posts/${post.id}`, body: vote() }),
      await callRoute({ url: '/auth/sign-out', body: form({}) }),
      await callRoute({
        url: '/contact',
        body: form({ name: 'Awa', email: 'awa@exemple.fr', subject: 'Bonjour', message: 'Salut' }),
      }),
    ]
    expect(asVisitor.map((answer) => answer.status)).toEqual([302, 302, 200])
    for (const answer of asVisitor) expect(answer.headers.has(MEMBER_WRITE_HEADER)).toBe(false)

    const read = await callRoute({ url: '/feed', cookie })
    expect(read.headers.has(MEMBER_WRITE_HEADER)).toBe(false)

    const written = await callRoute({ url: `/api/posts/${post.id}`, cookie, body: vote() })
    expect(written.status).toBeLessThan(400)
    expect(written.headers.get(MEMBER_WRITE_HEADER)).toBe('1')
  })
})
