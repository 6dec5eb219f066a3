import { describe, expect, it } from 'vitest'
import { db } from './db/db.server'
import { createPost, createProfile } from '../../tests/factories'
import { eq, sql } from 'drizzle-orm'
import { createPost as publish } from '~/features/posts/posts.server'
import {
  authRateLimits,
  contactMessages,
  linkPreviews,
  postViews,
  posts as postsTable,
  profiles,
  rateLimits,
  sessions,
  uploads,
  usedTotpCodes,
  users,
} from './db/schema'
import { sweepExpiredRecords } from './retention.server'
import { getStorage } from './storage.server'

const DAY = 24 * 60 * 60 * 1000
const NOW = Date.parse('2026-11-27T12:00:00Z')

describe('sweepExpiredRecords', () => {
  it('erases what the privacy policy limits in time, and keeps the rest', async () => {
    await db.insert(rateLimits).values([
      { key: 'sign-in:ip:203.0.113.1', windowStart: new Date(NOW - DAY - 1), count: 3 },
      { key: 'sign-in:ip:203.0.113.2', windowStart: new Date(NOW - DAY + 60_000), count: 1 },
    ])
    await db.insert(authRateLimits).values([
      { id: 'ancien', key: '203.0.113.3/verify-email', count: 1, lastRequest: NOW - DAY - 1 },
      { id: 'recent', key: '203.0.113.4/verify-email', count: 1, lastRequest: NOW - 1_000 },
    ])
    const message = { name: 'Léa', email: 'lea@example.fr', subject: 'Bonjour', message: 'Merci' }
    await db.insert(contactMessages).values([
      { ...message, subject: 'Ancien', createdAt: new Date('2023-11-27T11:59:00Z') },
      { ...message, subject: 'Récent', createdAt: new Date('2023-11-27T12:01:00Z') },
    ])

    const member = await createProfile(db)
    await db.insert(sessions).values([
      { id: 'expiree', token: 'a', userId: member.userId, expiresAt: new Date(NOW - 1) },
      { id: 'ouverte', token: 'b', userId: member.userId, expiresAt: new Date(NOW + DAY) },
    ])

    const post = await createPost(db, { authorId: member.id })
    await db.insert(postViews).values([
      { postId: post.id, viewerKey: 'a:ancienne', day: '2026-11-24' },
      // Before yesterday in Paris, though less than 48 hours before NOW at its start.
      { postId: post.id, viewerKey: 'a:avant-hier', day: '2026-11-25' },
      { postId: post.id, viewerKey: 'a:hier', day: '2026-11-26' },
      { postId: post.id, viewerKey: 'a:aujourdhui', day: '2026-11-27' },
    ])

    // Accounts never confirmed: erased after 30 days (the cascade takes the profile).
    const unconfirmed = await createProfile(db)
    const recent = await createProfile(db)
    const confirmed = await createProfile(db)
    await db
      .update(users)
      .set({ emailVerified: false, createdAt: new Date(NOW - 30 * DAY - 60_000) })
      .where(eq(users.id, unconfirmed.userId))
    await db
      .update(users)
      .set({ emailVerified: false, createdAt: new Date(NOW - 29 * DAY) })
      .where(eq(users.id, recent.userId))
    await db
      .update(users)
      .set({ emailVerified: true, createdAt: new Date(NOW - 400 * DAY) })
      .where(eq(users.id, confirmed.userId))

    // Two-factor codes: kept while a replay must be refused, then erased.
    await db.insert(usedTotpCodes).values([
      { userId: member.userId, code: '111111', usedAt: new Date(NOW - 11 * 60_000) },
      { userId: member.userId, code: '222222', usedAt: new Date(NOW - 60_000) },
    ])

    // The composer's uploads: removed a week on when nothing shows them.
    const storage = getStorage()
    const upload = async (name: string, days: number) => {
      const key = `posts/${name}.webp`
      const url = await storage.put(key, new Uint8Array([1, 2, 3]))
      const createdAt = new Date(NOW - days * DAY)
      await db.insert(uploads).values({ key, url, userId: member.userId, createdAt })
      return { key, url }
    }
    const unused = await upload('abandonnee', 8)
    const fresh = await upload('recente', 6)
    const shown = await upload('publiee', 8)
    await db.update(postsTable).set({ imageUrl: shown.url }).where(eq(postsTable.id, post.id))

    await sweepExpiredRecords(NOW)

    expect(
      (await db.select({ key: uploads.key }).from(uploads)).map((row) => row.key).toSorted(),
    ).toEqual([shown.key, fresh.key].toSorted())
    expect(await storage.get(unused.key)).toBeUndefined()
    expect(await storage.get(fresh.key)).toBeDefined()
    expect(await storage.get(shown.key)).toBeDefined()

    const left = new Set((await db.select({ id: users.id }).from(users)).map((row) => row.id))
    expect([unconfirmed, recent, confirmed].map((who) => left.has(who.userId))).toEqual([
      false,
      true,
      true,
    ])
    expect(
      await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, unconfirmed.id)),
    ).toEqual([])
    expect((await db.select().from(usedTotpCodes)).map((row) => row.code)).toEqual(['222222'])

    expect((await db.select().from(rateLimits)).map((row) => row.key)).toEqual([
      'sign-in:ip:203.0.113.2',
    ])
    expect((await db.select().from(authRateLimits)).map((row) => row.id)).toEqual(['recent'])
    expect((await db.select().from(contactMessages)).map((row) => row.subject)).toEqual(['Récent'])
    expect((await db.select().from(sessions)).map((row) => row.id)).toEqual(['ouverte'])
    expect((await db.select().from(postViews)).map((row) => row.viewerKey).toSorted()).toEqual([
      'a:aujourdhui',
      'a:hier',
    ])
  })

  it('forgets a week on the link previews of links no post shows (a link typed, not published)', async () => {
    const author = await createProfile(db)
    const old = new Date(NOW - 8 * DAY)
    await createPost(db, { authorId: author.id, externalUrl: 'https://exemple.fr/publie' })
    await db.insert(linkPreviews).values([
      { url: 'https://exemple.fr/publie', ok: true, title: 'Publié', fetchedAt: old },
      { url: 'https://docs.exemple.fr/prive?jeton=abc', ok: true, title: 'Privé', fetchedAt: old },
      { url: 'https://exemple.fr/echec', ok: false, fetchedAt: old },
      {
        url: 'https://exemple.fr/recent',
        ok: true,
        title: 'Récent',
        fetchedAt: new Date(NOW - DAY),
      },
    ])
    await sweepExpiredRecords(NOW)
    const left = await db.select({ url: linkPreviews.url }).from(linkPreviews)
    expect(left.map((row) => row.url).toSorted()).toEqual([
      'https://exemple.fr/publie',
      'https://exemple.fr/recent',
    ])
  })

  // Two connections at once: on PostgreSQL only (PGlite runs one transaction at a time).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'keeps an old upload that a post being published takes while the sweep runs',
    async () => {
      const author = await createProfile(db)
      const key = 'posts/brouillon-ancien.webp'
      const url = await getStorage().put(key, new Uint8Array([1, 2, 3]))
      const createdAt = new Date(Date.now() - 8 * DAY)
      await db.insert(uploads).values({ key, url, userId: author.userId, createdAt })

      let published: ReturnType<typeof publish> | undefined
      let swept: Promise<void> | undefined
      await db.transaction(async (tx) => {
        // Holds the post at its insert (the key-share lock of its category), once it has
        // claimed its upload: the sweep then meets the upload while the post is not committed.
        await tx.execute(sql`select id from categories where name = 'marketing' for update`)
        published = publish({
          userId: author.userId,
          post: {
            title: 'Photo du salon',
            content: 'Le stand.',
            type: 'discussion',
            categories: ['marketing'],
          },
          imageUrl: url,
          uploadKey: key,
        })
        await new Promise((resolve) => setTimeout(resolve, 300))
        swept = sweepExpiredRecords(Date.now())
        await new Promise((resolve) => setTimeout(resolve, 300))
      })
      await published!
      await swept!

      expect(await db.select({ key: uploads.key }).from(uploads)).toEqual([{ key }])
      expect(await getStorage().get(key)).toBeDefined()
    },
  )
})
