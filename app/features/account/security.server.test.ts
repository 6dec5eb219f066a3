import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from '~/features/auth/accounts.server'
import { getAuth } from '~/server/auth/auth.server'
import { db } from '~/server/db/db.server'
import { sessions, twoFactors } from '~/server/db/schema'
import { createMailer, useMailer } from '~/server/mail/mailer.server'
import { whileDatabaseRefuses } from '../../../tests/setup/refused-statements'
import {
  linksIn,
  resetTokenIn,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../tests/setup/smtp'
import {
  changePassword,
  listSessions,
  revokeSession,
  startTwoFactorEnrolment,
  TWO_FACTOR_BUSY_MESSAGE,
} from './security.server'

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

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36'

function headersWith(cookies: string[] = []) {
  const headers = new Headers({ origin: ORIGIN })
  if (cookies.length)
    headers.set('cookie', cookies.map((cookie) => cookie.split(';')[0]).join('; '))
  return headers
}

async function signedInMember(email: string, password = 'Epicerie-Lille-26') {
  await signUp({
    email,
    password,
    firstName: 'Louis',
    lastName: 'Roux',
    ip: `198.51.100.${++ipCounter}`,
    headers: headersWith(),
  })
  const mail = await smtp.waitForMail(email, { subject: /Confirmez/ })
  await getAuth().handler(new Request(linksIn(mail)[0]!, { headers: { origin: ORIGIN } }))
  const chromeHeaders = headersWith()
  chromeHeaders.set('user-agent', CHROME_ON_WINDOWS)
  const outcome = await signIn({
    email,
    password,
    ip: `198.51.100.${++ipCounter}`,
    headers: chromeHeaders,
  })
  if (!outcome.ok) throw new Error(outcome.message)
  const session = await getAuth().api.getSession({ headers: headersWith(outcome.cookies) })
  return {
    email,
    password,
    cookies: outcome.cookies,
    userId: session!.user.id,
    sessionId: session!.session.id,
  }
}

/** The member's password changed, as the settings' form does it, to « Nouveau-Depart-26 ». */
function changeToNewPassword(member: Awaited<ReturnType<typeof signedInMember>>) {
  return changePassword({
    headers: headersWith(member.cookies),
    userId: member.userId,
    email: member.email,
    currentPassword: member.password,
    newPassword: 'Nouveau-Depart-26',
  })
}

describe('password change', () => {
  it('needs the current password, refuses a common one, and ends the other sessions', async () => {
    const member = await signedInMember('louis@example.fr')
    const other = await signIn({
      email: member.email,
      password: member.password,
      ip: '192.0.2.50',
      headers: headersWith(),
    })
    if (!other.ok) throw new Error('sign-in failed')

    const wrong = await changePassword({
      headers: headersWith(member.cookies),
      userId: member.userId,
      email: member.email,
      currentPassword: 'pas-le-bon-26',
      newPassword: 'Nouveau-Depart-26',
    })
    expect(wrong).toMatchObject({ ok: false, code: 'INVALID_PASSWORD' })
    const common = await changePassword({
      headers: headersWith(member.cookies),
      userId: member.userId,
      email: member.email,
      currentPassword: member.password,
      newPassword: 'sunshine',
    })
    expect(common).toMatchObject({ ok: false, code: 'PASSWORD_TOO_COMMON' })

    const changed = await changeToNewPassword(member)
    expect(changed).toMatchObject({ ok: true })
    expect(await getAuth().api.getSession({ headers: headersWith(other.cookies) })).toBeNull()
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, member.userId))
    expect(rows).toHaveLength(1)
    // The member is told, in case it was not them.
    const mail = await smtp.waitForMail(member.email, { subject: /mot de passe a été modifié/ })
    expect(mail.text).toContain('Si vous n’êtes pas à l’origine de ce changement')
  })

  it('is done, and said done, even when what the old password allowed could not be ended', async () => {
    const member = await signedInMember('nettoyage-rate@example.fr')
    // The clean-up's statement fails (the database refusing it), after the change succeeded.
    await whileDatabaseRefuses('delete', 'verifications', async () => {
      expect(await changeToNewPassword(member)).toMatchObject({ ok: true })
      await smtp.waitForMail(member.email, { subject: /mot de passe a été modifié/ })
    })
  })

  it('ends the reset links asked before it', async () => {
    const member = await signedInMember('lien-perime@example.fr')
    const asked = await requestPasswordReset({
      email: member.email,
      ip: `198.51.100.${++ipCounter}`,
      headers: headersWith(),
    })
    expect(asked).toEqual({ ok: true })
    const mail = await smtp.waitForMail(member.email, { subject: /Réinitialisez/ })
    const token = resetTokenIn(mail)

    const changed = await changeToNewPassword(member)
    expect(changed).toMatchObject({ ok: true })
    // An intruder who asked for the link cannot undo the change with it.
    expect(await resetPassword({ token, password: 'Prise-De-Controle-26' })).toMatchObject({
      ok: false,
      code: 'INVALID_TOKEN',
    })
  })
})

