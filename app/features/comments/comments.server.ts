import { and, desc, eq, sql } from 'drizzle-orm'
import { isUuid } from '~/utils/uuid'
import { db } from '~/server/db/db.server'
import { refuseIfMemberGone } from '~/server/db/errors.server'
import { perDatabase, prepareNamed } from '~/server/db/prepared.server'
import { comments, posts, profiles } from '~/server/db/schema'
import { formatFeedCursor, type FeedCursor } from '~/features/feed/feed.server'
import { PROFILE_NOT_FOUND_MESSAGE } from '~/features/profiles/profile.schema'
import { forbidden, HttpError, notFound } from '~/server/errors.server'
import {
  COMMENT_EMPTY_MESSAGE,
  COMMENT_NOT_FOUND_MESSAGE,
  CommentContentSchema,
} from './comment.schema'
import { POST_NOT_FOUND_MESSAGE } from '~/features/posts/post-messages'

/** How many comments a panel shows: the most recent ones, oldest first. */
export const COMMENTS_LIMIT = 100

export interface CommentAuthor {
  /** Profile id. */
  id: string
  userId: string
  firstName: string
  lastName: string
  avatar: string | null
}

export interface ListedComment {
  id: string
  postId: string
  content: string
  createdAt: Date
  author: CommentAuthor
}

/** Where a list of comments stops: its oldest comment's time (as PostgreSQL writes it) and id. */
export type CommentsCursor = FeedCursor

/**
 * The newest `limit` comments of a post through the (post_id, created_at, id) index, read
 * backwards, from the start or from before a cursor; a post without comments still yields its
 * one row, so that "no post" is told apart. Prepared once per database (ADR 019, ADR 027): every
 * post page and comments panel sends the first.
 */
