import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.server'
import { db } from '../db/db.server'
import { logger } from '../logger.server'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * Forgets what Better Auth issued to a member and keeps in `verifications`, the user id as its
 * value rather than a foreign key: reset links, two-factor challenges (with the rows counting
 * their attempts) and trusted devices. None may outlive the password it was issued under: a
 * reset link asked by whoever read the member's mail would otherwise undo a change of password
 * for the rest of its hour. `alsoIdentifier`: a row kept under the member's email too (their
 * account's deletion).
 */
export async function forgetIssuedTokens(
  executor: Database | Transaction,
  userId: string,
  alsoIdentifier?: string,
): Promise<void> {
  await executor.execute(sql`
    with gone as (
      delete from verifications
      where value = ${userId}
        ${alsoIdentifier === undefined ? sql`` : sql`or identifier = ${alsoIdentifier}`}
      returning identifier
    )
    delete from verifications where identifier in (select '2fa-attempts-' || identifier from gone)`)
}

/**
 * `forgetIssuedTokens` once a new password is in place (changed or reset): what the member asked
 * is done by then, so a failure here is logged rather than turned into an error that would tell
 * them it was not (and leave them without the mail that says it was).
 */
export async function forgetTokensOfOldPassword(userId: string): Promise<void> {
  await forgetIssuedTokens(db, userId).catch((error: unknown) => {
    logger.error({ err: error, userId }, 'tokens of the old password not forgotten')
  })
}
