import { eq } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import { posts, profiles } from '~/server/db/schema'
import { forbidden, notFound } from '~/server/errors.server'
import { logger } from '~/server/logger.server'
import { getStorage, isValidStorageKey } from '~/server/storage.server'

/**
 * Deletes a post; only its author may. The database cascades erase its votes, saves,
 * comments and category links; its uploaded image is removed afterwards.
 */
export async function deletePostOrThrow(input: { postId: string; userId: string }): Promise<void> {
  const [post] = await db
    .select({ id: posts.id, imageUrl: posts.imageUrl, authorUserId: profiles.userId })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(eq(posts.id, input.postId))
  if (!post) throw notFound('Post non trouvé')
  if (post.authorUserId !== input.userId) throw forbidden()
  await db.delete(posts).where(eq(posts.id, post.id))
  const key = post.imageUrl?.startsWith('/uploads/')
    ? post.imageUrl.slice('/uploads/'.length)
    : null
  if (key && isValidStorageKey(key)) {
    await getStorage()
      .remove(key)
      .catch((error: unknown) => logger.warn({ err: error, key }, 'post image not removed'))
  }
}
