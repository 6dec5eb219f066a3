import { makeSignature } from 'better-auth/crypto'
import { getAuth } from '../../app/server/auth/auth.server'
import { SESSION_COOKIE } from '../../app/server/auth/session.server'
import { getEnv } from '../../app/server/env.server'

/**
 * A signed session cookie for an account, as Better Auth sets it at sign-in: for route tests
 * that need many members without going through sign-up mails.
 */
export async function sessionCookie(userId: string): Promise<string> {
  const context = await getAuth().$context
  const session = await context.internalAdapter.createSession(userId)
  const signature = await makeSignature(session.token, getEnv().BETTER_AUTH_SECRET)
  return `${SESSION_COOKIE}=${encodeURIComponent(`${session.token}.${signature}`)}`
}
