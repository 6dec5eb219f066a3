import path from 'node:path'
import { getEnv } from '../env.server'
import { logger } from '../logger.server'
import {
  openPgliteDirectory,
  openPostgres,
  type Database,
  type DatabaseHandle,
} from './client.server'
import { seedReferenceData } from './seed/reference-data.server'

interface DatabaseState {
  handle?: DatabaseHandle
  starting?: Promise<DatabaseHandle>
}

// On globalThis so that the dev server's module reloads keep one connection.
const state: DatabaseState = ((
  globalThis as { __tremplinDatabase?: DatabaseState }
).__tremplinDatabase ??= {})

/** Opens the database the environment names, migrates it and seeds reference data, once. */
export function startDatabase(): Promise<DatabaseHandle> {
  state.starting ??= (async () => {
    const env = getEnv()
    const handle = env.DATABASE_URL
      ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE)
      : await openPgliteDirectory(path.join(env.DATA_DIR, 'pglite'))
    try {
      await handle.migrate()
      await seedReferenceData(handle.db)
      if (
        env.SEED_DEMO_CONTENT === 'always' ||
        (env.SEED_DEMO_CONTENT === 'auto' && handle.driver === 'pglite')
      ) {
        const { seedDemoContentIfEmpty } = await import('./seed/demo.server')
        const seeded = await seedDemoContentIfEmpty(handle.db)
        if (seeded) logger.info(seeded, 'demo content seeded into the empty database')
      }
    } catch (error) {
      await handle.close()
      state.starting = undefined
      throw error
    }
    state.handle = handle
    logger.info({ driver: handle.driver }, 'database ready')
    return handle
  })()
  return state.starting
}

/** Uses an already prepared database (tests). */
export function useDatabase(handle: DatabaseHandle): void {
  state.handle = handle
  state.starting = Promise.resolve(handle)
}

/** The started database; throws if startDatabase has not finished. */
export function getDatabase(): DatabaseHandle {
  if (!state.handle) throw new Error("La base de données n'est pas démarrée.")
  return state.handle
}

/** Closes the database (graceful shutdown, end of a test file). */
export async function closeDatabase(): Promise<void> {
  const handle = state.handle
  state.handle = undefined
  state.starting = undefined
  await handle?.close()
}

/**
 * The Drizzle client of the started database. Services import this; the root middleware
 * awaits startDatabase() before any loader runs.
 */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const target = getDatabase().db
    const value: unknown = Reflect.get(target, property, target)
    return typeof value === 'function' ? value.bind(target) : value
  },
})
