import { eq } from 'drizzle-orm'
import { forgetIssuedTokens } from '~/server/auth/issued-tokens.server'
import { db } from '~/server/db/db.server'
import { sessions, twoFactors, users } from '~/server/db/schema'
import { absoluteUrl } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { sendMail } from '~/server/mail/mailer.server'
import { twoFactorTurnedOffByTeamMail } from '~/server/mail/templates'

export type TwoFactorRecovery =
  | { status: 'unknown-email' }
  | { status: 'not-enabled' }
  | { status: 'turned-off'; sessionsEnded: number; mailed: boolean }

/**
 * Turns two-factor off for a member who lost their app and their backup codes, at their
 * request to the team (`npm run account:disable-2fa`, ADR 068): the secret and backup codes are
 * deleted, with their failed-attempt lock; every session, pending challenge, trusted device and
 * reset link of the account ends; the member is told by mail at the account's address, so that a
 * request made in their name does not go unnoticed. The password is unchanged.
 */
export async function turnOffTwoFactorForMember({
  email,
}: {
  /** As `EmailSchema` gives it: trimmed and lower-cased, as accounts store it. */
  email: string
}): Promise<TwoFactorRecovery> {
  const outcome = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, email: users.email, enabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.email, email))
      .for('update')
    if (!member) return { status: 'unknown-email' } as const
    if (!member.enabled) return { status: 'not-enabled' } as const
    await tx.delete(twoFactors).where(eq(twoFactors.userId, member.id))
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, member.id))
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, member.id))
      .returning({ id: sessions.id })
    await forgetIssuedTokens(tx, member.id)
    return { status: 'turned-off', member, sessionsEnded: ended.length } as const
  })
  if (outcome.status !== 'turned-off') return outcome

  const { member, sessionsEnded } = outcome
  logger.warn({ userId: member.id, sessionsEnded }, 'two-factor turned off by the team')
  const mailed = await sendMail({
    to: member.email,
    ...twoFactorTurnedOffByTeamMail({ settingsUrl: absoluteUrl('/settings') }),
  }).then(
    () => true,
    () => false, // logged by the mailer; what was done stays done
  )
  return { status: 'turned-off', sessionsEnded, mailed }
}
