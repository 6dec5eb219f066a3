import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterAnswerWorkPending, settleAfterAnswerWork } from '~/server/after-answer.server'
import { getAuth } from '~/server/auth/auth.server'
import { db } from '~/server/db/db.server'
import { profiles, sessions, users } from '~/server/db/schema'
import { createMailer, useMailer } from '~/server/mail/mailer.server'
import { RATE_LIMITS } from '~/server/rate-limit.server'
import { startInsideOneWindow } from '../../../tests/setup/rate-windows'
import {
  linksIn,
  resetTokenIn,
  startSmtpCapture,
  type SmtpCapture,
} from '../../../tests/setup/smtp'
import {
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  signIn,
  signOutEverywhere,
  signUp,
} from './accounts.server'

let smtp: SmtpCapture

beforeAll(async () => {
  smtp = await startSmtpCapture()
  useMailer(
    createMailer({ smtpUrl: smtp.url, from: 'Tremplin <test@tremplin.local>', mailDir: '' }),
  )
})

afterAll(async () => {
  await smtp.close()
})

beforeEach(() => smtp.clear())

const ORIGIN = 'http://localhost:3000'
let ipCounter = 0

/** Each test signs in from its own address, so that per-IP limits do not leak between tests. */
function meta(ip = `198.51.100.${++ipCounter}`, cookies: string[] = []) {
  const headers = new Headers({ origin: ORIGIN })
  if (cookies.length)
    headers.set('cookie', cookies.map((cookie) => cookie.split(';')[0]).join('; '))
  return { ip, headers }
}

/** Follows a link of an email through Better Auth's own handler, as the browser would. */
async function follow(link: string): Promise<Response> {
  return getAuth().handler(new Request(link, { headers: { origin: ORIGIN } }))
}

/** An account function's outcome, or 'still waiting' if it has not answered within 3 seconds. */
async function answerOf<T>(outcome: Promise<T>): Promise<T | 'still waiting'> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'still waiting'>((resolve) => {
    timer = setTimeout(() => resolve('still waiting'), 3000)
  })
  try {
    return await Promise.race([outcome, late])
  } finally {
    clearTimeout(timer)
  }
}

async function registerConfirmedMember(email: string, password = 'Lancement-2026!') {
  expect(
    await signUp({ email, password, firstName: 'Awa', lastName: 'Diallo', ...meta() }),
  ).toEqual({ ok: true })
  const mail = await smtp.waitForMail(email, { subject: /Confirmez/ })
  const response = await follow(linksIn(mail)[0]!)
  expect(response.status).toBe(302)
  return { email, password }
}

