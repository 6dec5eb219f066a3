// What opening PGlite means here, for the server's own thread and for the database thread
// (pglite-thread.worker.ts, which Node runs from this source: imports name their `.ts` file).
import { PGlite, type QueryOptions } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import pg from 'pg'

export const pgliteExtensions = { pg_trgm, unaccent }

/** A name for PREPARE: an identifier, since it is written into the SQL. */
export function checkStatementName(name: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nom d'instruction invalide : ${name}`)
}

/**
 * Makes `client.query` run the statements declared with the returned function as
 * `EXECUTE name(…)` of a statement prepared once with `PREPARE name AS text` (ADR 027).
 * PGlite's `query` parses, binds and plans an unnamed statement every time: the feed's page
 * spent 2.4 ms planning for 2 ms of execution. A prepared statement keeps a reusable plan after
 * five executions, as on a server.
 *
 * EXECUTE takes its arguments as SQL literals, each quoted as a string that PostgreSQL reads
 * with the parameter's own type, as it reads a bound parameter sent as text. A statement with a
 * value that is not a string, a finite number, a boolean or null, or a string holding a NUL
 * byte, runs as before.
 */
export function prepareInSql(client: PGlite): (name: string, text: string) => void {
  const names = new Map<string, string>()
  const preparing = new Map<string, Promise<unknown>>()
  const query = client.query.bind(client)

  async function prepared(name: string, text: string): Promise<void> {
    let done = preparing.get(name)
    if (!done) {
      done = client.exec(`prepare ${name} as ${text}`)
      preparing.set(name, done)
      done.catch(() => preparing.delete(name))
    }
    await done
  }

  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    const name = names.get(text)
    const argumentList = name === undefined ? null : sqlLiterals(params ?? [])
    if (name === undefined || argumentList === null) return query(text, params, options)
    await prepared(name, text)
    return query(`execute ${name}${argumentList}`, [], options)
  }) as PGlite['query']

  return (name, text) => {
    checkStatementName(name)
    names.set(text, name)
  }
}

/** `(lit, …)` for EXECUTE, or null when a value has no safe literal here. */
export function sqlLiterals(values: unknown[]): string | null {
  if (values.length === 0) return ''
  const literals: string[] = []
  for (const value of values) {
    if (value === null || value === undefined) literals.push('null')
    else if (typeof value === 'string' && !value.includes('\0'))
      literals.push(pg.escapeLiteral(value))
    else if (typeof value === 'boolean') literals.push(value ? "'t'" : "'f'")
    else if (typeof value === 'number' && Number.isFinite(value)) literals.push(`'${value}'`)
    else return null
  }
  return `(${literals.join(', ')})`
}
