// The contact page fills in a member's name: what it fills in must be what the form accepts.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CONTACT_LIMITS } from '../../app/features/contact/contact.schema'
import { db } from '../../app/server/db/db.server'
import { createProfile } from '../factories'
import { callRoute, form } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

describe('the contact page', () => {
  it('fills in a member’s name within the form’s limit, even two names of 50 characters', async () => {
    // Each name may have 50 characters: with the space between them, one more than the field's.
    const member = await createProfile(db, { firstName: 'É'.repeat(50), lastName: 'L'.repeat(50) })
    const cookie = await sessionCookie(member.userId)
    const page = await callRoute({ url: '/contact', cookie })
    const { defaults } = JSON.parse(page.text) as { defaults: { name: string } }
    expect(defaults.name.length).toBeLessThanOrEqual(CONTACT_LIMITS.name)

    const sent = await callRoute({
      url: '/contact',
      cookie,
      body: form({
        name: defaults.name,
        email: 'fondatrice@exemple.fr',
        subject: 'Une question',
        message: 'Bonjour, comment signaler un contenu inapproprié ?',
      }),
    })
    expect(sent.status).toBe(302)
    const stored = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from contact_messages`,
    )
    expect(stored.rows[0]!.n).toBe(1)
  })
})
