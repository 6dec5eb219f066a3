import { eq } from 'drizzle-orm'
import { db } from '../../app/server/db/db.server'
import { rateLimits } from '../../app/server/db/schema'

/** What the rate limiter has counted for `key` (app/server/rate-limit.server.ts), one figure per window. */
export async function countsOf(key: string): Promise<number[]> {
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
  return rows.map(({ count }) => count)
}
