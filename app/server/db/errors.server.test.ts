import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { starCommunity } from '~/features/feed/star.server'
import { castVote, setSaved } from '~/features/interactions/interactions.server'
import { db } from './db.server'
import { refuseIfMemberGone } from './errors.server'
import { createPost, createProfile } from './seed/factories.server'

const GONE = { status: 401, message: 'Votre session a expiré : reconnectez-vous.' }

/** A member whose account is deleted once their request has read the session. */
async function deletedMember() {
  const member = await createProfile(db)
  await db.execute(sql`delete from users where id = ${member.userId}`)
  return member
}

/** What a refused statement turns into once through refuseIfMemberGone. */
function refusal(statement: ReturnType<typeof sql>) {
  return db.execute(statement).catch(refuseIfMemberGone)
}

describe('refuseIfMemberGone', () => {
  it("answers each of a deleted member's writes as an ended session, and rethrows the rest", async () => {
    const author = await createProfile(db)
    const post = await createPost(db, { authorId: author.id })
    const gone = await deletedMember()
    await expect(
      refusal(sql`insert into post_votes (post_id, user_id, vote_type)
        values (${post.id}, ${gone.userId}, 'up')`),
    ).rejects.toMatchObject(GONE)
    await expect(
      refusal(sql`insert into saved_posts (post_id, user_id) values (${post.id}, ${gone.userId})`),
    ).rejects.toMatchObject(GONE)
    await expect(
      refusal(sql`insert into comments (post_id, author_id, content)
        values (${post.id}, ${gone.id}, 'Bravo')`),
    ).rejects.toMatchObject(GONE)
    await expect(
      refusal(sql`insert into favorite_communities (user_id, item_type, item_id)
        select ${gone.userId}, 'category', id from categories limit 1`),
    ).rejects.toMatchObject(GONE)
    // A post deleted meanwhile is not the member's doing: left to its caller.
    const other = await createProfile(db)
    const unknownPost = '00000000-0000-4000-8000-000000000000'
    const error = await refusal(sql`insert into post_votes (post_id, user_id, vote_type)
      values (${unknownPost}, ${other.userId}, 'up')`).catch((caught: unknown) => caught)
    expect(error).not.toMatchObject({ status: 401 })
    expect(error).toBeInstanceOf(Error)
  })

  it('turns a vote, a save or a star from a member deleted meanwhile into 401, not a 500', async () => {
    const author = await createProfile(db)
    const post = await createPost(db, { authorId: author.id })
    const gone = await deletedMember()
    await expect(
      castVote({ userId: gone.userId, postId: post.id, type: 'up' }),
    ).rejects.toMatchObject(GONE)
    await expect(
      setSaved({ userId: gone.userId, postId: post.id, saved: true }),
    ).rejects.toMatchObject(GONE)
    const star = new FormData()
    star.set('intent', 'favorite')
    star.set('itemType', 'category')
    star.set('name', 'marketing')
    star.set('favorite', 'true')
    expect(await starCommunity(gone.userId, star)).toEqual({ ...GONE, type: 'error' })
    const [counters] = (
      await db.execute<{ upvotes: number }>(sql`select upvotes from posts where id = ${post.id}`)
    ).rows
    expect(counters).toEqual({ upvotes: 0 })
  })
})
