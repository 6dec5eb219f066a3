import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '~/server/db/db.server'
import {
  createComment,
  createComments,
  createPost,
  createProfile,
  createProfiles,
} from '../../../tests/factories'
import { parseFeedCursor } from '~/features/feed/feed.server'
import { addComment, deleteCommentOrThrow, listComments } from './comments.server'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** The post's counter and the rows it counts, read together. */
async function commentTally(postId: string) {
  const result = await db.execute<{ counter: number; rows: number }>(sql`
    select p.comments_count as counter,
           (select count(*)::int from comments c where c.post_id = p.id) as rows
    from posts p where p.id = ${postId}`)
  return result.rows[0]!
}

async function setup() {
  const author = await createProfile(db, { firstName: 'Awa', lastName: 'Diallo' })
  const post = await createPost(db, { authorId: author.id, title: 'Vos retours ?' })
  return { author, post }
}

describe('listComments', () => {
  it('lists oldest first, by (created_at, id), with each author’s profile', async () => {
    const { post } = await setup()
    const hugo = await createProfile(db, {
      firstName: 'Hugo',
      lastName: 'Roux',
      avatar: '/uploads/avatars/hugo.webp',
    })
    const nameless = await createProfile(db, { firstName: '', lastName: '' })
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 9, minutes))
    const [late, tieA, tieB, early] = await createComments(db, [
      { postId: post.id, authorId: hugo.id, content: 'Troisième', createdAt: at(30) },
      { postId: post.id, authorId: nameless.id, content: 'Égalité A', createdAt: at(20) },
      { postId: post.id, authorId: hugo.id, content: 'Égalité B', createdAt: at(20) },
      { postId: post.id, authorId: hugo.id, content: 'Premier', createdAt: at(10) },
    ])
    const ties = [tieA!, tieB!].toSorted((a, b) => a.id.localeCompare(b.id)).map((c) => c.id)

    const { comments, commentsCount } = await listComments({ postId: post.id })
    expect(commentsCount).toBe(4)
    expect(comments.map((comment) => comment.id)).toEqual([early!.id, ...ties, late!.id])
    expect(comments[0]).toEqual({
      id: early!.id,
      postId: post.id,
      content: 'Premier',
      createdAt: at(10),
      author: {
        id: hugo.id,
        userId: hugo.userId,
        firstName: 'Hugo',
        lastName: 'Roux',
        avatar: '/uploads/avatars/hugo.webp',
      },
    })
    expect(comments.find((comment) => comment.id === tieA!.id)?.author).toEqual({
      id: nameless.id,
      userId: nameless.userId,
      firstName: '',
      lastName: '',
      avatar: null,
    })
  })

  it('keeps the most recent comments when there are more than the limit, still oldest first', async () => {
    const { author, post } = await setup()
    await createComments(
      db,
      Array.from({ length: 5 }, (_, index) => ({
        postId: post.id,
        authorId: author.id,
        content: `Commentaire ${index + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      })),
    )
    const { comments, commentsCount } = await listComments({ postId: post.id, limit: 3 })
    expect(comments.map((comment) => comment.content)).toEqual([
      'Commentaire 3',
      'Commentaire 4',
      'Commentaire 5',
    ])
    expect(commentsCount).toBe(5)
  })

  it('lists the older comments page by page from the cursor, each once, to the first', async () => {
    const { author, post } = await setup()
    await createComments(
      db,
      Array.from({ length: 4 }, (_, index) => ({
        postId: post.id,
        authorId: author.id,
        content: `Jour ${index + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      })),
    )
    // Within one millisecond, and a tie on the time: the cursor keeps the microseconds and the id.
    await db.execute(sql`
      insert into comments (post_id, author_id, content, created_at) values
        (${post.id}, ${author.id}, 'Micro 1', '2026-01-02 12:00:00.000001+00'),
        (${post.id}, ${author.id}, 'Micro 2', '2026-01-02 12:00:00.000002+00'),
        (${post.id}, ${author.id}, 'Micro 2 bis', '2026-01-02 12:00:00.000002+00')`)
    await db.execute(sql`update posts set comments_count = 7 where id = ${post.id}`)

    const pages: string[][] = []
    let before: ReturnType<typeof parseFeedCursor> = null
    for (;;) {
      const page = await listComments({ postId: post.id, limit: 3, before })
      expect(page.commentsCount).toBe(7)
      pages.push(page.comments.map((comment) => comment.content))
      if (!page.olderCursor) break
      before = parseFeedCursor(page.olderCursor)
      expect(before).not.toBeNull()
    }
    const micro2 = (
      await db.execute<{ content: string }>(sql`
        select content from comments where content like 'Micro 2%' order by id`)
    ).rows.map((row) => row.content)
    expect(pages).toEqual([
      [micro2[1], 'Jour 3', 'Jour 4'],
      ['Jour 2', 'Micro 1', micro2[0]],
      ['Jour 1'],
    ])
  })

  it('gives an empty list for a post without comments, and 404 for no post', async () => {
    const { post } = await setup()
    const other = await createPost(db, { authorId: (await createProfile(db)).id })
    await createComment(db, { postId: other.id, authorId: other.authorId })
    expect(await listComments({ postId: post.id })).toEqual({
      comments: [],
      commentsCount: 0,
      olderCursor: null,
    })
    await expect(listComments({ postId: UNKNOWN_ID })).rejects.toMatchObject({
      status: 404,
      message: 'Post non trouvé',
    })
    await expect(listComments({ postId: 'pas-un-id' })).rejects.toMatchObject({ status: 404 })
  })
})

