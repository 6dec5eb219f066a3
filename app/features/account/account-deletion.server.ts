import { APIError } from 'better-auth/api'
import { eq, sql } from 'drizzle-orm'
import { signOutEverywhere } from '~/features/auth/accounts.server'
import { toAuthFailure, type AuthFailure } from '~/features/auth/auth-errors.server'
import { getAuth } from '~/server/auth/auth.server'
import type { Database } from '~/server/db/client.server'
import { db } from '~/server/db/db.server'
import { comments, posts, postVotes, profiles, users } from '~/server/db/schema'
import { logger } from '~/server/logger.server'
import { sendMail } from '~/server/mail/mailer.server'
import { accountDeletedMail } from '~/server/mail/templates'
import { getStorage } from '~/server/storage.server'

/** What only the member's rows say, read before the cascades erase them. */
interface Footprint {
  /** Storage keys of the avatar, banner and post images this storage holds. */
  uploads: string[]
  /** Posts whose counters include the member's votes or comments. */
  touchedPostIds: string[]
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

async function readFootprint(tx: Transaction, userId: string): Promise<Footprint> {
  const ownedByMember = eq(profiles.userId, userId)
  const uploads = await tx
    .select({ url: profiles.avatar })
    .from(profiles)
    .where(ownedByMember)
    .union(tx.select({ url: profiles.bannerImage }).from(profiles).where(ownedByMember))
    .union(
      tx
        .select({ url: posts.imageUrl })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.authorId))
        .where(ownedByMember),
    )
  const touched = await tx
    .select({ postId: postVotes.postId })
    .from(postVotes)
    .where(eq(postVotes.userId, userId))
    .union(
      tx
        .select({ postId: comments.postId })
        .from(comments)
        .innerJoin(profiles, eq(profiles.id, comments.authorId))
        .where(ownedByMember),
    )
  return {
    uploads: uploads.flatMap(({ url }) => {
      const key = url ? getStorage().keyFromUrl(url) : null
      return key ? [key] : []
    }),
    touchedPostIds: touched.map(({ postId }) => postId),
  }
}

/**
 * Database work the cascades do not do: other members' posts get counters that match their
 * remaining rows again, and the auth tokens issued to the member (reset links, two-factor
 * challenges, trusted devices: verifications hold the user id as a value, not a foreign key)
 * go too.
 */
async function tidyAfterDeletion(input: { userId: string; email: string; postIds: string[] }) {
  await db.transaction(async (tx) => {
    if (input.postIds.length > 0) {
      const ids = sql.join(
        input.postIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
      // Locked first, then counted in a later statement (a newer snapshot): a vote committed
      // meanwhile is then either counted here or added by its own transaction afterwards.
      await tx.execute(sql`select id from posts where id in (${ids}) order by id for update`)
      await tx.execute(sql`
        update posts set
          upvotes = (select count(*)::int from post_votes
            where post_votes.post_id = posts.id and post_votes.vote_type = 'up'),
          downvotes = (select count(*)::int from post_votes
            where post_votes.post_id = posts.id and post_votes.vote_type = 'down'),
          comments_count = (select count(*)::int from comments where comments.post_id = posts.id)
        where posts.id in (${ids})`)
    }
    // A two-factor challenge has a companion row counting its attempts.
    await tx.execute(sql`
      with gone as (
        delete from verifications
        where value = ${input.userId} or identifier = ${input.email}
        returning identifier
      )
      delete from verifications where identifier in (select '2fa-attempts-' || identifier from gone)`)
  })
}

/** Removes the member's files; upload keys are random and never shared between rows. */
async function removeUploads(uploads: string[]) {
  const storage = getStorage()
  const results = await Promise.allSettled(uploads.map((key) => storage.remove(key)))
  for (const result of results) {
    if (result.status === 'rejected') {
      logger.error({ err: result.reason }, 'file of a deleted account not removed')
    }
  }
}

/**
 * Reads the member's footprint and deletes the user row (the cascades do the rest) in one
 * transaction that first locks the member's rows. A vote, comment or save from another tab
 * needs a key-share lock on the profile for its foreign key: one in flight is committed before
 * the footprint is read, and so counted in it; a later one waits, then fails on the deleted
 * profile and rolls back its counter change with it.
 */
async function deleteMemberRows(userId: string): Promise<Footprint> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from profiles where user_id = ${userId} for update`)
    await tx.execute(sql`select id from users where id = ${userId} for update`)
    const footprint = await readFootprint(tx, userId)
    await tx.delete(users).where(eq(users.id, userId))
    return footprint
  })
}

/**
 * Deletes the signed-in member's account once Better Auth has confirmed their password. The
 * database cascades erase the profile, posts, comments, votes, saves, favourites, sessions,
 * accounts and two-factor rows; the files, the counters of other members' posts and the
 * leftover auth tokens are handled here. The member then gets a confirmation email; the
 * cookies returned clear the session in this browser.
 */
export async function deleteAccount(input: {
  password: string
  headers: Headers
}): Promise<{ ok: true; cookies: string[] } | AuthFailure> {
  // Better Auth skips the password check when none is given and the session is recent.
  if (input.password.length === 0) {
    return toAuthFailure(
      new APIError('BAD_REQUEST', { code: 'INVALID_PASSWORD', message: 'Invalid password' }),
    )
  }
  const auth = getAuth()
  const current = await auth.api.getSession({ headers: input.headers })
  if (!current) {
    return toAuthFailure(
      new APIError('UNAUTHORIZED', { code: 'SESSION_EXPIRED', message: 'Session expired' }),
    )
  }
  const { id: userId, email } = current.user
  try {
    await auth.api.verifyPassword({ body: { password: input.password }, headers: input.headers })
  } catch (error) {
    return toAuthFailure(error)
  }
  // Not Better Auth's deleteUser: its footprint would be read apart from the deletion, and a
  // vote cast in between would stay in a post's counter (it has no other effect here: no
  // hooks, no secondary storage, the sessions go with the user row).
  const footprint = await deleteMemberRows(userId)

  // The account is gone: nothing below may turn that into a failure for the member.
  try {
    await tidyAfterDeletion({ userId, email, postIds: footprint.touchedPostIds })
  } catch (error) {
    logger.error({ err: error, userId }, 'counters or tokens of a deleted account not tidied')
  }
  await removeUploads(footprint.uploads)
  try {
    await sendMail({ to: email, ...accountDeletedMail() })
  } catch (error) {
    logger.warn({ err: error, userId }, 'account deletion mail not sent')
  }
  const { cookies } = await signOutEverywhere({ headers: input.headers })
  return { ok: true, cookies }
}
