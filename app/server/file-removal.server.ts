import { inArray } from 'drizzle-orm'
import { db } from './db/db.server'
import { fileRemovals } from './db/schema'
import { logger } from './logger.server'
import { getStorage } from './storage.server'

/** How many files one sweep tries to remove again. */
const RETRIES_PER_SWEEP = 500

/** Removes each key from the storage, and says which went and which failed. */
async function removeEach(keys: readonly string[]) {
  const storage = getStorage()
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)))
  const removed: string[] = []
  const failed: string[] = []
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') removed.push(keys[index]!)
    else {
      failed.push(keys[index]!)
      logger.error({ err: result.reason, key: keys[index] }, 'file not removed')
    }
  })
  return { removed, failed }
}

/**
 * Removes stored files whose rows are gone. A removal that fails (the storage unreachable) is
 * logged and the key kept in `file_removals`, which the hourly sweep goes through again
 * (`removeFilesAgain`): a file nothing names any more is never left served for good. Never
 * throws: what called it has already done what the member asked.
 */
export async function removeStoredFiles(keys: readonly string[], what: string): Promise<void> {
  if (keys.length === 0) return
  const { failed } = await removeEach(keys)
  if (failed.length === 0) return
  logger.warn({ what, keys: failed }, 'file removals kept to be tried again')
  await db
    .insert(fileRemovals)
    .values(failed.map((key) => ({ key })))
    .onConflictDoNothing()
    .catch((error: unknown) => {
      logger.error({ err: error, keys: failed }, 'file removals not recorded')
    })
}

/**
 * The sweep's part: the files whose removal failed before, longest waiting first, tried again;
 * returns how many went.
 */
export async function removeFilesAgain(): Promise<number> {
  const pending = await db
    .select({ key: fileRemovals.key })
    .from(fileRemovals)
    .orderBy(fileRemovals.failedAt)
    .limit(RETRIES_PER_SWEEP)
  if (pending.length === 0) return 0
  const { removed, failed } = await removeEach(pending.map(({ key }) => key))
  if (removed.length > 0) await db.delete(fileRemovals).where(inArray(fileRemovals.key, removed))
  if (failed.length > 0) {
    // To the back of the queue: files that keep failing do not hold the others back.
    await db
      .update(fileRemovals)
      .set({ failedAt: new Date() })
      .where(inArray(fileRemovals.key, failed))
    logger.warn({ left: failed.length }, 'files still not removed')
  }
  return removed.length
}