describe('sign-up', () => {
  it('creates the account and its profile together, and mails a confirmation link back to /', async () => {
    const outcome = await signUp({
      email: 'camille@example.fr',
      password: 'Boulangerie-2026',
      firstName: 'Camille',
      lastName: 'Durand',
      ...meta(),
    })
    expect(outcome).toEqual({ ok: true })
    const [profile] = await db
      .select({ firstName: profiles.firstName, lastName: profiles.lastName, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
    expect(profile).toEqual({
      firstName: 'Camille',
      lastName: 'Durand',
      email: 'camille@example.fr',
    })

    const mail = await smtp.waitForMail('camille@example.fr', {
      subject: /Confirmez votre adresse email/,
    })
    const link = linksIn(mail).find((href) => href.includes('/api/auth/verify-email'))
    expect(link).toBeDefined()
    const response = await follow(link!)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toMatch(/^(http:\/\/localhost:3000)?\/(\?.*)?$/)
    const [user] = await db.select({ verified: users.emailVerified }).from(users)
    expect(user?.verified).toBe(true)
  })

  it('answers an existing address exactly as a new one, and tells its owner by email', async () => {
    await registerConfirmedMember('existant@example.fr')
    const known = await signUp({
      email: 'existant@example.fr',
      password: 'Autre-mot-2026',
      firstName: '',
      lastName: '',
      ...meta(),
    })
    const unknown = await signUp({
      email: 'nouveau@example.fr',
      password: 'Autre-mot-2026',
      firstName: '',
      lastName: '',
      ...meta(),
    })
    expect(known).toEqual(unknown)
    await smtp.waitForMail('existant@example.fr', { subject: /déjà un compte/ })
    const [{ count }] = (
      await db.execute<{ count: number }>(
        sql`select count(*)::int as count from users where email = 'existant@example.fr'`,
      )
    ).rows as [{ count: number }]
    expect(count).toBe(1)
  })

  it('mails the way to a password of their own, no confirmation link, to an address whose sign-up was never confirmed', async () => {
    // Begun by a stranger with someone else's address, say, and a password of the stranger's.
    const begun = { email: 'recommence@example.fr', password: 'Premier-Essai-26' }
    expect(await signUp({ ...begun, firstName: 'Léo', lastName: 'Marchand', ...meta() })).toEqual({
      ok: true,
    })
    await smtp.waitForMail(begun.email, { subject: /Confirmez/ })
    smtp.clear()
    const owner = { email: begun.email, password: 'Le-Mien-Enfin-26' }
    expect(await signUp({ ...owner, firstName: '', lastName: '', ...meta() })).toEqual({
      ok: true,
    })
    const mail = await smtp.waitForMail(owner.email, { subject: /Activez votre compte/ })
    const links = linksIn(mail)
    // Confirming would activate the stranger's password: only the way to a reset.
    expect(links.filter((href) => href.includes('verify-email'))).toEqual([])
    expect(links).toContain(`${ORIGIN}/auth?forgot=1`)
    expect(await requestPasswordReset({ email: owner.email, ...meta() })).toEqual({ ok: true })
    const reset = await smtp.waitForMail(owner.email, { subject: /Réinitialisez/ })
    const token = resetTokenIn(reset)
    expect(await resetPassword({ token, password: owner.password })).toEqual({ ok: true })
    expect(await signIn({ ...owner, ...meta() })).toMatchObject({ ok: true })
    expect(await signIn({ ...begun, ...meta() })).toMatchObject({
      ok: false,
      code: 'INVALID_EMAIL_OR_PASSWORD',
    })
  })

  it('answers an existing address before the mail to its owner is delivered (ADR 058)', async () => {
    await registerConfirmedMember('lent@example.fr')
    smtp.clear()
    const relay = smtp.hold()
    try {
      const answer = await answerOf(
        signUp({
          email: 'lent@example.fr',
          password: 'Autre-mot-2026',
          firstName: '',
          lastName: '',
          ...meta(),
        }),
      )
      expect(answer).toEqual({ ok: true })
      // The relay holds the message unanswered: the answer did not wait for it.
      await vi.waitFor(() => expect(relay.waiting).toBe(1))
      expect(smtp.messages).toEqual([])
    } finally {
      relay.release()
    }
    await smtp.waitForMail('lent@example.fr', { subject: /déjà un compte/ })
  })

  it('answers a resend for an unconfirmed address before its link is delivered (ADR 058)', async () => {
    await signUp({
      email: 'attente@example.fr',
      password: 'Atelier-Lyon-26',
      firstName: 'Inès',
      lastName: 'Roux',
      ...meta(),
    })
    await smtp.waitForMail('attente@example.fr', { subject: /Confirmez/ })
    smtp.clear()
    const relay = smtp.hold()
    try {
      // Better Auth's resend endpoint waits for its mail callback itself: the callback must not
      // wait for the relay, or the time would tell an unconfirmed account from any address.
      const answer = await answerOf(
        resendVerificationEmail({ email: 'attente@example.fr', ...meta() }),
      )
      expect(answer).toEqual({ ok: true })
      await vi.waitFor(() => expect(relay.waiting).toBe(1))
      expect(smtp.messages).toEqual([])
    } finally {
      relay.release()
    }
    await smtp.waitForMail('attente@example.fr', { subject: /Confirmez/ })
  })

  it('refuses one of the most common passwords', async () => {
    const outcome = await signUp({
      email: 'a@example.fr',
      password: 'password123',
      firstName: '',
      lastName: '',
      ...meta(),
    })
    expect(outcome).toMatchObject({ ok: false, status: 400, code: 'PASSWORD_TOO_COMMON' })
    expect(await db.select({ id: users.id }).from(users)).toEqual([])
  })

  it('holds Better Auth’s own sign-up endpoint to the form’s name rules', async () => {
    const post = (body: Record<string, string>) =>
      getAuth().handler(
        new Request(`${ORIGIN}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: {
            origin: ORIGIN,
            'content-type': 'application/json',
            'x-tremplin-client-ip': `198.51.100.${++ipCounter}`,
          },
          body: JSON.stringify({ password: 'Boulangerie-2026', lastName: 'Durand', ...body }),
        }),
      )
    const tooLong = await post({
      email: 'long@example.fr',
      name: 'Camille Durand',
      firstName: 'C'.repeat(51),
    })
    expect(tooLong.status).toBe(400)
    expect(await tooLong.json()).toMatchObject({
      code: 'INVALID_NAME',
      message: 'Ce champ contient au plus 50 caractères.',
    })
    const longAccountName = await post({
      email: 'nom@example.fr',
      name: 'N'.repeat(255),
      firstName: 'Camille',
    })
    expect(longAccountName.status).toBe(400)
    expect(await db.select({ id: users.id }).from(users)).toEqual([])

    // Kept as the form keeps them: trimmed (60 characters with the spaces, 50 without).
    const fits = await post({
      email: 'juste@example.fr',
      name: 'Camille',
      firstName: ` ${'C'.repeat(50)}         `,
    })
    expect(fits.status).toBe(200)
    const [profile] = await db.select({ firstName: profiles.firstName }).from(profiles)
    expect(profile?.firstName).toBe('C'.repeat(50))
  })
})

describe('sign-in and sign-out', () => {
  it('refuses an unconfirmed address, then signs in once it is confirmed', async () => {
    await signUp({
      email: 'lea@example.fr',
      password: 'Atelier-Lyon-26',
      firstName: 'Léa',
      lastName: 'Martin',
      ...meta(),
    })
    const early = await signIn({ email: 'lea@example.fr', password: 'Atelier-Lyon-26', ...meta() })
    expect(early).toMatchObject({ ok: false, code: 'EMAIL_NOT_VERIFIED' })

    expect(await resendVerificationEmail({ email: 'lea@example.fr', ...meta() })).toEqual({
      ok: true,
    })
    const mail = await smtp.waitForMail('lea@example.fr', { subject: /Confirmez/ })
    await follow(linksIn(mail)[0]!)

    const outcome = await signIn({
      email: 'lea@example.fr',
      password: 'Atelier-Lyon-26',
      ...meta(),
    })
    expect(outcome).toMatchObject({ ok: true, twoFactor: false })
    if (!outcome.ok) return
    expect(outcome.cookies.join('\n')).toMatch(/tremplin\.session_token=.+HttpOnly/i)
    expect(outcome.cookies.join('\n')).toMatch(/SameSite=Lax/i)
  })

  it('says the same thing for a wrong password and an unknown address', async () => {
    await registerConfirmedMember('hugo@example.fr')
    const wrong = await signIn({ email: 'hugo@example.fr', password: 'pas-le-bon-2026', ...meta() })
    const unknown = await signIn({
      email: 'personne@example.fr',
      password: 'pas-le-bon-2026',
      ...meta(),
    })
    expect(wrong).toEqual({
      ok: false,
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Email ou mot de passe incorrect.',
    })
    expect(unknown).toEqual(wrong)
  })

  it('signs out everywhere: every session of the account ends', async () => {
    const member = await registerConfirmedMember('ines@example.fr')
    const first = await signIn({ ...member, ...meta() })
    const second = await signIn({ ...member, ...meta() })
    if (!first.ok || !second.ok) throw new Error('sign-in failed')
    expect(await db.select({ id: sessions.id }).from(sessions)).toHaveLength(2)
    const { cookies } = await signOutEverywhere({ headers: meta(undefined, first.cookies).headers })
    expect(cookies.join('\n')).toMatch(/tremplin\.session_token=;.*Max-Age=0/)
    expect(await db.select({ id: sessions.id }).from(sessions)).toHaveLength(0)
    const session = await getAuth().api.getSession({
      headers: meta(undefined, second.cookies).headers,
    })
    expect(session).toBeNull()
  })

  it('still clears the cookies when the session was already gone', async () => {
    const { cookies } = await signOutEverywhere({
      headers: new Headers({ cookie: 'tremplin.session_token=perime' }),
    })
    expect(cookies.some((cookie) => cookie.startsWith('tremplin.session_token=;'))).toBe(true)
  })
})

describe('password reset', () => {
  it('answers a known address before its reset link is delivered; a stop waits for it (ADR 058)', async () => {
    const member = await registerConfirmedMember('relais@example.fr')
    smtp.clear()
    const relay = smtp.hold()
    try {
      expect(await answerOf(requestPasswordReset({ email: member.email, ...meta() }))).toEqual({
        ok: true,
      })
      await vi.waitFor(() => expect(relay.waiting).toBe(1))
      expect(smtp.messages).toEqual([])
      expect(afterAnswerWorkPending()).toBe(1)
    } finally {
      relay.release()
    }
    await settleAfterAnswerWork()
    expect(afterAnswerWorkPending()).toBe(0)
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/Réinitialisez/),
    ])
  })

  it('answers the same for an unknown address and sends nothing', async () => {
    expect(await requestPasswordReset({ email: 'inconnu@example.fr', ...meta() })).toEqual({
      ok: true,
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.messages).toEqual([])
  })

  it('works once from the emailed link, revokes every session, and needs the new password', async () => {
    const member = await registerConfirmedMember('manon@example.fr')
    const before = await signIn({ ...member, ...meta() })
    expect(before.ok).toBe(true)

    expect(await requestPasswordReset({ email: member.email, ...meta() })).toEqual({ ok: true })
    const mail = await smtp.waitForMail(member.email, { subject: /Réinitialisez/ })
    const landing = await follow(linksIn(mail).find((href) => href.includes('reset-password'))!)
    const location = new URL(landing.headers.get('location')!, ORIGIN)
    expect(location.pathname + '?type=' + location.searchParams.get('type')).toBe(
      '/auth?type=recovery',
    )
    const token = location.searchParams.get('token')!

    expect(await resetPassword({ token, password: 'Nouvelle-Adresse-26' })).toEqual({ ok: true })
    expect(await db.select({ id: sessions.id }).from(sessions)).toHaveLength(0)
    expect(await resetPassword({ token, password: 'Encore-Une-Fois-26' })).toMatchObject({
      ok: false,
      code: 'INVALID_TOKEN',
    })

    expect(await signIn({ ...member, ...meta() })).toMatchObject({
      ok: false,
      code: 'INVALID_EMAIL_OR_PASSWORD',
    })
    expect(
      await signIn({ email: member.email, password: 'Nouvelle-Adresse-26', ...meta() }),
    ).toMatchObject({ ok: true })
    await smtp.waitForMail(member.email, { subject: /mot de passe a été modifié/ })
  })

  it('ends the other reset links asked before it', async () => {
    const member = await registerConfirmedMember('deux-liens@example.fr')
    const tokens: string[] = []
    for (let ask = 0; ask < 2; ask++) {
      smtp.clear()
      expect(await requestPasswordReset({ email: member.email, ...meta() })).toEqual({ ok: true })
      const mail = await smtp.waitForMail(member.email, { subject: /Réinitialisez/ })
      tokens.push(resetTokenIn(mail))
    }
    expect(await resetPassword({ token: tokens[1]!, password: 'Nouvelle-Adresse-26' })).toEqual({
      ok: true,
    })
    // Whoever else read the first mail cannot set another password with it.
    expect(
      await resetPassword({ token: tokens[0]!, password: 'Encore-Une-Fois-26' }),
    ).toMatchObject({ ok: false, code: 'INVALID_TOKEN' })
  })

  it('confirms the address of an account never confirmed: the link proved the mailbox', async () => {
    const email = 'jamais-confirme@example.fr'
    expect(
      await signUp({
        email,
        password: 'Oublie-Aussitot-26',
        firstName: '',
        lastName: '',
        ...meta(),
      }),
    ).toEqual({ ok: true })
    expect(await requestPasswordReset({ email, ...meta() })).toEqual({ ok: true })
    const mail = await smtp.waitForMail(email, { subject: /Réinitialisez/ })
    const token = resetTokenIn(mail)
    expect(await resetPassword({ token, password: 'Enfin-Retrouve-26' })).toEqual({ ok: true })
    expect(await signIn({ email, password: 'Enfin-Retrouve-26', ...meta() })).toMatchObject({
      ok: true,
    })
  })

  it('refuses a common password as the new one', async () => {
    expect(await resetPassword({ token: 'whatever', password: 'iloveyou' })).toMatchObject({
      ok: false,
      code: 'PASSWORD_TOO_COMMON',
    })
  })
})

describe('rate limits (limit allowed, limit + 1 refused with a French 429)', () => {
  it('sign-in: 5 per minute per IP address', async () => {
    const ip = '203.0.113.7'
    await startInsideOneWindow(RATE_LIMITS.signInPerIp.windowMs)
    for (let attempt = 1; attempt <= 5; attempt++) {
      const outcome = await signIn({
        email: `x${attempt}@example.fr`,
        password: 'mauvais-2026',
        ...meta(ip),
      })
      expect(outcome).toMatchObject({ ok: false, status: 401 })
    }
    const refused = await signIn({ email: 'x6@example.fr', password: 'mauvais-2026', ...meta(ip) })
    expect(refused).toMatchObject({ ok: false, status: 429 })
    expect((refused as { message: string }).message).toMatch(
      /^Trop de tentatives\. Réessayez dans \d+ (secondes?|minutes?)\.$/,
    )
  })

  it('sign-in: 10 per hour per account, whatever the address', async () => {
    await startInsideOneWindow(RATE_LIMITS.signInPerAccount.windowMs)
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(
        await signIn({ email: 'cible@example.fr', password: 'mauvais-2026', ...meta() }),
      ).toMatchObject({ status: 401 })
    }
    expect(
      await signIn({ email: 'cible@example.fr', password: 'mauvais-2026', ...meta() }),
    ).toMatchObject({ status: 429 })
  })

  it('sign-up: 5 per hour per IP address', async () => {
    const ip = '203.0.113.8'
    await startInsideOneWindow(RATE_LIMITS.signUpPerIp.windowMs)
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        await signUp({
          email: `n${attempt}@example.fr`,
          password: 'Projet-Nantes-26',
          firstName: '',
          lastName: '',
          ...meta(ip),
        }),
      ).toEqual({ ok: true })
    }
    expect(
      await signUp({
        email: 'n6@example.fr',
        password: 'Projet-Nantes-26',
        firstName: '',
        lastName: '',
        ...meta(ip),
      }),
    ).toMatchObject({ status: 429 })
  })

  it('reset and confirmation emails: 3 per 15 minutes per address', async () => {
    await startInsideOneWindow(RATE_LIMITS.authMailPerAddress.windowMs)
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await requestPasswordReset({ email: 'flot@example.fr', ...meta() })).toEqual({
        ok: true,
      })
    }
    expect(await requestPasswordReset({ email: 'flot@example.fr', ...meta() })).toMatchObject({
      status: 429,
    })
    expect(await resendVerificationEmail({ email: 'flot@example.fr', ...meta() })).toMatchObject({
      status: 429,
    })
    expect(await requestPasswordReset({ email: 'autre@example.fr', ...meta() })).toEqual({
      ok: true,
    })
  })

  it('sign-ups count against the 3 account mails per 15 minutes of their address, from any client', async () => {
    await startInsideOneWindow(RATE_LIMITS.authMailPerAddress.windowMs)
    await registerConfirmedMember('harcelee@example.fr') // the first mail: its confirmation
    smtp.clear()
    const signUpFrom = (ip: string) =>
      signUp({
        email: 'harcelee@example.fr',
        password: 'Projet-Nantes-26',
        firstName: '',
        lastName: '',
        ...meta(ip),
      })
    expect(await signUpFrom('198.51.100.31')).toEqual({ ok: true })
    expect(await signUpFrom('198.51.100.32')).toEqual({ ok: true })
    expect(await signUpFrom('198.51.100.33')).toMatchObject({ status: 429 })
    expect(await requestPasswordReset({ email: 'harcelee@example.fr', ...meta() })).toMatchObject({
      status: 429,
    })
    await settleAfterAnswerWork()
    expect(smtp.messages.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/déjà un compte/),
      expect.stringMatching(/déjà un compte/),
    ])
  })

  it('reset and confirmation emails: 10 per 15 minutes per client address, whatever the email', async () => {
    await startInsideOneWindow(RATE_LIMITS.authMailPerIp.windowMs)
    const ip = '198.51.100.250'
    for (let attempt = 1; attempt <= RATE_LIMITS.authMailPerIp.limit; attempt++) {
      const ask = attempt % 2 ? requestPasswordReset : resendVerificationEmail
      expect(await ask({ email: `liste-${attempt}@example.fr`, ...meta(ip) })).toEqual({ ok: true })
    }
    expect(await requestPasswordReset({ email: 'liste-11@example.fr', ...meta(ip) })).toMatchObject(
      { status: 429, message: expect.stringMatching(/^Trop de tentatives/) },
    )
    expect(
      await resendVerificationEmail({ email: 'liste-12@example.fr', ...meta(ip) }),
    ).toMatchObject({ status: 429 })
    expect(await requestPasswordReset({ email: 'liste-11@example.fr', ...meta() })).toEqual({
      ok: true,
    })
    // Refused for the client's address, a request does not use up the email's own allowance:
    // a client past its budget cannot keep a member from their reset link.
    for (let attempt = 1; attempt <= RATE_LIMITS.authMailPerAddress.limit; attempt++) {
      const ask = attempt % 2 ? requestPasswordReset : resendVerificationEmail
      expect(await ask({ email: 'alice@example.fr', ...meta(ip) })).toMatchObject({ status: 429 })
    }
    expect(await requestPasswordReset({ email: 'alice@example.fr', ...meta() })).toEqual({
      ok: true,
    })
  })
})
