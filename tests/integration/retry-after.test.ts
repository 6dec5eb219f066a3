// Every refusal past one of the product's limits tells when to try again, in its French message
// and in the Retry-After header (RFC 9110), pages' forms as much as scripts' requests
// (write-rate-limits.test.ts covers the resource routes).
import { describe, expect, it } from 'vitest'
import { db } from '../../app/server/db/db.server'
import { CLIENT_IP_HEADER } from '../../app/server/auth/client-ip.server'
import { RATE_LIMITS } from '../../app/server/rate-limit.server'
import { createProfile } from '../factories'
import { callRoute, form, ORIGIN, type Answer } from '../setup/route-harness'
import { startInsideOneWindow } from '../setup/rate-windows'
import { sessionCookie } from '../setup/session-cookie'

function expectRetryAfter(answer: Answer, windowMs: number) {
  expect(answer.status).toBe(429)
  const seconds = Number(answer.headers.get('Retry-After'))
  expect(seconds).toBeGreaterThanOrEqual(1)
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000)
}

const fromAddress = (ip: string) => ({ origin: ORIGIN, [CLIENT_IP_HEADER]: ip })

describe('Retry-After on the forms of pages', () => {
  it('on a second post within ten seconds', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const publish = () =>
      callRoute({
        url: '/post/create',
        cookie,
        body: form({ title: 'Une question assez longue ?', categories: 'feedback' }),
      })
    await startInsideOneWindow(RATE_LIMITS.postPerMemberBurst.windowMs)
    expect((await publish()).status).toBe(302)
    expectRetryAfter(await publish(), RATE_LIMITS.postPerMemberBurst.windowMs)
  })

  it('on the contact form past its hourly limit', async () => {
    const { limit, windowMs } = RATE_LIMITS.contactPerIp
    const send = () =>
      callRoute({
        url: '/contact',
        headers: fromAddress('198.51.100.61'),
        body: form({
          name: 'Awa Diallo',
          email: 'awa@exemple.fr',
          subject: 'Partenariat',
          message: 'Bonjour, parlons-en.',
        }),
      })
    await startInsideOneWindow(windowMs)
    for (let sent = 0; sent < limit; sent++) expect((await send()).status).toBe(302)
    expectRetryAfter(await send(), windowMs)
  })

  it('on sign-in past its limit per address', async () => {
    const { limit, windowMs } = RATE_LIMITS.signInPerIp
    const signIn = (attempt: number) =>
      callRoute({
        url: '/auth',
        headers: fromAddress('198.51.100.62'),
        body: form({
          intent: 'signin',
          email: `inconnu${attempt}@exemple.fr`,
          password: 'mauvais-2026',
        }),
      })
    await startInsideOneWindow(windowMs)
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await signIn(attempt)).status).toBe(401)
    }
    expectRetryAfter(await signIn(limit), windowMs)
  })

  it('on a confirmation mail asked again past its limit per address', async () => {
    const { limit, windowMs } = RATE_LIMITS.authMailPerAddress
    const resend = () =>
      callRoute({
        url: '/auth',
        headers: fromAddress('198.51.100.63'),
        body: form({ intent: 'resend-verification', email: 'pas-encore@exemple.fr' }),
      })
    await startInsideOneWindow(windowMs)
    for (let asked = 0; asked < limit; asked++) expect((await resend()).status).toBe(200)
    expectRetryAfter(await resend(), windowMs)
  })

  it('on the settings that check the password, past their limit', async () => {
    const member = await createProfile(db)
    const cookie = await sessionCookie(member.userId)
    const { limit, windowMs } = RATE_LIMITS.passwordCheckPerAccount
    const change = () =>
      callRoute({ url: '/settings', cookie, body: form({ intent: 'change-password' }) })
    await startInsideOneWindow(windowMs)
    for (let attempt = 0; attempt < limit; attempt++) expect((await change()).status).toBe(400)
    const refused = await change()
    expectRetryAfter(refused, windowMs)
  })
})
