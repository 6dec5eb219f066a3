import { parseCookies } from 'better-call'
import { getAuth } from '~/server/auth/auth.server'
import { isCommonPassword } from '~/server/auth/password-policy.server'
import { verifiedToken } from '~/server/auth/signed-token.server'
import { hitRateLimits, RATE_LIMITS, tooManyAttemptsMessage } from '~/server/rate-limit.server'
import { toAuthFailure, tooCommonPassword, type AuthFailure } from './auth-errors.server'

/** Where a reset link lands: the new-password form of /auth. */
export const RECOVERY_PATH = '/auth?type=recovery'

type Success<T = object> = { ok: true } & T
type Outcome<T = object> = Success<T> | AuthFailure

interface RequestMeta {
  /** The client's address, as determined by server.ts. */
  ip: string
  /** The incoming request's headers (cookies, origin, user agent). */
  headers: Headers
}

async function limited(checks: Parameters<typeof hitRateLimits>[0]): Promise<AuthFailure | null> {
  const result = await hitRateLimits(checks)
  if (result.allowed) return null
  return {
    ok: false,
    status: 429,
    code: 'TOO_MANY_REQUESTS',
    message: tooManyAttemptsMessage(result.retryAfterSeconds),
    retryAfterSeconds: result.retryAfterSeconds,
  }
}

/** Signs in with email and password; says when a two-factor code is needed next. */
export async function signIn(
  input: { email: string; password: string } & RequestMeta,
): Promise<Outcome<{ twoFactor: boolean; cookies: string[] }>> {
  const refused = await limited([
    { key: `sign-in:ip:${input.ip}`, rule: RATE_LIMITS.signInPerIp },
    { key: `sign-in:account:${input.email}`, rule: RATE_LIMITS.signInPerAccount },
  ])
  if (refused) return refused
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: input.headers,
      returnHeaders: true,
    })
    const twoFactor = Boolean((response as { twoFactorRedirect?: boolean }).twoFactorRedirect)
    return { ok: true, twoFactor, cookies: headers.getSetCookie() }
  } catch (error) {
    return toAuthFailure(error)
  }
}

/**
 * Creates the account (and its profile) and sends the confirmation email. The answer is the
 * same whether or not the address already had an account: its owner gets an email instead.
 * Either way a mail goes to the address, so a sign-up counts against its account mails too
 * (before any lookup: known and unknown addresses are counted alike), whatever the client
 * address: « Vous avez déjà un compte » cannot be sent to a member over and over.
 */
export async function signUp(
  input: { email: string; password: string; firstName: string; lastName: string } & RequestMeta,
): Promise<Outcome | (AuthFailure & { field?: 'password' })> {
  const refused = await limited([
    { key: `sign-up:ip:${input.ip}`, rule: RATE_LIMITS.signUpPerIp },
    { key: `auth-mail:${input.email}`, rule: RATE_LIMITS.authMailPerAddress },
  ])
  if (refused) return refused
  if (isCommonPassword(input.password)) {
    return { ...tooCommonPassword(), field: 'password' }
  }
  try {
    const name = `${input.firstName} ${input.lastName}`.trim() || input.email.split('@')[0]!
    await getAuth().api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name,
        firstName: input.firstName,
        lastName: input.lastName,
      },
      headers: input.headers,
    })
    return { ok: true }
  } catch (error) {
    return toAuthFailure(error)
  }
}

/** Sends a reset link if the address has an account; answers the same either way. */
export async function requestPasswordReset(
  input: { email: string } & RequestMeta,
): Promise<Outcome> {
  // The client's address first: a request it refuses does not use up the email's allowance.
  const refused = await limited([
    { key: `auth-mail:ip:${input.ip}`, rule: RATE_LIMITS.authMailPerIp },
    { key: `auth-mail:${input.email}`, rule: RATE_LIMITS.authMailPerAddress },
  ])
  if (refused) return refused
  try {
    await getAuth().api.requestPasswordReset({
      body: { email: input.email, redirectTo: RECOVERY_PATH },
      headers: input.headers,
    })
  } catch (error) {
    // An unknown address must look like a known one: only log.
    toAuthFailure(error)
  }
  return { ok: true }
}

