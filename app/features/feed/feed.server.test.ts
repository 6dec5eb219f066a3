import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '~/server/db/db.server'
import { categories, postCategories, postTypes, posts, sectors, users } from '~/server/db/schema'
import { createProfile } from '../../../tests/factories'
import { formatFeedCursor, listFeed, parseFeedCursor } from './feed.server'

async function seedPosts(count: number, sameInstant = false) {
  const author = await createProfile(db, { firstName: 'Inès', lastName: 'Moreau', avatar: null })
  const [type] = await db.select({ id: postTypes.id }).from(postTypes).limit(1)
  const base = Date.parse('2026-06-01T10:00:00Z')
  return db
    .insert(posts)
    .values(
      Array.from({ length: count }, (_, index) => ({
        title: `Publication ${index + 1}`,
        authorId: author.id,
        typeId: type!.id,
        createdAt: new Date(sameInstant ? base : base + index * 60_000),
      })),
    )
    .returning({ id: posts.id, title: posts.title })
}

describe('listFeed', () => {
  it('lists posts newest first with author, type, sector and categories in display order', async () => {
    const [older, newer] = await seedPosts(2)
    const chosen = await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.name, ['marketing', 'feedback']))
    await db
      .insert(postCategories)
      .values(chosen.map((category) => ({ postId: newer!.id, categoryId: category.id })))
    const [sector] = await db.select({ id: sectors.id }).from(sectors).limit(1)
    await db.update(posts).set({ sectorId: sector!.id })

    const page = await listFeed()

    expect(page.posts.map((post) => post.id)).toEqual([newer!.id, older!.id])
    expect(page.posts[0]).toMatchObject({
      title: 'Publication 2',
      author: { firstName: 'Inès', lastName: 'Moreau', avatar: null },
      type: { name: 'post', displayName: 'Post' },
      sector: { name: 'tous' },
      categories: [
        { name: 'feedback', displayName: 'Feedback' },
        { name: 'marketing', displayName: 'Marketing' },
      ],
    })
    expect(page.posts[1]?.categories).toEqual([])
    expect(page.nextCursor).toBeNull()
  })

  it('pages through every post exactly once, even when they share a timestamp', async () => {
    for (const sameInstant of [false, true]) {
      await db.delete(posts)
      await db.delete(users)
      const created = await seedPosts(45, sameInstant)
      const seen: string[] = []
      let cursor = null
      do {
        const page = await listFeed({ cursor, limit: 20 })
        seen.push(...page.posts.map((post) => post.id))
        cursor = page.nextCursor && parseFeedCursor(formatFeedCursor(page.nextCursor))
      } while (cursor)
      expect(seen).toHaveLength(45)
      expect(new Set(seen)).toEqual(new Set(created.map((post) => post.id)))
    }
  })

  it('ignores a malformed cursor', () => {
    expect(parseFeedCursor('pas-un-curseur')).toBeNull()
    expect(parseFeedCursor('2026-01-01_notauuid')).toBeNull()
    expect(parseFeedCursor(null)).toBeNull()
  })
})
