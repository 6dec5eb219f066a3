import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { removeFilesAgain } from '~/server/file-removal.server'
import { getStorage } from '~/server/storage.server'
import { db } from '../db.server'
import { fileRemovals } from '../schema'
import { seedDemoContentIfEmpty } from './demo.server'
import { createProfile } from './factories.server'

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await db.execute<Record<string, unknown>>(query)
  return result.rows[0] as T
}

describe('demo content', () => {
  it('fills an empty database with a believable community whose counters match the rows', async () => {
    const result = await seedDemoContentIfEmpty(db)
    expect(result).not.toBeNull()
    expect(result!.profiles).toBeGreaterThanOrEqual(20)
    expect(result!.posts).toBeGreaterThanOrEqual(80)

    const coverage = await one<{
      types: number
      categories: number
      sectors: number
      events: number
    }>(sql`
      select (select count(distinct type_id)::int from posts) as types,
             (select count(distinct category_id)::int from post_categories) as categories,
             (select count(distinct sector_id)::int from posts) as sectors,
             (select count(*)::int from posts p join post_types t on t.id = p.type_id
               where t.name = 'evenement' and p.event_date is not null and p.event_location is not null) as events`)
    // Every type, and every real community ('tous' is the "no filter" entry).
    expect(coverage).toMatchObject({ types: 5, categories: 22, sectors: 29 })
    expect(coverage.events).toBeGreaterThan(0)

    const mismatches = await one<{ count: number }>(sql`
      select count(*)::int as count from posts p
      where p.upvotes <> (select count(*) from post_votes v where v.post_id = p.id and v.vote_type = 'up')
         or p.downvotes <> (select count(*) from post_votes v where v.post_id = p.id and v.vote_type = 'down')
         or p.comments_count <> (select count(*) from comments c where c.post_id = p.id)
         or p.category_id is distinct from (
              select pc.category_id from post_categories pc
              where pc.post_id = p.id and pc.category_id = p.category_id)`)
    expect(mismatches.count).toBe(0)

    const interactions = await one<{ votes: number; comments: number; saves: number }>(sql`
      select (select count(*)::int from post_votes) as votes,
             (select count(*)::int from comments) as comments,
             (select count(*)::int from saved_posts) as saves`)
    expect(interactions.votes).toBeGreaterThan(0)
    expect(interactions.comments).toBeGreaterThan(0)
    expect(interactions.saves).toBeGreaterThan(0)

    // Avatars are real images generated locally and served from storage.
    const { avatar } = await one<{ avatar: string }>(
      sql`select avatar from profiles order by created_at limit 1`,
    )
    expect(avatar).toMatch(/^\/uploads\/avatars\/.+\.webp$/)
    const bytes = await getStorage().get(avatar.replace('/uploads/', ''))
    expect(Buffer.from(bytes!.subarray(8, 12)).toString('ascii')).toBe('WEBP')
  })

  it('keeps a demo avatar stored again whose earlier removal had failed', async () => {
    // A demo member erased while the storage failed, then every member gone and the demo
    // seeded again: its avatar has the same key, which the sweep must not take away.
    const key = 'avatars/demo-camille-durand.webp'
    await db.insert(fileRemovals).values({ key })
    await seedDemoContentIfEmpty(db)
    await removeFilesAgain()
    expect(await getStorage().get(key)).toBeDefined()
  })

  it('leaves a database that already has members alone', async () => {
    await createProfile(db, { firstName: 'Awa', lastName: 'Diallo' })
    expect(await seedDemoContentIfEmpty(db)).toBeNull()
    const { count } = await one<{ count: number }>(sql`select count(*)::int as count from posts`)
    expect(count).toBe(0)
  })
})