describe('sessions', () => {
  it('lists my sessions without their tokens and closes one of mine, never another member’s', async () => {
    const member = await signedInMember('session@example.fr')
    const stranger = await signedInMember('autre@example.fr')
    const listed = await listSessions({ userId: member.userId, currentSessionId: member.sessionId })
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ id: member.sessionId, current: true })
    expect(Object.keys(listed[0]!)).not.toContain('token')
    expect(Object.keys(listed[0]!)).not.toContain('userAgent')
    // The browser as a member recognises it, rather than its User-Agent.
    expect(listed[0]!.device).toBe('Chrome 159 sur Windows')
    // An expired session, whose cookie no browser sends any more, is not « open ».
    await db.insert(sessions).values({
      id: 'expiree',
      token: 'jeton-expire',
      userId: member.userId,
      expiresAt: new Date(Date.now() - 1000),
    })
    expect(
      (await listSessions({ userId: member.userId, currentSessionId: member.sessionId })).map(
        (session) => session.id,
      ),
    ).toEqual([member.sessionId])

    expect(await revokeSession({ userId: member.userId, sessionId: stranger.sessionId })).toBe(
      false,
    )
    expect(
      await getAuth().api.getSession({ headers: headersWith(stranger.cookies) }),
    ).not.toBeNull()
    expect(await revokeSession({ userId: member.userId, sessionId: member.sessionId })).toBe(true)
    expect(await getAuth().api.getSession({ headers: headersWith(member.cookies) })).toBeNull()
  })

  it('is extended when used after a day, with a fresh cookie', async () => {
    const member = await signedInMember('prolonge@example.fr')
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
    await db
      .update(sessions)
      .set({ expiresAt: soon, updatedAt: twoDaysAgo })
      .where(eq(sessions.id, member.sessionId))
    const { headers } = await getAuth().api.getSession({
      headers: headersWith(member.cookies),
      returnHeaders: true,
    })
    expect(headers.getSetCookie().join('\n')).toMatch(/tremplin\.session_token=/)
    const [row] = await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, member.sessionId))
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000)
  })
})

describe('two-factor enrolment', () => {
  it('keeps one secret when two enrolments start at once, and answers the other in French', async () => {
    const member = await signedInMember('double-2fa@example.fr')
    const start = () =>
      startTwoFactorEnrolment({ password: member.password, headers: headersWith(member.cookies) })
    const outcomes = await Promise.all(Array.from({ length: 8 }, start))
    const rows = await db
      .select({ secret: twoFactors.secret })
      .from(twoFactors)
      .where(eq(twoFactors.userId, member.userId))
    expect(rows).toHaveLength(1)
    // Those that lost the race to create it (PostgreSQL server: PGlite runs them in turn).
    const refused = outcomes.filter((outcome) => !outcome.ok)
    expect(refused).toEqual(
      refused.map(() => expect.objectContaining({ status: 409, message: TWO_FACTOR_BUSY_MESSAGE })),
    )
    expect(outcomes.some((outcome) => outcome.ok)).toBe(true)
  })
})
