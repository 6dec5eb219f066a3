// Which database the benchmark scripts use, and a raw SQL client on it.
import fs from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { openPgliteDirectory, openPostgres } from '../../app/server/db/client.server'
import { seedReferenceData } from '../../app/server/db/seed/reference-data.server'
import type { SqlRunner } from './generate-data'

export interface BenchDatabase {
  driver: 'pglite' | 'postgres'
  /** DATABASE_URL for a server, else the embedded database's DATA_DIR. */
  url?: string
  dataDir?: string
  /** 'pglite' or 'postgres', with the server's major version once known. */
  label: string
}

/** Never the development database by accident: DATA_DIR defaults to data/bench here. */
export const DEFAULT_BENCH_DATA_DIR = 'data/bench'

export function benchDatabase(): BenchDatabase {
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  const url = process.env.DATABASE_URL || undefined
  if (url) return { driver: 'postgres', url, label: 'postgres' }
  const dataDir = process.env.DATA_DIR || DEFAULT_BENCH_DATA_DIR
  return { driver: 'pglite', dataDir, label: 'pglite' }
}

export interface OpenBenchDatabase extends SqlRunner {
  version: string
  close(): Promise<void>
}

/**
 * Migrates the database, upserts the reference data, then gives one raw connection on it
 * (one session: SET LOCAL and transactions hold across statements).
 */
export async function openBenchDatabase(target: BenchDatabase): Promise<OpenBenchDatabase> {
  if (target.driver === 'postgres') {
    const handle = openPostgres(target.url!, 2)
    try {
      await handle.migrate()
      await seedReferenceData(handle.db)
    } finally {
      await handle.close()
    }
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    const version = (
      await client.query<{ v: string }>("select current_setting('server_version') as v")
    ).rows[0]!.v
    return {
      version: `PostgreSQL ${version.split(' ')[0]}`,
      exec: (sql) => client.query(sql),
      query: async <Row>(sql: string) => ({ rows: (await client.query(sql)).rows as Row[] }),
      close: () => client.end(),
    }
  }
  const handle = await openPgliteDirectory(path.join(target.dataDir!, 'pglite'))
  try {
    await handle.migrate()
    await seedReferenceData(handle.db)
  } catch (error) {
    await handle.close()
    throw error
  }
  const client = (handle.db as unknown as { $client: PGlite }).$client
  const version = (
    await client.query<{ v: string }>("select current_setting('server_version') as v")
  ).rows[0]!.v
  return {
    version: `PGlite (PostgreSQL ${version.split(' ')[0]})`,
    exec: (sql) => client.exec(sql),
    query: <Row>(sql: string) => client.query<Row>(sql),
    close: () => handle.close(),
  }
}
