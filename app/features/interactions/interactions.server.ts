import { and, eq, sql } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import { refusedBy, refuseIfMemberGone, SQLSTATE } from '~/server/db/errors.server'
import { postVotes, posts, savedPosts } from '~/server/db/schema'
import { notFound } from '~/server/errors.server'
import { POST_NOT_FOUND_MESSAGE } from '~/features/posts/post-messages'

export type VoteType = 'up' | 'down'

export interface VoteResult {
  upvotes: number
  downvotes: number
  viewerVote: VoteType | null
}

/**
 * Votes on a post: the same type as the page showed removes the vote, the other type switches
 * it. `shown` is the member's vote as their page showed it when they clicked, so that a request
 * sent twice (a double click on a plain form, a tab left open on an older state) acts once;
 * without it (a page from before it was sent), the vote in the database is toggled. The vote
 * row and the post's counters change in one transaction that first locks the post's row, so
 * concurrent votes on a post are applied one after the other and the counters stay exact.
 * Returns the counts read back from the post. A member deleted since their session was read
 * is answered 401, as a session that has ended.
 */
export async function castVote(input: {
  userId: string
  postId: string
  type: VoteType
  shown?: VoteType | 'none'
}): Promise<VoteResult> {
  return db
    .transaction(async (tx) => {
      const [post] = await tx
        .select({ upvotes: posts.upvotes, downvotes: posts.downvotes })
        .from(posts)
        .where(eq(posts.id, input.postId))
        .for('update')
      if (!post) throw notFound(POST_NOT_FOUND_MESSAGE)
      const [existing] = await tx
        .select({ voteType: postVotes.voteType })
        .from(postVotes)
        .where(and(eq(postVotes.postId, input.postId), eq(postVotes.userId, input.userId)))

      const current = existing?.voteType ?? null
      const before =
        input.shown === undefined ? current : input.shown === 'none' ? null : input.shown
      const viewerVote: VoteType | null = before === input.type ? null : input.type
      // Already so (the request was sent twice, or from an older page): nothing to write.
      if (viewerVote === current) return { ...post, viewerVote }
      let up = 0
      let down = 0
      const where = and(eq(postVotes.postId, input.postId), eq(postVotes.userId, input.userId))
      if (viewerVote === null) {
        await tx.delete(postVotes).where(where)
        if (current === 'up') up = -1
        else down = -1
      } else if (current) {
        // The vote is dated when it took its type: a dislike turned into a « J'aime » is told in
        // the author's notifications as of now (ADR 050).
        await tx
          .update(postVotes)
          .set({ voteType: viewerVote, createdAt: sql`now()` })
          .where(where)
        up = viewerVote === 'up' ? 1 : -1
        down = -up
      } else {
        await tx
          .insert(postVotes)
          .values({ postId: input.postId, userId: input.userId, voteType: viewerVote })
        if (viewerVote === 'up') up = 1
        else down = 1
      }
      const [counts] = await tx
        .update(posts)
        .set({
          upvotes: sql`${posts.upvotes} + ${up}`,
          downvotes: sql`${posts.downvotes} + ${down}`,
        })
        .where(eq(posts.id, input.postId))
        .returning({ upvotes: posts.upvotes, downvotes: posts.downvotes })
      return { upvotes: counts!.upvotes, downvotes: counts!.downvotes, viewerVote }
    })
    .catch(refuseIfMemberGone)
}

/** Saves or unsaves a post for a member; asking twice for the same state changes nothing. */
export async function setSaved(input: {
  userId: string
  postId: string
  saved: boolean
}): Promise<{ saved: boolean }> {
  if (input.saved) {
    const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, input.postId))
    if (!post) throw notFound(POST_NOT_FOUND_MESSAGE)
    await db
      .insert(savedPosts)
      .values({ postId: input.postId, userId: input.userId })
      .onConflictDoNothing()
      .catch((error: unknown) => {
        // Deleted by its author since it was read.
        if (refusedBy(error, SQLSTATE.foreignKeyViolation, 'saved_posts_post_id_posts_id_fk')) {
          throw notFound(POST_NOT_FOUND_MESSAGE)
        }
        refuseIfMemberGone(error)
      })
    return { saved: true }
  }
  await db
    .delete(savedPosts)
    .where(and(eq(savedPosts.postId, input.postId), eq(savedPosts.userId, input.userId)))
  return { saved: false }
}

/**
 * Counts the views of a batch of posts for one viewer in ONE SQL statement: a view counts once
 * per viewer, post and day (Europe/Paris); unknown post ids are ignored. The batch's posts not
 * yet seen today by the viewer are locked first, in id order, whatever the plan: two batches
 * sharing posts wait for each other instead of deadlocking (the account deletion locks its
 * posts in id order too, but for those a write touched between its two passes), and a batch
 * sent again and again takes no lock that a vote or a comment would wait for. Two batches of
 * one viewer at once are counted once: the second's insert finds the first's rows.
 * Returns how many views were new.
 */
export async function recordViews(input: {
  viewer: { userId: string } | { anonymousId: string }
  postIds: readonly string[]
}): Promise<number> {
  if (input.postIds.length === 0) return 0
  const viewerKey =
    'userId' in input.viewer ? `u:${input.viewer.userId}` : `a:${input.viewer.anonymousId}`
  const userId = 'userId' in input.viewer ? input.viewer.userId : null
  const ids = [...new Set(input.postIds)]
  const result = await db.execute<{ counted: number }>(sql`
    with locked as (
      select id from posts
      where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and not exists (
          select from post_views
          where post_views.post_id = posts.id
            and post_views.viewer_key = ${viewerKey}
            and post_views.day = (now() at time zone 'Europe/Paris')::date
        )
      order by id
      for no key update
    ), fresh as (
      insert into post_views (post_id, viewer_key, user_id, day)
      select id, ${viewerKey}, ${userId}, (now() at time zone 'Europe/Paris')::date
      from locked
      on conflict do nothing
      returning post_id
    ), counted as (
      update posts set views_count = views_count + 1
      where id in (select post_id from fresh)
      returning id
    )
    select count(*)::int as counted from counted`)
  return result.rows[0]?.counted ?? 0
}
