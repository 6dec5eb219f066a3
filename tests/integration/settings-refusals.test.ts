// The settings' security forms refuse what the page never offers, with a French message that
// says what is true: a request made by hand gets no spurious mail nor a misleading answer.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '../../app/server/db/db.server'
import { sessions, usedTotpCodes, users } from '../../app/server/db/schema'
import { RATE_LIMITS } from '../../app/server/rate-limit.server'
import { createProfile } from '../factories'
import { startInsideOneWindow } from '../setup/rate-windows'
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

  it('limits the codes tried to confirm two-factor: 3 per 10 seconds, each one tried written', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const confirm = (code: string) =>
      callRoute({ url: '/settings', cookie, body: form({ intent: 'confirm-two-factor', code }) })
    const { limit, windowMs } = RATE_LIMITS.twoFactorPerAttempt
    await startInsideOneWindow(windowMs)
    for (let index = 0; index < limit; index++) {
      expect((await confirm(`10000${index}`)).status).not.toBe(429)
    }
    const refused = await confirm('200000')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    expect(JSON.parse(refused.text)).toMatchObject({
      message: expect.stringMatching(/^Trop de tentatives/),
    })
    // The codes tried were each written as used; the refused one was not (Better Auth, whose
    // hook writes them, was not asked).
    const used = await db
      .select({ code: usedTotpCodes.code })
      .from(usedTotpCodes)
      .where(eq(usedTotpCodes.userId, member.userId))
    expect(used.map((row) => row.code).toSorted()).toEqual(['100000', '100001', '100002'])
  })
})
