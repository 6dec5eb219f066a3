// The settings' security forms refuse what the page never offers, with a French message that
// says what is true: a request made by hand gets no spurious mail nor a misleading answer.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '../../app/server/db/db.server'
import { sessions, users } from '../../app/server/db/schema'
import { createProfile } from '../factories'
import { callRoute, form } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

describe('POST /settings', () => {
  it('says « Se déconnecter » closes every session when asked to close this one', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const [own] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, member.userId))
    const answer = await callRoute({
      url: '/settings',
      cookie,
      body: form({ intent: 'revoke-session', sessionId: own!.id }),
    })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({
      message:
        'C’est la session de ce navigateur : « Se déconnecter » la ferme, avec toutes les autres.',
    })
  })

  it('refuses to confirm two-factor again once it is on', async () => {
    const member = await createProfile(db)
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, member.userId))
    const answer = await callRoute({
      url: '/settings',
      cookie: await sessionCookie(member.userId),
      body: form({ intent: 'confirm-two-factor', code: '123456' }),
    })
    expect(answer.status).toBe(409)
    expect(JSON.parse(answer.text)).toMatchObject({
      message: 'La double authentification est déjà activée.',
    })
  })
})
