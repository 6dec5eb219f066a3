import { describe, expect, it } from 'vitest'
import { formatFeedCursor } from '../../app/features/feed/feed.server'
import { db } from '../../app/server/db/db.server'
import { createProfile } from '../factories'
import { callRoute } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

describe('GET /notifications', () => {
  it('reads an address whose cursor is none as the first page', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const paged = async (url: string) => {
      const answer = await callRoute({ url, cookie })
      expect(answer.status).toBe(200)
      return (JSON.parse(answer.text) as { paged: boolean }).paged
    }
    expect(await paged('/notifications')).toBe(false)
    expect(await paged('/notifications?cursor=n-importe-quoi')).toBe(false)
    const cursor = formatFeedCursor({
      createdAt: '2026-06-01 10:00:00+00',
      id: '00000000-0000-4000-8000-000000000000',
    })
    expect(await paged(`/notifications?cursor=${encodeURIComponent(cursor)}`)).toBe(true)
  })
})