describe('addComment', () => {
  it('stores the trimmed text, counts it on the post and returns it as listed', async () => {
    const { post } = await setup()
    const member = await createProfile(db, { firstName: 'Léa', lastName: 'Martin' })
    const result = await addComment({
      postId: post.id,
      userId: member.userId,
      content: '  Bravo pour le lancement !\n\nJe partage.  ',
    })
    expect(result.commentsCount).toBe(1)
    expect(result.comment).toMatchObject({
      postId: post.id,
      content: 'Bravo pour le lancement !\n\nJe partage.',
      author: { id: member.id, userId: member.userId, firstName: 'Léa', lastName: 'Martin' },
    })
    expect(result.comment.createdAt).toBeInstanceOf(Date)
    expect((await listComments({ postId: post.id })).comments).toEqual([result.comment])

    const second = await addComment({ postId: post.id, userId: member.userId, content: 'Encore' })
    expect(second.commentsCount).toBe(2)
    expect(await commentTally(post.id)).toEqual({ counter: 2, rows: 2 })
  })

  it('takes the same text sent again by its author within ten minutes as the same comment', async () => {
    // An answer lost on the way (a phone's connection, the panel closed while it sent): the
    // text stays in the box and is sent again; it is published once.
    const { post } = await setup()
    const member = await createProfile(db)
    const other = await createProfile(db)
    const add = (userId: string, content: string) =>
      addComment({ postId: post.id, userId, content })

    const first = await add(member.userId, 'Bravo pour le lancement !')
    const again = await add(member.userId, '  Bravo pour le lancement !  ')
    expect(again).toEqual(first)
    expect(await commentTally(post.id)).toEqual({ counter: 1, rows: 1 })

    // Another text, another member, or the same text later: new comments.
    expect((await add(member.userId, 'Bravo !')).commentsCount).toBe(2)
    expect((await add(other.userId, 'Bravo pour le lancement !')).commentsCount).toBe(3)
    await db.execute(
      sql`update comments set created_at = now() - interval '11 minutes' where id = ${first.comment.id}`,
    )
    const later = await add(member.userId, 'Bravo pour le lancement !')
    expect(later.comment.id).not.toBe(first.comment.id)
    expect(await commentTally(post.id)).toEqual({ counter: 4, rows: 4 })
  })

  it('refuses an empty or too long text with the French message, and changes nothing', async () => {
    const { post } = await setup()
    const member = await createProfile(db)
    const add = (content: string) => addComment({ postId: post.id, userId: member.userId, content })
    await expect(add('')).rejects.toMatchObject({
      status: 400,
      message: 'Le commentaire ne peut pas être vide.',
    })
    await expect(add(' \n\t ')).rejects.toMatchObject({
      status: 400,
      message: 'Le commentaire ne peut pas être vide.',
    })
    await expect(add('a'.repeat(2001))).rejects.toMatchObject({
      status: 400,
      message: 'Le commentaire contient au plus 2\u202F000 caractères.',
    })
    expect(await commentTally(post.id)).toEqual({ counter: 0, rows: 0 })
    // The limit counts the trimmed text.
    const long = await add(` ${'a'.repeat(2000)} `)
    expect(long.comment.content).toHaveLength(2000)
  })

  it('answers 404 for an unknown post and 400 "Profil non trouvé" without a profile', async () => {
    const { post } = await setup()
    const member = await createProfile(db)
    await expect(
      addComment({ postId: UNKNOWN_ID, userId: member.userId, content: 'Bonjour' }),
    ).rejects.toMatchObject({ status: 404, message: 'Post non trouvé' })
    await expect(
      addComment({ postId: 'nimporte', userId: member.userId, content: 'Bonjour' }),
    ).rejects.toMatchObject({ status: 404 })
    await expect(
      addComment({ postId: post.id, userId: 'utilisateur-inconnu', content: 'Bonjour' }),
    ).rejects.toMatchObject({ status: 400, message: 'Profil non trouvé' })
    expect(await commentTally(post.id)).toEqual({ counter: 0, rows: 0 })
    const [{ total }] = (
      await db.execute<{ total: number }>(sql`select count(*)::int as total from comments`)
    ).rows as [{ total: number }]
    expect(total).toBe(0)
  })
})

