import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { action } from '../../app/routes/api/post-actions'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { createPost, createProfile } from '../factories'
import { callRoute, form as formOf } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

describe('the post route', () => {
  it('sends a visitor who tries to delete a post to sign in, back to the page the form was on, and deletes nothing', async () => {
    const author = await createProfile(db)
    const post = await createPost(db, { authorId: author.id })
    const form = new FormData()
    form.set('intent', 'delete')
    form.set('redirectTo', `/feed?category=rh#post-${post.id}-title`)
    const request = new Request(`http://localhost:3000/api/posts/${post.id}`, {
      method: 'POST',
      body: form,
    })
    const context = new RouterContextProvider()
    let thrown: unknown
    await sessionMiddleware({ request, context, params: {} } as never, async () => {
      thrown = await action({ request, context, params: { postId: post.id } } as never).catch(
        (error: unknown) => error,
      )
      return new Response(null)
    })
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe(
      `/auth?redirectTo=${encodeURIComponent(`/feed?category=rh#post-${post.id}-title`)}`,
    )
    const still = await db.query.posts.findFirst({
      where: (posts, { eq }) => eq(posts.id, post.id),
    })
    expect(still?.id).toBe(post.id)
  })

  it('sends a plain form that is refused back to its page with the message, not a JSON answer', async () => {
    const author = await createProfile(db, { firstName: 'Awa', lastName: 'Diallo' })
    const other = await createProfile(db, { firstName: 'Inès', lastName: 'Benali' })
    const post = await createPost(db, { authorId: author.id })
    const cookie = await sessionCookie(other.userId)
    const back = `/post/${post.id}`
    const toastOf = (answer: { headers: Headers }) =>
      answer.headers.getSetCookie().find((value) => value.startsWith('tremplin.toast='))
    for (const [label, fields, url] of [
      ['not the author', { intent: 'delete' }, `/api/posts/${post.id}`],
      ['a bad vote', { intent: 'vote', type: 'sideways' }, `/api/posts/${post.id}`],
      ['no such id', { intent: 'save', saved: 'true' }, '/api/posts/abc'],
    ] as const) {
      const answer = await callRoute({ url, cookie, body: formOf({ ...fields, redirectTo: back }) })
      expect({
        label,
        status: answer.status,
        location: answer.location,
        toast: toastOf(answer) !== undefined,
      }).toEqual({ label, status: 302, location: back, toast: true })
    }
    // A script's fetch still gets the refusal as JSON.
    const fetched = await callRoute({
      url: `/api/posts/${post.id}`,
      cookie,
      body: formOf({ intent: 'delete' }),
    })
    expect(fetched.status).toBe(403)
    expect(JSON.parse(fetched.text)).toEqual({ error: expect.any(String) })
    const still = await db.query.posts.findFirst({
      where: (posts, { eq }) => eq(posts.id, post.id),
    })
    expect(still?.id).toBe(post.id)
  })

  it('answers the deletion of a post already gone (from another tab) as done, not as a refusal', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const gone = '00000000-0000-4000-8000-000000000000'
    const fetched = await callRoute({
      url: `/api/posts/${gone}`,
      cookie,
      body: formOf({ intent: 'delete' }),
    })
    expect({ status: fetched.status, body: JSON.parse(fetched.text) }).toEqual({
      status: 200,
      body: { deleted: gone },
    })
  })
})
