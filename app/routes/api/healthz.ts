import { sql } from 'drizzle-orm'
import { db, getDatabase } from '~/server/db/db.server'
import { logger } from '~/server/logger.server'

/** Liveness and database status for load balancers and monitors. */
export async function loader() {
  const headers = { 'Cache-Control': 'no-store' }
  try {
    await db.execute(sql`select 1`)
    return Response.json(
      { status: 'ok', database: { status: 'ok', driver: getDatabase().driver } },
      { headers },
    )
  } catch (error) {
    logger.error({ err: error }, 'health check failed')
    return Response.json(
      { status: 'error', database: { status: 'unavailable' } },
      { status: 503, headers },
    )
  }
}
