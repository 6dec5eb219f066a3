import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  signIn,
  signUp,
  verifyTwoFactor,
  requestPasswordReset,
  resetPassword,
} from '~/features/auth/accounts.server'
import { getAuth } from '~/server/auth/auth.server'
import { db } from '~/server/db/db.server'
import { createMailer, useMailer } from '~/server/mail/mailer.server'
import { RATE_LIMITS } from '~/server/rate-limit.server'
import { startInsideOneWindow } from '../../../tests/setup/rate-windows'
import { callRoute, form } from '../../../tests/setup/route-harness'
import { linksIn, startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp'
import { confirmTwoFactor, disableTwoFactor, startTwoFactorEnrolment } from './security.server'
import { turnOffTwoFactorForMember } from './two-factor-recovery.server'

let smtp: SmtpCapture
const ORIGIN = 'http://localhost:3000'
let ipCounter = 0

beforeAll(async () => {
  smtp = await startSmtpCapture()
  useMailer(
    createMailer({ smtpUrl: smtp.url, from: 'Tremplin <test@tremplin.local>', mailDir: '' }),
  )
})
afterAll(() => smtp.close())

function meta(cookies: string[] = []) {
  const headers = new Headers({ origin: ORIGIN })
  if (cookies.length)
    headers.set('cookie', cookies.map((cookie) => cookie.split(';')[0]).join('; '))
  return { ip: `198.51.100.${++ipCounter}`, headers }
}

async function follow(link: string) {
  return getAuth().handler(new Request(link, { headers: { origin: ORIGIN } }))
}

/** The TOTP code of the current 30-second step, or of a neighbouring one. */
function codeAt(totp: ReturnType<typeof createOTP>, offset = 0): Promise<string> {
  return totp.hotp(Math.floor(Date.now() / 30_000) + offset)
}

/** A confirmed, signed-in member with TOTP two-factor enrolled and confirmed. */
async function memberWithTwoFactor(email: string, password = 'Studio-Rennes-26') {
  await signUp({ email, password, firstName: 'Yanis', lastName: 'Benali', ...meta() })
  await follow(linksIn(await smtp.waitForMail(email, { subject: /Confirmez/ }))[0]!)
  const signedIn = await signIn({ email, password, ...meta() })
  if (!signedIn.ok) throw new Error('sign-in failed')
  const enrolment = await startTwoFactorEnrolment({
    password,
    headers: meta(signedIn.cookies).headers,
  })
  if (!enrolment.ok) throw new Error(enrolment.message)
  // The app shows the secret in base32, as authenticator apps read it.
  const totp = createOTP(new TextDecoder().decode(base32.decode(enrolment.enrolment.secret)))
  // The previous step's code is valid one step more, not two: sent at least 10 s before the
  // step ends, it cannot reach the server two steps late on a slow machine.
  await startInsideOneWindow(30_000, 10_000)
  const confirmed = await confirmTwoFactor({
    code: await codeAt(totp, -1), // the previous step's code, still valid: sign-ins use the current one
    headers: meta(signedIn.cookies).headers,
    email,
  })
  expect(confirmed.ok).toBe(true)
  // Told, in case an intruder enrolled their own app: the member would be locked out.
  const told = await smtp.waitForMail(email, { subject: /double authentification a été activée/ })
  expect(told.text).toContain('Contact')
  return { email, password, totp, backupCodes: enrolment.enrolment.backupCodes }
}

/** Signs the member in on a new device with their app's current code: that session's cookies. */
async function signInWithCode(member: Awaited<ReturnType<typeof memberWithTwoFactor>>) {
  const attempt = await signIn({ email: member.email, password: member.password, ...meta() })
  if (!attempt.ok) throw new Error('sign-in failed')
  const verified = await verifyTwoFactor({
    code: await codeAt(member.totp),
    method: 'totp',
    ...meta(attempt.cookies),
  })
  if (!verified.ok) throw new Error('two-factor failed')
  return verified.cookies
}

describe('two-factor authentication', () => {
  it('asks for a code at sign-in, accepts a valid one, and refuses it replayed', async () => {
    const member = await memberWithTwoFactor('yanis@example.fr')
    const first = await signIn({ email: member.email, password: member.password, ...meta() })
    expect(first).toMatchObject({ ok: true, twoFactor: true })
    if (!first.ok) return
    const code = await codeAt(member.totp)
    const verified = await verifyTwoFactor({ code, method: 'totp', ...meta(first.cookies) })
    expect(verified).toEqual({ ok: true, cookies: expect.any(Array) })

    const second = await signIn({ email: member.email, password: member.password, ...meta() })
    if (!second.ok) throw new Error('sign-in failed')
    const replay = await verifyTwoFactor({ code, method: 'totp', ...meta(second.cookies) })
    expect(replay).toMatchObject({ ok: false, code: 'INVALID_CODE' })
  })

  it('accepts a backup code once', async () => {
    const member = await memberWithTwoFactor('backup@example.fr')
    const backup = member.backupCodes[0]!
    const attempt = await signIn({ email: member.email, password: member.password, ...meta() })
    if (!attempt.ok) throw new Error('sign-in failed')
    expect(
      (await verifyTwoFactor({ code: backup, method: 'backup', ...meta(attempt.cookies) })).ok,
    ).toBe(true)
    const again = await signIn({ email: member.email, password: member.password, ...meta() })
    if (!again.ok) throw new Error('sign-in failed')
    expect(
      await verifyTwoFactor({ code: backup, method: 'backup', ...meta(again.cookies) }),
    ).toMatchObject({ ok: false })
  })

  it('takes a backup code typed where the form asked for the app’s code (no JavaScript)', async () => {
    const member = await memberWithTwoFactor('secours-sans-js@example.fr')
    const attempt = await signIn({ email: member.email, password: member.password, ...meta() })
    if (!attempt.ok) throw new Error('sign-in failed')
    const verified = await verifyTwoFactor({
      code: member.backupCodes[1]!,
      method: 'totp',
      ...meta(attempt.cookies),
    })
    expect(verified.ok).toBe(true)
    // Six digits are still an app's code: a wrong one is refused as such.
    const again = await signIn({ email: member.email, password: member.password, ...meta() })
    if (!again.ok) throw new Error('sign-in failed')
    expect(
      await verifyTwoFactor({ code: '000000', method: 'totp', ...meta(again.cookies) }),
    ).toMatchObject({ ok: false, code: 'INVALID_CODE' })
  })

  it('is not bypassed by a password reset', async () => {
    const member = await memberWithTwoFactor('reset2fa@example.fr')
    await requestPasswordReset({ email: member.email, ...meta() })
    const landing = await follow(
      linksIn(await smtp.waitForMail(member.email, { subject: /Réinitialisez/ })).find((href) =>
        href.includes('reset-password'),
      )!,
    )
    const token = new URL(landing.headers.get('location')!, ORIGIN).searchParams.get('token')!
    expect(await resetPassword({ token, password: 'Apres-Reset-2026' })).toEqual({ ok: true })
    const outcome = await signIn({ email: member.email, password: 'Apres-Reset-2026', ...meta() })
    expect(outcome).toMatchObject({ ok: true, twoFactor: true })
    if (!outcome.ok) return
    expect(outcome.cookies.join('\n')).not.toMatch(/tremplin\.session_token=[^;]+/)
  })

  it('keeps the member signed in, with the session it replaced gone, when they turn it off', async () => {
    const member = await memberWithTwoFactor('desactive2fa@example.fr')
    const cookies = await signInWithCode(member)
    // Asked again from a tab that still shows « Activer »: told so, in French.
    expect(
      await startTwoFactorEnrolment({
        password: member.password,
        headers: meta(cookies).headers,
      }),
    ).toMatchObject({ ok: false, message: 'La double authentification est déjà activée.' })
    const sessionCount = async () =>
      (
        await db.execute(sql`select s.id from sessions s join users u on u.id = s.user_id
        where u.email = ${member.email}`)
      ).rows.length
    const before = await sessionCount()
    const outcome = await disableTwoFactor({
      email: member.email,
      password: member.password,
      headers: meta(cookies).headers,
    })
    if (!outcome.ok) throw new Error(outcome.message)
    const session = await getAuth().api.getSession({ headers: meta(outcome.cookies).headers })
    expect(session?.user).toMatchObject({ email: member.email, twoFactorEnabled: false })
    // The session it replaced is gone: none is left behind in « Sessions ouvertes ».
    expect(await sessionCount()).toBe(before)
    // The member is told, in case it was not them.
    await smtp.waitForMail(member.email, { subject: /double authentification a été désactivée/ })
  })

  it('sends back to sign-in, not to the code form, once the challenge allows no more codes', async () => {
    const member = await memberWithTwoFactor('epuise2fa@example.fr')
    const attempt = await signIn({ email: member.email, password: member.password, ...meta() })
    if (!attempt.ok) throw new Error('sign-in failed')
    // The challenge's attempts used up (Better Auth allows 5), without waiting out our limit.
    await db.execute(
      sql`update verifications set value = '5' where identifier like '2fa-attempts-%'`,
    )
    const answer = await callRoute({
      url: '/auth',
      cookie: meta(attempt.cookies).headers.get('cookie'),
      body: form({ intent: 'two-factor', method: 'totp', code: await codeAt(member.totp) }),
    })
    expect(answer.status).toBe(400)
    const reply = JSON.parse(answer.text) as { twoFactor?: boolean; message?: string }
    expect(reply.twoFactor).toBe(false)
    expect(reply.message).toBe(
      'Trop de tentatives : reconnectez-vous, puis saisissez le code affiché par votre application.',
    )
  })

  it('limits code attempts to 3 per 10 seconds', async () => {
    const member = await memberWithTwoFactor('limite2fa@example.fr')
    const attempt = await signIn({ email: member.email, password: member.password, ...meta() })
    if (!attempt.ok) throw new Error('sign-in failed')
    await startInsideOneWindow(RATE_LIMITS.twoFactorPerAttempt.windowMs)
    for (let index = 0; index < 3; index++) {
      expect(
        await verifyTwoFactor({ code: '000000', method: 'totp', ...meta(attempt.cookies) }),
      ).toMatchObject({ ok: false, code: 'INVALID_CODE' })
    }
    expect(
      await verifyTwoFactor({
        code: await codeAt(member.totp),
        method: 'totp',
        ...meta(attempt.cookies),
      }),
    ).toMatchObject({ ok: false, status: 429 })
    // Its cookie spelt otherwise (a character percent-encoded, which decodes to the same) is
    // the same challenge, still refused.
    const respelt = attempt.cookies.map((cookie) =>
      cookie.replace(/(two_factor=)(\w)/, (_, name: string, first: string) => {
        return `${name}%${first.charCodeAt(0).toString(16).toUpperCase()}`
      }),
    )
    expect(respelt).not.toEqual(attempt.cookies)
    expect(
      await verifyTwoFactor({ code: '000000', method: 'totp', ...meta(respelt) }),
    ).toMatchObject({ ok: false, status: 429 })
    // Nor does a second challenge's cookie after it: Better Auth verifies the first of a name.
    const second = await signIn({ email: member.email, password: member.password, ...meta() })
    if (!second.ok) throw new Error('sign-in failed')
    const twoFactorPair = (cookies: string[]) =>
      cookies.map((cookie) => cookie.split(';')[0]!).find((pair) => pair.includes('two_factor='))!
    const both = meta()
    both.headers.set(
      'cookie',
      `${twoFactorPair(attempt.cookies)}; ${twoFactorPair(second.cookies)}`,
    )
    expect(await verifyTwoFactor({ code: '000000', method: 'totp', ...both })).toMatchObject({
      ok: false,
      status: 429,
    })
  })

  it('limits codes from one client address, whatever the challenge', async () => {
    const { limit, windowMs } = RATE_LIMITS.twoFactorPerIp
    await startInsideOneWindow(windowMs)
    const fromOneAddress = (value: string) => {
      const headers = new Headers({ origin: ORIGIN, cookie: `tremplin.two_factor=${value}` })
      return verifyTwoFactor({ code: '000000', method: 'totp', ip: '203.0.113.77', headers })
    }
    for (let index = 0; index < limit; index++) {
      expect(await fromOneAddress(`faux-${index}`)).not.toMatchObject({ status: 429 })
    }
    expect(await fromOneAddress('faux-encore')).toMatchObject({ ok: false, status: 429 })
  })

  it('lets a member who lost their app and codes back in once the team turns it off', async () => {
    const member = await memberWithTwoFactor('perdu2fa@example.fr')
    // Signed in on the lost phone, and a challenge left open on another device.
    const phone = await signInWithCode(member)
    const pending = await signIn({ email: member.email, password: member.password, ...meta() })
    expect(pending).toMatchObject({ ok: true, twoFactor: true })
    if (!pending.ok) return

    const outcome = await turnOffTwoFactorForMember({ email: member.email })
    expect(outcome).toMatchObject({ status: 'turned-off', mailed: true })
    if (outcome.status !== 'turned-off') return
    expect(outcome.sessionsEnded).toBeGreaterThanOrEqual(2) // enrolment's and the phone's

    const mail = await smtp.waitForMail(member.email, { subject: /à votre demande/ })
    expect(mail.text).toContain('sessions ouvertes sur votre compte ont été fermées')
    expect(linksIn(mail)).toContain(`${ORIGIN}/settings`)
    // The lost phone is signed out; the open challenge is gone with the secret.
    expect(await getAuth().api.getSession({ headers: meta(phone).headers })).toBeNull()
    expect(
      await verifyTwoFactor({
        code: await codeAt(member.totp),
        method: 'totp',
        ...meta(pending.cookies),
      }),
    ).toMatchObject({ ok: false })
    const left = await db.execute(sql`select count(*)::int as n from two_factors t
      join users u on u.id = t.user_id where u.email = ${member.email}`)
    expect(left.rows[0]).toEqual({ n: 0 })
    // The password alone signs in now, with a session.
    const back = await signIn({ email: member.email, password: member.password, ...meta() })
    expect(back).toMatchObject({ ok: true })
    if (!back.ok) return
    expect(back.twoFactor).toBeFalsy()
    expect(back.cookies.join('\n')).toMatch(/tremplin\.session_token=[^;]+/)
    // Asked again: nothing left to turn off, and no second mail.
    expect(await turnOffTwoFactorForMember({ email: member.email })).toEqual({
      status: 'not-enabled',
    })
  })

  it('changes nothing for an address no account has', async () => {
    expect(await turnOffTwoFactorForMember({ email: 'personne@example.fr' })).toEqual({
      status: 'unknown-email',
    })
  })
})
