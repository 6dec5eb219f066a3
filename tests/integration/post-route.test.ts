import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { action } from '../../app/routes/api/post-actions'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { createPost, createProfile } from '../factories'

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
})
