import { and, desc, eq, gt } from 'drizzle-orm'
import QRCode from 'qrcode'
import {
  toAuthFailure,
  tooCommonPassword,
  type AuthFailure,
} from '~/features/auth/auth-errors.server'
import { getAuth } from '~/server/auth/auth.server'
import { isCommonPassword } from '~/server/auth/password-policy.server'
import { db } from '~/server/db/db.server'
import { databaseError, SQLSTATE } from '~/server/db/errors.server'
import { sessions } from '~/server/db/schema'
import { absoluteUrl } from '~/server/env.server'
import { mailAfterAnswer } from '~/server/mail/mailer.server'
import {
  passwordChangedMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
  type MailContent,
} from '~/server/mail/templates'
import { forgetTokensOfOldPassword } from '~/server/auth/issued-tokens.server'
import { describeDevice } from './session-device.server'

type Outcome<T = object> = ({ ok: true } & T) | AuthFailure

/**
 * Tells the member by mail that their account's protection changed, so that an intruder's
 * change does not go unnoticed (after the answer, ADR 058).
 */
function tellMember(email: string, mail: (links: { settingsUrl: string }) => MailContent) {
  mailAfterAnswer({ to: email, ...mail({ settingsUrl: absoluteUrl('/settings') }) })
}

/**
 * Changes the password (the current one is required), ends every other session and every link
 * or challenge issued under the old one (`forgetIssuedTokens`), and tells the member by mail.
 */
export async function changePassword(input: {
  headers: Headers
  userId: string
  email: string
  currentPassword: string
  newPassword: string
}): Promise<Outcome<{ cookies: string[] }>> {
  if (isCommonPassword(input.newPassword)) {
    return tooCommonPassword()
  }
  try {
    const { headers } = await getAuth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: input.headers,
      returnHeaders: true,
    })
    await forgetTokensOfOldPassword(input.userId)
    tellMember(input.email, passwordChangedMail)
    return { ok: true, cookies: headers.getSetCookie() }
  } catch (error) {
    return toAuthFailure(error)
  }
}

export interface SessionSummary {
  id: string
  /** « Chrome 159 sur Windows »: the browser and system the session was opened in. */
  device: string
  ipAddress: string | null
  createdAt: Date
  updatedAt: Date
  current: boolean
}

/** The member's open sessions, newest activity first; tokens never leave the server. */
export async function listSessions(input: {
  userId: string
  currentSessionId: string
}): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, input.userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt))
  return rows.map(({ userAgent, ...row }) => ({
    ...row,
    device: describeDevice(userAgent),
    current: row.id === input.currentSessionId,
  }))
}

/** Ends one of the member's own sessions (another member's id matches nothing). */
export async function revokeSession(input: {
  userId: string
  sessionId: string
}): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId)))
    .returning({ id: sessions.id })
  return deleted.length > 0
}

/** Two enrolments of one member at once (two tabs, a double click): the second one waits. */
export const TWO_FACTOR_BUSY_MESSAGE =
  'Une autre activation de la double authentification est en cours. Réessayez.'

export interface TwoFactorEnrolment {
  /** The otpauth:// URI as a PNG data URL, for an <img>. */
  qrCode: string
  secret: string
  backupCodes: string[]
}

/** Starts TOTP enrolment (password required): a QR code, its secret and the backup codes. */
export async function startTwoFactorEnrolment(input: {
  headers: Headers
  password: string
}): Promise<Outcome<{ enrolment: TwoFactorEnrolment }>> {
  try {
    const result = await getAuth().api.enableTwoFactor({
      body: { password: input.password, method: 'totp' },
      headers: input.headers,
    })
    if (result.method !== 'totp') throw new Error('TOTP enrolment expected')
    const { totpURI, backupCodes } = result
    const secret = new URL(totpURI).searchParams.get('secret') ?? ''
    const qrCode = await QRCode.toDataURL(totpURI, { margin: 1, width: 192 })
    return { ok: true, enrolment: { qrCode, secret, backupCodes } }
  } catch (error) {
    if (databaseError(error).code === SQLSTATE.uniqueViolation) {
      return { ok: false, status: 409, code: 'TWO_FACTOR_BUSY', message: TWO_FACTOR_BUSY_MESSAGE }
    }
    return toAuthFailure(error)
  }
}

/**
 * Finishes enrolment with a first code from the app; two-factor is on from then on, and the
 * member is told by mail.
 */
export async function confirmTwoFactor(input: {
  headers: Headers
  email: string
  code: string
}): Promise<Outcome<{ cookies: string[] }>> {
  try {
    const { headers } = await getAuth().api.verifyTOTP({
      body: { code: input.code },
      headers: input.headers,
      returnHeaders: true,
    })
    tellMember(input.email, twoFactorEnabledMail)
    return { ok: true, cookies: headers.getSetCookie() }
  } catch (error) {
    return toAuthFailure(error)
  }
}

/**
 * Turns two-factor off (password required) and tells the member by mail. Better Auth replaces
 * the session with a new one: its cookie is returned, for the member to stay signed in.
 */
export async function disableTwoFactor(input: {
  headers: Headers
  email: string
  password: string
}): Promise<Outcome<{ cookies: string[] }>> {
  try {
    const { headers } = await getAuth().api.disableTwoFactor({
      body: { password: input.password },
      headers: input.headers,
      returnHeaders: true,
    })
    tellMember(input.email, twoFactorDisabledMail)
    return { ok: true, cookies: headers.getSetCookie() }
  } catch (error) {
    return toAuthFailure(error)
  }
}
