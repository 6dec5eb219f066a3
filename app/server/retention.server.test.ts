import { describe, expect, it } from 'vitest'
import { db } from './db/db.server'
import { createPost, createProfile } from '../../tests/factories'
import { authRateLimits, contactMessages, postViews, rateLimits, sessions } from './db/schema'
import { sweepExpiredRecords } from './retention.server'

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
      { postId: post.id, viewerKey: 'a:hier', day: '2026-11-26' },
      { postId: post.id, viewerKey: 'a:aujourdhui', day: '2026-11-27' },
    ])

    await sweepExpiredRecords(NOW)

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
})