describe('deleteCommentOrThrow', () => {
  it('lets only the author delete, and takes the comment off the count', async () => {
    const { author, post } = await setup()
    const writer = await createProfile(db)
    const other = await createProfile(db)
    const { comment } = await addComment({
      postId: post.id,
      userId: writer.userId,
      content: 'À supprimer',
    })
    await addComment({ postId: post.id, userId: other.userId, content: 'Je reste' })

    await expect(
      deleteCommentOrThrow({ commentId: comment.id, userId: other.userId }),
    ).rejects.toMatchObject({ status: 403, message: 'Accès non autorisé' })
    // Not even the post's author.
    await expect(
      deleteCommentOrThrow({ commentId: comment.id, userId: author.userId }),
    ).rejects.toMatchObject({ status: 403 })
    expect(await commentTally(post.id)).toEqual({ counter: 2, rows: 2 })

    expect(await deleteCommentOrThrow({ commentId: comment.id, userId: writer.userId })).toEqual({
      postId: post.id,
      commentsCount: 1,
    })
    expect(await commentTally(post.id)).toEqual({ counter: 1, rows: 1 })
    expect((await listComments({ postId: post.id })).comments.map((c) => c.content)).toEqual([
      'Je reste',
    ])
  })

  it('answers 404 for an unknown, already deleted or malformed comment, or another post’s', async () => {
    const { post } = await setup()
    const writer = await createProfile(db)
    const other = await createPost(db, { authorId: writer.id })
    const { comment } = await addComment({ postId: post.id, userId: writer.userId, content: 'Un' })
    const remove = (commentId: string, postId?: string) =>
      deleteCommentOrThrow({ commentId, userId: writer.userId, postId })

    await expect(remove(UNKNOWN_ID)).rejects.toMatchObject({
      status: 404,
      message: 'Commentaire non trouvé',
    })
    await expect(remove('abc')).rejects.toMatchObject({ status: 404 })
    await expect(remove(comment.id, other.id)).rejects.toMatchObject({ status: 404 })
    expect(await commentTally(post.id)).toEqual({ counter: 1, rows: 1 })

    await remove(comment.id, post.id)
    await expect(remove(comment.id)).rejects.toMatchObject({ status: 404 })
    expect(await commentTally(post.id)).toEqual({ counter: 0, rows: 0 })
  })

  it('never takes the counter below zero', async () => {
    const { post } = await setup()
    const writer = await createProfile(db)
    const { comment } = await addComment({ postId: post.id, userId: writer.userId, content: 'Un' })
    // A counter already wrong (an import, a manual fix) must not make the deletion fail.
    await db.execute(sql`update posts set comments_count = 0 where id = ${post.id}`)
    expect(
      await deleteCommentOrThrow({ commentId: comment.id, userId: writer.userId }),
    ).toMatchObject({ commentsCount: 0 })
    expect(await commentTally(post.id)).toEqual({ counter: 0, rows: 0 })
  })
})

