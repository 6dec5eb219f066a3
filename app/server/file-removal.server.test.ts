import { promises as fs } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { deletePostOrThrow } from '~/features/posts/posts.server'
import { createPost, createProfile } from '../../tests/factories'
import { db } from './db/db.server'
import { fileRemovals } from './db/schema'
import { getEnv } from './env.server'
import { removeFilesAgain } from './file-removal.server'
import { sweepExpiredRecords } from './retention.server'
import { getStorage } from './storage.server'

/**
 * Makes the local storage fail to remove `key`, for real: a directory with a file in it where
 * the file was (the storage removes files, not directories), as a storage out of reach would.
 */
async function blockRemoval(key: string): Promise<() => Promise<void>> {
  const file = path.resolve(getEnv().DATA_DIR, 'uploads', key)
  await fs.rm(file, { force: true })
  await fs.mkdir(file, { recursive: true })
  await fs.writeFile(path.join(file, 'verrou'), 'x')
  return async () => {
    await fs.rm(file, { recursive: true, force: true })
    await getStorage().put(key, new Uint8Array([1, 2, 3]))
  }
}

const awaiting = async () =>
  (await db.select({ key: fileRemovals.key }).from(fileRemovals)).map((row) => row.key)

describe('files whose removal failed', () => {
  it('are kept to be removed again by the hourly sweep until they are', async () => {
    const author = await createProfile(db)
    const key = 'posts/test-retenue.webp'
    const imageUrl = await getStorage().put(key, new Uint8Array([1, 2, 3]))
    const post = await createPost(db, { authorId: author.id, imageUrl })
    const unblock = await blockRemoval(key)

    // The deletion the member asked for is done, whatever the storage says.
    await deletePostOrThrow({ postId: post.id, userId: author.userId })
    expect(await awaiting()).toEqual([key])
    // Still out of reach: kept for the next sweep, behind those that have waited longer.
    const [before] = await db.select({ failedAt: fileRemovals.failedAt }).from(fileRemovals)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await removeFilesAgain()).toBe(0)
    expect(await awaiting()).toEqual([key])
    const [after] = await db.select({ failedAt: fileRemovals.failedAt }).from(fileRemovals)
    expect(after!.failedAt.getTime()).toBeGreaterThan(before!.failedAt.getTime())

    await unblock()
    expect(await getStorage().get(key)).toBeDefined()
    await sweepExpiredRecords(Date.now())
    expect(await getStorage().get(key)).toBeUndefined()
    expect(await awaiting()).toEqual([])
  })
})
