import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { castVote } from '~/features/interactions/interactions.server'
import { db } from '~/server/db/db.server'
import {
  castDemoVotes,
  createComment,
  createComments,
  createPost,
  createProfiles,
} from '../../../tests/factories'
import { listNotifications, NOTIFICATIONS_PAGE_SIZE } from './notifications.server'

const base = Date.parse('2026-06-01T10:00:00Z')
const minutes = (count: number) => new Date(base + count * 60_000)

async function members() {
  const [awa, paul, ines] = await createProfiles(db, [
    { firstName: 'Awa', lastName: 'Diallo' },
    { firstName: 'Paul', lastName: 'Martin', avatar: '/uploads/paul.webp' },
    { firstName: 'Inès', lastName: 'Moreau' },
  ])
  return { awa: awa!, paul: paul!, ines: ines! }
}

describe('listNotifications', () => {
  it("lists others' comments and « J'aime » on the member's posts, newest first, and nothing else", async () => {
    const { awa, paul, ines } = await members()
    const awasPost = await createPost(db, {
      authorId: awa.id,
      title: 'Notre première levée de fonds',
      createdAt: minutes(0),
    })
    const paulsPost = await createPost(db, { authorId: paul.id, title: 'Le post de Paul' })

    await createComments(db, [
      {
        postId: awasPost.id,
        authorId: paul.id,
        content: 'Bravo,   très inspirant !',
        createdAt: minutes(1),
      },
      // Her own comment, and comments under another member's post: not hers to be told.
      { postId: awasPost.id, authorId: awa.id, content: 'Merci à tous', createdAt: minutes(2) },
      { postId: paulsPost.id, authorId: ines.id, createdAt: minutes(3) },
    ])
    await castDemoVotes(db, [
      { postId: awasPost.id, userId: ines.userId, voteType: 'up', createdAt: minutes(4) },
      // A « Je n'aime pas » and her own vote are not announced.
      { postId: awasPost.id, userId: paul.userId, voteType: 'down', createdAt: minutes(5) },
      { postId: awasPost.id, userId: awa.userId, voteType: 'up', createdAt: minutes(6) },
      { postId: paulsPost.id, userId: awa.userId, voteType: 'up', createdAt: minutes(7) },
    ])

    const { notifications, nextCursor } = await listNotifications({ userId: awa.userId })
    expect(nextCursor).toBeNull()
    expect(notifications).toEqual([
      {
        kind: 'like',
        id: expect.any(String),
        createdAt: minutes(4),
        actor: null,
        post: { title: 'Notre première levée de fonds', url: expect.stringMatching(/^\/post\//) },
        excerpt: null,
      },
      {
        kind: 'comment',
        id: expect.any(String),
        createdAt: minutes(1),
        actor: { userId: paul.userId, name: 'Paul Martin', avatar: '/uploads/paul.webp' },
        post: { title: 'Notre première levée de fonds', url: notifications[0]!.post.url },
        excerpt: 'Bravo, très inspirant !',
      },
    ])
    expect((await listNotifications({ userId: paul.userId })).notifications).toMatchObject([
      { kind: 'like', actor: null },
      { kind: 'comment', actor: { name: 'Inès Moreau' } },
    ])
  })

  it('cuts a long comment with « … », after folding its line breaks', async () => {
    const { awa, paul } = await members()
    const post = await createPost(db, { authorId: awa.id, title: 'Bilan' })
    // 60 characters, two paragraphs, then 240 more: folded, still well over 140.
    const content = `Bravo !\r\n\r\n\r\n\r\n${'Je me permets d’ajouter un mot. '.repeat(10)}`
    await createComment(db, { postId: post.id, authorId: paul.id, content })
    const [notification] = (await listNotifications({ userId: awa.userId })).notifications
    expect(notification!.excerpt).toMatch(/^Bravo ! Je me permets d’ajouter un mot\. .*…$/)
    expect([...notification!.excerpt!].length).toBeLessThanOrEqual(141)
  })

  it('pages with a cursor, comments and votes merged in time order, ties broken by id', async () => {
    const { awa, paul, ines } = await members()
    const post = await createPost(db, { authorId: awa.id, title: 'Un post très commenté' })
    const count = NOTIFICATIONS_PAGE_SIZE + 5
    // Comments and a vote at the same minute as some of them.
    await createComments(
      db,
      Array.from({ length: count - 1 }, (_, index) => ({
        postId: post.id,
        authorId: index % 2 === 0 ? paul.id : ines.id,
        createdAt: minutes(index % 12),
      })),
    )
    await castDemoVotes(db, [
      { postId: post.id, userId: paul.userId, voteType: 'up', createdAt: minutes(3) },
    ])

    const first = await listNotifications({ userId: awa.userId })
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE)
    expect(first.nextCursor).not.toBeNull()
    const second = await listNotifications({ userId: awa.userId, cursor: first.nextCursor })
    expect(second.nextCursor).toBeNull()
    const all = [...first.notifications, ...second.notifications]
    expect(all).toHaveLength(count)
    expect(new Set(all.map((item) => item.id)).size).toBe(count)
    const order = all.map((item) => [item.createdAt.getTime(), item.id] as const)
    expect(order).toEqual(
      order.toSorted(
        ([at, id], [otherAt, otherId]) =>
          otherAt - at || (otherId < id ? -1 : otherId > id ? 1 : 0),
      ),
    )
    // A malformed cursor reads from the start.
    expect((await listNotifications({ userId: awa.userId, cursor: 'x_y' })).notifications).toEqual(
      first.notifications,
    )
  })

  it("takes the post's author from the database, whatever a writer sends", async () => {
    const { awa, paul } = await members()
    const post = await createPost(db, { authorId: awa.id })
    await db.execute(
      sql`insert into comments (post_id, author_id, content, post_author_id) values (${post.id}, ${paul.id}, 'Salut', ${paul.id})`,
    )
    const comment = await createComment(db, { postId: post.id, authorId: paul.id })
    const rows = await db.execute<{ post_author_id: string }>(
      sql`select post_author_id from comments where post_id = ${post.id}`,
    )
    expect(rows.rows.map((row) => row.post_author_id)).toEqual([awa.id, awa.id])

    // Nor can an update change it; a post given to another author takes its comments and votes
    // along.
    await castDemoVotes(db, [{ postId: post.id, userId: paul.userId, voteType: 'up' }])
    await db.execute(sql`update comments set post_author_id = ${paul.id} where id = ${comment.id}`)
    await db.execute(
      sql`update post_votes set post_author_id = ${paul.id} where post_id = ${post.id}`,
    )
    const authors = async () =>
      (
        await db.execute<{ post_author_id: string }>(sql`
          select post_author_id from comments where post_id = ${post.id}
          union all select post_author_id from post_votes where post_id = ${post.id}`)
      ).rows.map((row) => row.post_author_id)
    expect(await authors()).toEqual([awa.id, awa.id, awa.id])
    await db.execute(sql`update posts set author_id = ${paul.id} where id = ${post.id}`)
    expect(await authors()).toEqual([paul.id, paul.id, paul.id])
  })

  it("tells a « Je n'aime pas » turned into a « J'aime » as of the change", async () => {
    const { awa, paul } = await members()
    const post = await createPost(db, { authorId: awa.id })
    await castDemoVotes(db, [
      { postId: post.id, userId: paul.userId, voteType: 'down', createdAt: minutes(0) },
    ])
    expect((await listNotifications({ userId: awa.userId })).notifications).toEqual([])
    const before = Date.now()
    await castVote({ userId: paul.userId, postId: post.id, type: 'up' })
    const { notifications } = await listNotifications({ userId: awa.userId })
    expect(notifications).toMatchObject([{ kind: 'like', actor: null }])
    expect(notifications[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000)
  })
})
