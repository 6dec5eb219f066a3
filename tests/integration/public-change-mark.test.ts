// The session middleware marks the answer to a request that changed what visitors' pages show,
// as its action says (`notePublicChange`), and only that one: visitors' kept pages (ADR 040) are
// rendered anew after it, and outlive the rest (app/server/visitor-pages.server.ts takes the mark
// off before sending).
import { describe, expect, it } from 'vitest'
import { db } from '../../app/server/db/db.server'
import { listingChangesAccepted } from '../../app/server/public-changes.server'
import { PUBLIC_CHANGE_HEADER } from '../../app/server/visitor-pages.server'
import { createPost, createProfile } from '../factories'
import { callRoute, form } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

describe('the public-change mark', () => {
  it("is on a member's vote, not on a visitor's writes nor on a member's private ones", async () => {
    const member = await createProfile(db, { firstName: 'Awa', lastName: 'Diallo' })
    const cookie = await sessionCookie(member.userId)
    const post = await createPost(db, { authorId: member.id, title: 'Un post à voter' })
    const vote = () => form({ intent: 'vote', type: 'up' })

    const unchanged = [
      await callRoute({ url: `/api/posts/${post.id}`, body: vote() }),
      await callRoute({ url: '/auth/sign-out', body: form({}) }),
      await callRoute({
        url: '/contact',
        body: form({ name: 'Awa', email: 'awa@exemple.fr', subject: 'Bonjour', message: 'Salut' }),
      }),
      await callRoute({ url: '/feed', cookie }),
      await callRoute({
        url: `/api/posts/${post.id}`,
        cookie,
        body: form({ intent: 'save', saved: 'true' }),
      }),
      await callRoute({
        url: '/feed',
        cookie,
        body: form({ intent: 'favorite', itemType: 'category', name: 'rh', favorite: 'true' }),
      }),
    ]
    // The contact form posted as a document is answered by a redirect, its thanks flashed.
    expect(unchanged.map((answer) => answer.status)).toEqual([302, 302, 302, 200, 200, 200])
    for (const answer of unchanged) expect(answer.headers.has(PUBLIC_CHANGE_HEADER)).toBe(false)

    const voted = await callRoute({ url: `/api/posts/${post.id}`, cookie, body: vote() })
    expect(voted.status).toBe(200)
    expect(voted.headers.has(PUBLIC_CHANGE_HEADER)).toBe(true)
  })

  it('says a published post changes the listing (the sitemap), as its deletion does', async () => {
    const member = await createProfile(db, { firstName: 'Inès', lastName: 'Moreau' })
    const cookie = await sessionCookie(member.userId)
    const before = listingChangesAccepted()
    const voted = await callRoute({
      url: `/api/posts/${(await createPost(db, { authorId: member.id })).id}`,
      cookie,
      body: form({ intent: 'vote', type: 'up' }),
    })
    expect(voted.headers.has(PUBLIC_CHANGE_HEADER)).toBe(true)
    expect(listingChangesAccepted()).toBe(before)
    const published = await callRoute({
      url: '/post/create',
      cookie,
      body: form({
        title: 'Comment trouver ses premiers clients ?',
        content: 'Trois méthodes qui ont marché pour nous, et deux qui n’ont rien donné.',
        type: 'post',
        categories: 'feedback',
      }),
    })
    expect(published.status).toBe(302)
    expect(published.headers.has(PUBLIC_CHANGE_HEADER)).toBe(true)
    expect(listingChangesAccepted()).toBe(before + 1)
    const post = await createPost(db, { authorId: member.id, title: 'À supprimer' })
    const deleted = await callRoute({
      url: `/api/posts/${post.id}`,
      cookie,
      body: form({ intent: 'delete' }),
    })
    expect(deleted.status).toBe(200)
    expect(deleted.headers.has(PUBLIC_CHANGE_HEADER)).toBe(true)
    expect(listingChangesAccepted()).toBe(before + 2)
  })
})