function commentsQuery(before: boolean) {
  const recent = db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      content: comments.content,
      createdAt: comments.createdAt,
      // Microseconds: a JavaScript date keeps milliseconds, too coarse for a cursor.
      cursorAt: sql<string>`${comments.createdAt}::text`.as('cursor_at'),
    })
    .from(comments)
    .where(
      and(
        eq(comments.postId, posts.id),
        before
          ? sql`(${comments.createdAt}, ${comments.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(sql.placeholder('limit'))
    .as('recent')
  return db
    .select({
      commentsCount: posts.commentsCount,
      id: recent.id,
      content: recent.content,
      createdAt: recent.createdAt,
      cursorAt: recent.cursorAt,
      authorId: profiles.id,
      authorUserId: profiles.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatar: profiles.avatar,
    })
    .from(posts)
    .leftJoinLateral(recent, sql`true`)
    .leftJoin(profiles, eq(profiles.id, recent.authorId))
    .where(eq(posts.id, sql.placeholder('postId')))
    .orderBy(recent.createdAt, recent.id)
}

const commentsStatement = perDatabase(() => prepareNamed('post_comments', commentsQuery(false)))
const olderCommentsStatement = perDatabase(() =>
  prepareNamed('post_comments_before', commentsQuery(true)),
)

/**
 * A post's comments in one SQL query: the `limit` most recent (before `before`, when given),
 * listed oldest first (created_at, id), each with its author's profile; the post's
 * comments_count; and, when older comments remain, the cursor that lists them.
 * Throws 404 when the post does not exist.
 */
export async function listComments({
  postId,
  limit = COMMENTS_LIMIT,
  before = null,
}: {
  postId: string
  limit?: number
  before?: CommentsCursor | null
}): Promise<{ comments: ListedComment[]; commentsCount: number; olderCursor: string | null }> {
  if (!isUuid(postId)) throw notFound(POST_NOT_FOUND_MESSAGE)
  // One more than shown: whether older comments remain, without counting them.
  const rows = before
    ? await olderCommentsStatement().execute({
        postId,
        limit: limit + 1,
        beforeAt: before.createdAt,
        beforeId: before.id,
      })
    : await commentsStatement().execute({ postId, limit: limit + 1 })
  const [first] = rows
  if (!first) throw notFound(POST_NOT_FOUND_MESSAGE)
  const listed = rows.filter(
    (row) => row.id && row.content && row.createdAt && row.authorId && row.authorUserId,
  )
  // Oldest first: the extra row, when there is one, is the first.
  const shown = listed.length > limit ? listed.slice(1) : listed
  const oldest = shown[0]
  return {
    comments: shown.map((row) => ({
      id: row.id!,
      postId,
      content: row.content!,
      createdAt: row.createdAt!,
      author: {
        id: row.authorId!,
        userId: row.authorUserId!,
        firstName: row.firstName ?? '',
        lastName: row.lastName ?? '',
        avatar: row.avatar ?? null,
      },
    })),
    commentsCount: first.commentsCount,
    olderCursor:
      listed.length > limit && oldest
        ? formatFeedCursor({ createdAt: oldest.cursorAt!, id: oldest.id! })
        : null,
  }
}

/**
 * How long the same text by the same member under the same post is the same comment: a comment
 * sent again because its answer was lost on the way (a phone's connection dropping, the panel
 * closed while it sent) keeps its text in the box, and a second press must not publish it twice.
 */
const REPEATED_COMMENT_WINDOW = '10 minutes'

/** Comments under the post with this text, published within REPEATED_COMMENT_WINDOW. */
function sameTextLately(postId: string, content: string) {
  return and(
    eq(comments.postId, postId),
    sql`${comments.createdAt} > now() - ${REPEATED_COMMENT_WINDOW}::interval`,
    eq(comments.content, content),
  )
}

/** A comment's author as comments are listed. */
const AUTHOR_COLUMNS = {
  id: profiles.id,
  userId: profiles.userId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  avatar: profiles.avatar,
}

/** Thrown inside addComment's transaction to roll its count back: the comment already exists. */
class RepeatedComment {
  constructor(readonly result: { comment: ListedComment; commentsCount: number }) {}
}

/**
 * Adds a member's comment (trimmed, 1 to 2,000 characters) and counts it on the post, in one
 * transaction that starts by locking the post's row with the counter's UPDATE: concurrent
 * comments on a post are counted one after the other. The same text sent again by its author
 * within REPEATED_COMMENT_WINDOW is the comment already published, counted once. Returns the
 * comment as listed and the post's new comments_count.
 */
export async function addComment(input: {
  postId: string
  userId: string
  content: string
}): Promise<{ comment: ListedComment; commentsCount: number }> {
  const content = CommentContentSchema.safeParse(input.content)
  if (!content.success) {
    throw new HttpError(400, content.error.issues[0]?.message ?? COMMENT_EMPTY_MESSAGE)
  }
  if (!isUuid(input.postId)) throw notFound(POST_NOT_FOUND_MESSAGE)
  const [author] = await db
    .select(AUTHOR_COLUMNS)
    .from(profiles)
    .where(eq(profiles.userId, input.userId))
  if (!author) throw new HttpError(400, PROFILE_NOT_FOUND_MESSAGE)

  return db
    .transaction(async (tx) => {
      const [post] = await tx
        .update(posts)
        .set({ commentsCount: sql`${posts.commentsCount} + 1` })
        .where(eq(posts.id, input.postId))
        .returning({ id: posts.id, commentsCount: posts.commentsCount })
      if (!post) throw notFound(POST_NOT_FOUND_MESSAGE)
      // Read with the post's row locked: a repeat sent at once finds the first one.
      const [repeated] = await tx
        .select({
          id: comments.id,
          postId: comments.postId,
          content: comments.content,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .where(and(sameTextLately(post.id, content.data), eq(comments.authorId, author.id)))
        .limit(1)
      if (repeated) {
        throw new RepeatedComment({
          comment: { ...repeated, author },
          commentsCount: post.commentsCount - 1,
        })
      }
      const [inserted] = await tx
        .insert(comments)
        .values({ postId: post.id, authorId: author.id, content: content.data })
        .returning({
          id: comments.id,
          postId: comments.postId,
          content: comments.content,
          createdAt: comments.createdAt,
        })
      return { comment: { ...inserted!, author }, commentsCount: post.commentsCount }
    })
    .catch((error: unknown) => {
      if (error instanceof RepeatedComment) return error.result
      return refuseIfMemberGone(error)
    })
}

/**
 * The comment a member already published under a post with this text (cleaned as
 * `CommentContentSchema` cleans it) within REPEATED_COMMENT_WINDOW, with the post's count; null
 * when there is none. What a repeat refused past the limit of a comment every 5 s is answered
 * with: a form sent twice at once, the first answer lost (ADR 063, ADR 066).
 */
export async function findRepeatedComment(input: {
  postId: string
  userId: string
  content: string
}): Promise<{ comment: ListedComment; commentsCount: number } | null> {
  if (!isUuid(input.postId)) return null
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      content: comments.content,
      createdAt: comments.createdAt,
      author: AUTHOR_COLUMNS,
      commentsCount: posts.commentsCount,
    })
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.authorId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(sameTextLately(input.postId, input.content), eq(profiles.userId, input.userId)))
    .limit(1)
  if (!row) return null
  const { commentsCount, ...comment } = row
  return { comment, commentsCount }
}

/**
 * Deletes a comment; only its author may (403 otherwise, 404 if it does not exist). The post's
 * row is locked first by decrementing its counter (never below 0), as addComment does, so that
 * the counter and the rows stay in step; if a concurrent request deleted the comment in the
 * meantime, nothing changes and it is a 404. Returns the post's new comments_count.
 */
export async function deleteCommentOrThrow(input: {
  commentId: string
  userId: string
  /** When given, a comment under another post is not found. */
  postId?: string
}): Promise<{ postId: string; commentsCount: number }> {
  if (!isUuid(input.commentId)) throw notFound(COMMENT_NOT_FOUND_MESSAGE)
  if (input.postId !== undefined && !isUuid(input.postId)) throw notFound(COMMENT_NOT_FOUND_MESSAGE)
  const [comment] = await db
    .select({ id: comments.id, postId: comments.postId, authorUserId: profiles.userId })
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.authorId))
    .where(
      and(
        eq(comments.id, input.commentId),
        input.postId === undefined ? undefined : eq(comments.postId, input.postId),
      ),
    )
  if (!comment) throw notFound(COMMENT_NOT_FOUND_MESSAGE)
  if (comment.authorUserId !== input.userId) throw forbidden()

  return db.transaction(async (tx) => {
    const [post] = await tx
      .update(posts)
      .set({ commentsCount: sql`greatest(${posts.commentsCount} - 1, 0)` })
      .where(eq(posts.id, comment.postId))
      .returning({ commentsCount: posts.commentsCount })
    // The post (and with it the comment, by cascade) was deleted in the meantime.
    if (!post) throw notFound(COMMENT_NOT_FOUND_MESSAGE)
    const deleted = await tx
      .delete(comments)
      .where(and(eq(comments.id, comment.id), eq(comments.postId, comment.postId)))
      .returning({ id: comments.id })
    // Throwing rolls the decrement back.
    if (deleted.length === 0) throw notFound(COMMENT_NOT_FOUND_MESSAGE)
    return { postId: comment.postId, commentsCount: post.commentsCount }
  })
}
