import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '~/server/db/db.server'
import { posts as postsTable } from '~/server/db/schema'
import { HttpError } from '~/server/errors.server'
import { createPost, createProfile, createProfiles } from '../../../tests/factories'
import { castVote, recordViews, setSaved } from './interactions.server'

async function voteRows(postId: string) {
  const result = await db.execute<{
    up: number
    down: number
    total: number
    distinct_voters: number
  }>(sql`
    select count(*) filter (where vote_type = 'up')::int as up,
           count(*) filter (where vote_type = 'down')::int as down,
           count(*)::int as total,
           count(distinct user_id)::int as distinct_voters
    from post_votes where post_id = ${postId}`)
  return result.rows[0]!
}

async function counters(postId: string) {
  const result = await db.execute<{ upvotes: number; downvotes: number; views_count: number }>(
    sql`select upvotes, downvotes, views_count from posts where id = ${postId}`,
  )
  return result.rows[0]!
}

describe('castVote', () => {
  it('adds, switches and removes a vote, reading the counts back from the post', async () => {
    const author = await createProfile(db)
    const voter = await createProfile(db)
    const post = await createPost(db, { authorId: author.id })
    const vote = (type: 'up' | 'down') => castVote({ userId: voter.userId, postId: post.id, type })
    expect(await vote('up')).toEqual({ upvotes: 1, downvotes: 0, viewerVote: 'up' })
    expect(await vote('down')).toEqual({ upvotes: 0, downvotes: 1, viewerVote: 'down' })
    expect(await vote('down')).toEqual({ upvotes: 0, downvotes: 0, viewerVote: null })
    expect(await voteRows(post.id)).toMatchObject({ total: 0 })
  })

  it('acts once on a vote sent twice with the state its page showed', async () => {
    const author = await createProfile(db)
    const voter = await createProfile(db)
    const post = await createPost(db, { authorId: author.id })
    const vote = (type: 'up' | 'down', shown: 'up' | 'down' | 'none') =>
      castVote({ userId: voter.userId, postId: post.id, type, shown })
    // A double click on a plain form, a request sent again: « J'aime » from a page showing none.
    expect(await vote('up', 'none')).toEqual({ upvotes: 1, downvotes: 0, viewerVote: 'up' })
    expect(await vote('up', 'none')).toEqual({ upvotes: 1, downvotes: 0, viewerVote: 'up' })
    // A tab left open on the old state: what it shows is what the click meant.
    expect(await vote('down', 'none')).toEqual({ upvotes: 0, downvotes: 1, viewerVote: 'down' })
    expect(await vote('down', 'down')).toEqual({ upvotes: 0, downvotes: 0, viewerVote: null })
    expect(await vote('down', 'down')).toEqual({ upvotes: 0, downvotes: 0, viewerVote: null })
    expect(await voteRows(post.id)).toMatchObject({ total: 0 })
  })

  it('answers 404 for an unknown post', async () => {
    const voter = await createProfile(db)
    await expect(
      castVote({
        userId: voter.userId,
        postId: '00000000-0000-4000-8000-000000000000',
        type: 'up',
      }),
    ).rejects.toMatchObject({ status: 404, message: 'Post non trouvé' })
  })

  it('stays exact when 50 members toggle votes 20 times each, concurrently, on the same posts', async () => {
    const author = await createProfile(db)
    const members = await createProfiles(
      db,
      Array.from({ length: 50 }, () => ({})),
    )
    const postA = await createPost(db, { authorId: author.id, title: 'Post A' })
    const postB = await createPost(db, { authorId: author.id, title: 'Post B' })
    const results = await Promise.allSettled(
      members.flatMap((member, memberIndex) =>
        Array.from({ length: 20 }, (_, round) =>
          castVote({
            userId: member.userId,
            postId: (memberIndex + round) % 2 ? postA.id : postB.id,
            type: (memberIndex * 7 + round * 3) % 5 < 3 ? 'up' : 'down',
          }),
        ),
      ),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    for (const post of [postA, postB]) {
      const rows = await voteRows(post.id)
      const stored = await counters(post.id)
      expect(stored).toMatchObject({ upvotes: rows.up, downvotes: rows.down })
      expect(rows.distinct_voters).toBe(rows.total)
    }
  }, 120_000)
})

describe('setSaved', () => {
  // Two connections at once: on PostgreSQL only (PGlite runs one transaction at a time, and
  // there this could not fail).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'answers « Post non trouvé » when the post is deleted while it is being saved',
    async () => {
      const author = await createProfile(db)
      const member = await createProfile(db)
      const post = await createPost(db, { authorId: author.id })
      let saving: Promise<unknown> | undefined
      await db.transaction(async (tx) => {
        await tx.delete(postsTable).where(eq(postsTable.id, post.id))
        // The save comes while the deletion is not committed yet (another connection).
        saving = setSaved({ userId: member.userId, postId: post.id, saved: true }).catch(
          (error: unknown) => error,
        )
        await new Promise((resolve) => setTimeout(resolve, 300))
      })
      const outcome = await saving
      expect(outcome).toBeInstanceOf(HttpError)
      expect(outcome).toMatchObject({ status: 404, message: 'Post non trouvé' })
    },
  )

  it('keeps a single row for 200 identical concurrent saves, and unsaves', async () => {
    const author = await createProfile(db)
    const member = await createProfile(db)
    const post = await createPost(db, { authorId: author.id })
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        setSaved({ userId: member.userId, postId: post.id, saved: true }),
      ),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    const count = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from saved_posts where post_id = ${post.id}`,
        )
      ).rows[0]!.n
    expect(await count()).toBe(1)
    expect(await setSaved({ userId: member.userId, postId: post.id, saved: false })).toEqual({
      saved: false,
    })
    expect(await count()).toBe(0)
  })
})

describe('recordViews', () => {
  it('counts a view once per viewer, post and day, in one statement per batch', async () => {
    const author = await createProfile(db)
    const member = await createProfile(db)
    const first = await createPost(db, { authorId: author.id })
    const second = await createPost(db, { authorId: author.id })
    const batch = [first.id, second.id, first.id, '00000000-0000-4000-8000-000000000000']
    expect(await recordViews({ viewer: { userId: member.userId }, postIds: batch })).toBe(2)
    expect(await recordViews({ viewer: { userId: member.userId }, postIds: batch })).toBe(0)
    expect(await recordViews({ viewer: { anonymousId: 'visiteur-1' }, postIds: [first.id] })).toBe(
      1,
    )
    expect((await counters(first.id)).views_count).toBe(2)
    expect((await counters(second.id)).views_count).toBe(1)
  })

  // Two connections at once: on PostgreSQL only (PGlite runs one transaction at a time, and
  // there this could not fail).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'counts concurrent batches of the same posts, each in its own order, exactly',
    async () => {
      const author = await createProfile(db)
      const posts = []
      for (let index = 0; index < 12; index++)
        posts.push(await createPost(db, { authorId: author.id }))
      const ids = posts.map((post) => post.id)
      // Twenty visitors at once, each queue in another order (cards mount as the reader scrolls).
      const batches = Array.from({ length: 20 }, (_, visitor) =>
        ids.map((_id, index) => ids[(index * 5 + visitor) % ids.length]!),
      )
      const counted = await Promise.all(
        batches.map((postIds, visitor) =>
          recordViews({ viewer: { anonymousId: `visiteur-${visitor}` }, postIds }),
        ),
      )
      expect(counted).toEqual(batches.map(() => ids.length))
      for (const id of ids) expect((await counters(id)).views_count).toBe(batches.length)
    },
  )

  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'takes no lock on the posts of a batch already counted today, sent again',
    async () => {
      const author = await createProfile(db)
      const member = await createProfile(db)
      const post = await createPost(db, { authorId: author.id })
      const viewer = { userId: member.userId }
      expect(await recordViews({ viewer, postIds: [post.id] })).toBe(1)
      // A vote's counter update holds the post's row meanwhile.
      const again = await db.transaction(async (tx) => {
        await tx.execute(sql`select id from posts where id = ${post.id} for no key update`)
        return Promise.race([
          recordViews({ viewer, postIds: [post.id] }),
          new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000)),
        ])
      })
      expect(again).toBe(0)
      expect((await counters(post.id)).views_count).toBe(1)
    },
  )
})