/** Sends the confirmation link again to an unconfirmed address; answers the same either way. */
export async function resendVerificationEmail(
  input: { email: string } & RequestMeta,
): Promise<Outcome> {
  // The client's address first: a request it refuses does not use up the email's allowance.
  const refused = await limited([
    { key: `auth-mail:ip:${input.ip}`, rule: RATE_LIMITS.authMailPerIp },
    { key: `auth-mail:${input.email}`, rule: RATE_LIMITS.authMailPerAddress },
  ])
  if (refused) return refused
  try {
    await getAuth().api.sendVerificationEmail({
      body: { email: input.email },
      headers: input.headers,
    })
  } catch (error) {
    toAuthFailure(error)
  }
  return { ok: true }
}

/**
 * Confirms the address a confirmation link was sent to, from the confirmation page's button
 * (ADR 062): opening the link confirms nothing, so that a mail scanner opening it does not.
 */
export async function confirmEmail(input: { token: string }): Promise<Outcome> {
  try {
    await getAuth().api.verifyEmail({ query: { token: input.token } })
    return { ok: true }
  } catch (error) {
    return toAuthFailure(error)
  }
}

/** Sets a new password from a reset link; every session of the account is revoked. */
export async function resetPassword(input: { token: string; password: string }): Promise<Outcome> {
  if (isCommonPassword(input.password)) {
    return tooCommonPassword()
  }
  try {
    await getAuth().api.resetPassword({ body: { newPassword: input.password, token: input.token } })
    return { ok: true }
  } catch (error) {
    return toAuthFailure(error)
  }
}

// Better Auth's backup codes: ten letters and digits in two halves joined by a hyphen.
const BACKUP_CODE = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/

/**
 * Completes a sign-in with a TOTP code or a backup code. A browser without JavaScript cannot
 * switch the form to backup codes: a code in a backup code's shape is taken as one, whatever
 * the form said (a TOTP code is six digits).
 */
export async function verifyTwoFactor(
  input: { code: string; method: 'totp' | 'backup' } & RequestMeta,
): Promise<Outcome<{ cookies: string[] }>> {
  const method = BACKUP_CODE.test(input.code) ? 'backup' : input.method
  // Per client address first, then per challenge: the signed challenge's identifier, which
  // no other spelling of its cookie changes (one that is not signed is no challenge at all).
  const challenge = await twoFactorChallenge(input.headers)
  const refused = await limited([
    { key: `two-factor:ip:${input.ip}`, rule: RATE_LIMITS.twoFactorPerIp },
    ...(challenge
      ? [{ key: `two-factor:${challenge}`, rule: RATE_LIMITS.twoFactorPerAttempt }]
      : []),
  ])
  if (refused) return refused
  try {
    const api = getAuth().api
    const { headers } =
      method === 'backup'
        ? await api.verifyBackupCode({
            body: { code: input.code, trustDevice: false },
            headers: input.headers,
            returnHeaders: true,
          })
        : await api.verifyTOTP({
            body: { code: input.code, trustDevice: false },
            headers: input.headers,
            returnHeaders: true,
          })
    return { ok: true, cookies: headers.getSetCookie() }
  } catch (error) {
    return toAuthFailure(error)
  }
}

/**
 * The identifier of the sign-in's two-factor challenge, if its cookie is Better Auth's: read as
 * Better Auth reads it (better-call's parser: the first cookie of the name, decoded), so that no
 * other spelling of the header points the limit at another challenge than the one verified.
 */
async function twoFactorChallenge(headers: Headers): Promise<string | null> {
  const context = await getAuth().$context
  const value = parseCookies(headers.get('cookie') ?? '').get(
    context.createAuthCookie('two_factor').name,
  )
  return value ? verifiedToken(value, context.secret) : null
}

const SESSION_COOKIE_NAMES = ['session_token', 'session_data', 'dont_remember']

/**
 * Signs out everywhere (every session of the account). Whatever the server says (an already
 * revoked session answers 401), the cookies of this browser are cleared.
 */
export async function signOutEverywhere(input: {
  headers: Headers
}): Promise<{ cookies: string[] }> {
  const api = getAuth().api
  try {
    await api.revokeSessions({ headers: input.headers })
  } catch {
    // 401/403/404: nothing left to revoke on the server.
  }
  const cleared = SESSION_COOKIE_NAMES.flatMap((name) => [
    `tremplin.${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
    `__Secure-tremplin.${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`,
  ])
  return { cookies: cleared }
}
