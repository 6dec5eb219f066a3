import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzleNodePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { findUp } from './find-up.server'
import { lockDirectory } from './lock.server'
import { pgliteExtensions, prepareInSql } from './pglite.server'
import { PgliteThread } from './pglite-thread.server'
import * as schema from './schema'

/**
 * Both drivers expose the same Drizzle API; the node-postgres type stands for either.
 */
export type Database = NodePgDatabase<typeof schema>

export type DatabaseDriver = 'pglite' | 'postgres'

export interface DatabaseHandle {
  db: Database
  driver: DatabaseDriver
  /** Raw SQL for maintenance (health check, tests). */
  execute(sql: string): Promise<void>
  /**
   * Declares `text` a statement sent often, under `name`, so that PostgreSQL parses and plans it
   * once instead of per execution (ADR 019, ADR 027). node-postgres sends Drizzle's prepared
   * statements by name itself; PGlite's driver sends them unnamed, so they are prepared in SQL.
   */
  keepPlan(name: string, text: string): void
  /** Applies the committed migrations that this database has not seen yet. */
  migrate(): Promise<void>
  close(): Promise<void>
}

/** The committed migrations, found from this module whether it runs from app/ or build/. */
export function findMigrationsFolder(): string {
  const journal = findUp(import.meta.url, [path.join('drizzle', 'meta', '_journal.json')])
  return journal ? path.dirname(path.dirname(journal)) : path.resolve('drizzle')
}

const MIGRATION_LOCK_KEY = 7_452_019_331

/**
 * Opens the embedded database in `directory`, holding its lock until close. It runs on a
 * thread of its own (ADR 028).
 */
export async function openPgliteDirectory(directory: string): Promise<DatabaseHandle> {
  const absolute = path.resolve(directory)
  fs.mkdirSync(absolute, { recursive: true })
  const release = lockDirectory(absolute)
  try {
    const thread = await PgliteThread.open(absolute)
    return wrapPglite(thread, (name, text) => thread.keepPlan(name, text), release)
  } catch (error) {
    release()
    throw error
  }
}

/**
 * Opens an in-memory embedded database in this thread (tests), optionally from a dumped data
 * directory.
 */
export async function openPgliteMemory(loadDataDir?: Blob): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    extensions: pgliteExtensions,
    ...(loadDataDir ? { loadDataDir } : {}),
  })
  return wrapPglite(client, prepareInSql(client), () => {})
}

/** What Drizzle's PGlite driver and this module use of a PGlite instance. */
type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'closed'>

function wrapPglite(
  client: PgliteClient,
  keepPlan: DatabaseHandle['keepPlan'],
  release: () => void,
): DatabaseHandle {
  const pgliteDb = drizzlePglite(client as PGlite, { schema })
  return {
    db: pgliteDb as unknown as Database,
    driver: 'pglite',
    keepPlan,
    execute: async (sql) => {
      await client.exec(sql)
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: findMigrationsFolder() }),
    close: async () => {
      try {
        if (!client.closed) await client.close()
      } finally {
        release()
      }
    },
  }
}

/** Opens a connection pool to a PostgreSQL server. */
export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  // No JIT compilation: it pays off for long analytical queries, and costs a page hundreds of
  // milliseconds whenever a plan's estimate crosses jit_above_cost (ADR 019).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c jit=off',
    // A server that does not answer (its host gone, packets dropped) fails a request, and
    // /healthz, within half a minute instead of holding them until the operating system gives
    // up. The same wait bounds a request queued for a connection of a full pool: one waiting
    // longer is answered with an error rather than kept.
    connectionTimeoutMillis: 30_000,
  })
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {})
  const db = drizzleNodePostgres(pool, { schema })
  return {
    db,
    driver: 'postgres',
    // Drizzle's node-postgres driver sends a prepared query's name with it.
    keepPlan: () => {},
    execute: async (sql) => {
      await pool.query(sql)
    },
    migrate: async () => {
      // Several app instances may start together: one migrates, the others wait.
      const lock = new pg.Client({ connectionString: url })
      await lock.connect()
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        await migrateNodePostgres(db, { migrationsFolder: findMigrationsFolder() })
      } finally {
        await lock.end()
      }
    },
    close: () => pool.end(),
  }
}
