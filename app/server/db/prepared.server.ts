import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { DatabaseHandle } from './client.server'
import { getDatabase } from './db.server'
import { sessionReadColumns, type SessionReadColumns } from '../auth/session-sql.server'
import { withCompiledRowMapper } from './row-mapper.server'

/**
 * A value built once per database handle, for the started database: a Drizzle prepared
 * statement, built from its query once instead of per request, and sent under its name so that
 * PostgreSQL parses it once per connection and can keep its plan (ADR 019).
 */
export function perDatabase<T extends object>(build: () => T): () => T {
  const built = new WeakMap<DatabaseHandle, T>()
  return () => {
    const handle = getDatabase()
    let value = built.get(handle)
    if (value === undefined) {
      value = build()
      built.set(handle, value)
    }
    return value
  }
}

/**
 * A statement that shows a viewer's state, prepared twice: with the viewer as a parameter for
 * members, and with none for visitors. One statement for both would be planned per request for
 * ever: a visitor's plan, whose viewer lookups PostgreSQL sees are empty, looks cheaper than the
 * reusable one.
 */
export function perDatabaseAndViewer<Query extends PreparableQuery>(
  name: string,
  query: (viewer: Placeholder | null) => Query,
): (viewerId: string | null) => ReturnType<Query['prepare']> {
  const member = perDatabase(() => prepareNamed(name, query(sql.placeholder('viewerId'))))
  const visitor = perDatabase(() => prepareNamed(`${name}_visitor`, query(null)))
  return (viewerId) => (viewerId ? member() : visitor())
}

/**
 * The statement of a page that reads its viewer's session with its rows (ADR 030), prepared as
 * `${name}_session`: its viewer is the member of the `token` placeholder's session, and it adds
 * the session's read columns.
 */
export function perDatabaseWithSession<Query extends PreparableQuery>(
  name: string,
  query: (viewer: SQL, columns: SessionReadColumns) => Query,
): () => ReturnType<Query['prepare']> {
  return perDatabase(() => {
    const columns = sessionReadColumns()
    return prepareNamed(`${name}_session`, query(columns.viewerId, columns))
  })
}

interface PreparableQuery {
  prepare(name: string): object
  toSQL(): { sql: string }
}

/**
 * The query prepared under `name`, which the started database keeps the plan of: node-postgres
 * sends the name with each execution, PGlite prepares it in SQL (ADR 027).
 */
export function prepareNamed<Query extends PreparableQuery>(
  name: string,
  query: Query,
): ReturnType<Query['prepare']> {
  getDatabase().keepPlan(name, query.toSQL().sql)
  // Its rows mapped by a mapper made for it once (ADR 029).
  return withCompiledRowMapper(query.prepare(name)) as ReturnType<Query['prepare']>
}
