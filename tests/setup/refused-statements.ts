import { sql } from 'drizzle-orm'
import { db } from '../../app/server/db/db.server'

/**
 * Runs `run` while the database refuses every `operation` on `table` (a trigger raising an
 * error, as a real failure of the database would), then takes the trigger away.
 */
export async function whileDatabaseRefuses(
  operation: 'update' | 'delete',
  table: 'users' | 'verifications',
  run: () => Promise<void>,
): Promise<void> {
  const name = sql.raw(`refuse_${operation}_${table}`)
  await db.execute(sql`
    create function ${name}() returns trigger language plpgsql as $$
    begin raise exception 'refusé pour le test'; end $$`)
  await db.execute(sql`
    create trigger ${name} before ${sql.raw(operation)} on ${sql.raw(table)}
    for each statement execute function ${name}()`)
  try {
    await run()
  } finally {
    await db.execute(sql`drop trigger ${name} on ${sql.raw(table)}`)
    await db.execute(sql`drop function ${name}()`)
  }
}
