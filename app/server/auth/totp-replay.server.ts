import { sql } from 'drizzle-orm'
import { db } from '../db/db.server'
import { usedTotpCodes } from '../db/schema'

/** A TOTP code is valid for at most three 30-second steps; keep it a little longer. */
const REPLAY_WINDOW = sql`interval '2 minutes'`

/**
 * Claims a TOTP code for a member, atomically: true the first time within the window, false
 * when the same code was already presented (a replay).
 */
export async function claimTotpCode(userId: string, code: string): Promise<boolean> {
  const claimed = await db
    .insert(usedTotpCodes)
    .values({ userId, code })
    .onConflictDoUpdate({
      target: [usedTotpCodes.userId, usedTotpCodes.code],
      set: { usedAt: sql`now()` },
      setWhere: sql`${usedTotpCodes.usedAt} < now() - ${REPLAY_WINDOW}`,
    })
    .returning({ userId: usedTotpCodes.userId })
  return claimed.length > 0
}