describe('concurrent comments', () => {
  it('keeps comments_count equal to the rows under 30 additions and racing deletions', async () => {
    const { author, post } = await setup()
    const quiet = await createPost(db, { authorId: author.id, title: 'Un autre post' })
    const members = await createProfiles(
      db,
      Array.from({ length: 6 }, () => ({})),
    )
    // Ten comments to delete, written through the service so that the counter starts exact.
    const existing = []
    for (let index = 0; index < 10; index++) {
      const member = members[index % members.length]!
      const { comment } = await addComment({
        postId: post.id,
        userId: member.userId,
        content: `Ancien ${index}`,
      })
      existing.push({ comment, member })
    }
    await addComment({ postId: quiet.id, userId: members[0]!.userId, content: 'Ailleurs' })

    type Outcome = { kind: string; status?: number }
    const settle = (promise: Promise<unknown>, kind: string): Promise<Outcome> =>
      promise.then(
        () => ({ kind }),
        (error: { status?: number }) => ({ kind, status: error.status ?? 500 }),
      )

    const outcomes = await Promise.all([
      ...Array.from({ length: 30 }, (_, index) =>
        settle(
          addComment({
            postId: post.id,
            userId: members[index % members.length]!.userId,
            content: `Nouveau ${index}`,
          }),
          'add',
        ),
      ),
      ...existing.map(({ comment, member }) =>
        settle(deleteCommentOrThrow({ commentId: comment.id, userId: member.userId }), 'delete'),
      ),
      // The same comments deleted twice at once: one of each pair is a 404.
      ...existing
        .slice(0, 4)
        .map(({ comment, member }) =>
          settle(deleteCommentOrThrow({ commentId: comment.id, userId: member.userId }), 'again'),
        ),
      // Someone else's comments: 403, nothing deleted.
      ...existing
        .slice(4, 6)
        .map(({ comment }) =>
          settle(deleteCommentOrThrow({ commentId: comment.id, userId: author.userId }), 'other'),
        ),
    ])

    const failures = (kind: string) =>
      outcomes.filter((outcome) => outcome.kind === kind && outcome.status !== undefined)
    expect(failures('add')).toEqual([])
    // Each comment is deleted exactly once: by its first or its second request.
    const deletions = outcomes.filter(
      (outcome) => (outcome.kind === 'delete' || outcome.kind === 'again') && !outcome.status,
    )
    expect(deletions).toHaveLength(10)
    expect([...failures('delete'), ...failures('again')].map((outcome) => outcome.status)).toEqual([
      404, 404, 404, 404,
    ])
    expect(failures('other').map((outcome) => outcome.status)).toEqual([403, 403])

    expect(await commentTally(post.id)).toEqual({ counter: 30, rows: 30 })
    expect(await commentTally(quiet.id)).toEqual({ counter: 1, rows: 1 })
    const listed = await listComments({ postId: post.id })
    expect(listed.commentsCount).toBe(30)
    expect(listed.comments.map((comment) => comment.content).toSorted()).toEqual(
      Array.from({ length: 30 }, (_, index) => `Nouveau ${index}`).toSorted(),
    )
  })
})
