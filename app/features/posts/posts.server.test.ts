import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '~/server/db/db.server'
import { HttpError } from '~/server/errors.server'
import { getStorage } from '~/server/storage.server'
import {
  castDemoVote,
  createComment,
  createPost,
  createProfile,
  savePost,
} from '../../../tests/factories'
import { deletePostOrThrow } from './posts.server'

async function count(table: string, postId: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${sql.identifier(table)} where post_id = ${postId}`,
  )
  return result.rows[0]!.count
}

describe('deletePostOrThrow', () => {
  it('lets the author delete, erasing votes, saves, comments, category links and the image', async () => {
    const author = await createProfile(db)
    const reader = await createProfile(db)
    const imageUrl = await getStorage().put(
      'posts/test-suppression.webp',
      new Uint8Array([1, 2, 3]),
    )
    const post = await createPost(db, {
      authorId: author.id,
      categories: ['marketing', 'rh'],
      imageUrl,
    })
    await castDemoVote(db, { postId: post.id, userId: reader.userId, voteType: 'up' })
    await savePost(db, { postId: post.id, userId: reader.userId })
    await createComment(db, { postId: post.id, authorId: reader.id, content: 'Merci !' })

    await deletePostOrThrow({ postId: post.id, userId: author.userId })

    const tables = ['post_votes', 'saved_posts', 'comments', 'post_categories']
    const remaining = Object.fromEntries(
      await Promise.all(tables.map(async (table) => [table, await count(table, post.id)])),
    )
    expect(remaining).toEqual({ post_votes: 0, saved_posts: 0, comments: 0, post_categories: 0 })
    expect(await getStorage().get('posts/test-suppression.webp')).toBeUndefined()
  })

  it('refuses anyone but the author with 403 "Accès non autorisé", and keeps the post', async () => {
    const author = await createProfile(db)
    const intruder = await createProfile(db)
    const post = await createPost(db, { authorId: author.id })
    const error = await deletePostOrThrow({ postId: post.id, userId: intruder.userId }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 403, message: 'Accès non autorisé' })
    const rows = await db.execute(sql`select id from posts where id = ${post.id}`)
    expect(rows.rows).toHaveLength(1)
  })

  it('answers 404 "Post non trouvé" for a post that does not exist', async () => {
    const member = await createProfile(db)
    await expect(
      deletePostOrThrow({ postId: '00000000-0000-4000-8000-000000000000', userId: member.userId }),
    ).rejects.toMatchObject({ status: 404, message: 'Post non trouvé' })
  })
})
