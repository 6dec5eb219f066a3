import { APIError } from 'better-auth/api'
import { removeStoredFiles } from '~/server/file-removal.server'
import { eq, sql } from 'drizzle-orm'
import { signOutEverywhere } from '~/features/auth/accounts.server'
import { toAuthFailure, type AuthFailure } from '~/features/auth/auth-errors.server'
import { getAuth } from '~/server/auth/auth.server'
import type { Database } from '~/server/db/client.server'
import { db } from '~/server/db/db.server'
import { databaseError, SQLSTATE } from '~/server/db/errors.server'
import { posts, profiles, uploads, users } from '~/server/db/schema'
import { mailAfterAnswer } from '~/server/mail/mailer.server'
import { accountDeletedMail } from '~/server/mail/templates'
import { forgetIssuedTokens } from '~/server/auth/issued-tokens.server'
import { getStorage } from '~/server/storage.server'

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * Storage keys of the member's avatar, banner, post images and composer uploads that this
 * storage holds.
 */
async function readUploads(tx: Transaction, userId: string): Promise<string[]> {
  const ownedByMember = eq(profiles.userId, userId)
  const stored = await tx
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
    // Sent from the composer, whether or not a post took it.
    .union(tx.select({ url: uploads.url }).from(uploads).where(eq(uploads.userId, userId)))
  return stored.flatMap(({ url }) => {
    const key = url ? getStorage().keyFromUrl(url) : null
    return key ? [key] : []
  })
}

/** The ids of the posts whose counters include the member's votes or comments. */
function touchedPosts(userId: string) {
  return sql`(
    select post_id from post_votes where user_id = ${userId}
    union
    select post_id from comments
    where author_id = (select id from profiles where user_id = ${userId})
  )`
}

/**
 * Locks, in id order, the posts the deletion changes: the member's own, which the cascade
 * deletes, and those whose counters it recounts.
 */
async function lockChangedPosts(tx: Transaction, userId: string) {
  // One `in` over a union, each part read from its index: an `or` beside the `in` would read
  // every post.
  await tx.execute(sql`
    select id from posts
    where id in (
      select post_id from post_votes where user_id = ${userId}
      union
      select post_id from comments
      where author_id = (select id from profiles where user_id = ${userId})
      union
      select id from posts where author_id = (select id from profiles where user_id = ${userId})
    )
    order by id for update`)
}

/**
 * Database work the cascades do not do, before them: the posts the member voted on or
 * commented get counters that match their rows without the member's, and the auth tokens
 * issued to the member (reset links, two-factor challenges, trusted devices: verifications
 * hold the user id as a value, not a foreign key) go.
 */
async function tidyBeforeDeletion(tx: Transaction, input: { userId: string; email: string }) {
  const { userId } = input
  await tx.execute(sql`
    update posts set
      upvotes = (select count(*)::int from post_votes
        where post_id = posts.id and vote_type = 'up' and user_id <> ${userId}),
      downvotes = (select count(*)::int from post_votes
        where post_id = posts.id and vote_type = 'down' and user_id <> ${userId}),
      comments_count = (select count(*)::int from comments
        where post_id = posts.id
          and author_id <> (select id from profiles where user_id = ${userId}))
    where id in ${touchedPosts(userId)}`)
  await forgetIssuedTokens(tx, userId, input.email)
}

/** Whether PostgreSQL broke a deadlock by refusing this transaction (it can be run again). */
function isDeadlock(error: unknown): boolean {
  return databaseError(error).code === SQLSTATE.deadlock
}

/**
 * Deletes the member's rows in one transaction (the user row; the cascades do the rest) with
 * the counters and tokens they leave behind; returns the storage keys of the member's files,
 * to remove once it has committed.
 *
 * The locks come in the order the writes take them. A vote, comment or view locks its post,
 * then needs a key-share lock on the member's profile or user row for its foreign key (a save
 * takes only the key-share locks, on the post and on the profile):
 * the deletion locks the posts it changes, then the member's rows, then the posts again (those
 * a write touched meanwhile). A write of the member's in flight commits before the recount and
 * is taken out by it; a later one waits and then fails on the deleted member. Another member's
 * vote on a recounted post waits and then adds to the recount. A deadlock left (a write on a
 * post first touched between the two locks) refuses one of the two: the deletion runs again.
 */
async function deleteMemberRows(input: { userId: string; email: string }): Promise<string[]> {
  const { userId } = input
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await lockChangedPosts(tx, userId)
        await tx.execute(sql`select id from profiles where user_id = ${userId} for update`)
        await tx.execute(sql`select id from users where id = ${userId} for update`)
        await lockChangedPosts(tx, userId)
        const keys = await readUploads(tx, userId)
        await tidyBeforeDeletion(tx, input)
        await tx.delete(users).where(eq(users.id, userId))
        return keys
      })
    } catch (error) {
      if (attempt < 3 && isDeadlock(error)) continue
      throw error
    }
  }
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
  // Refused at once, as a wrong one is (the form requires it; nothing to check).
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
  const keys = await deleteMemberRows({ userId, email })

  // The account is gone: nothing below may turn that into a failure for the member.
  // Upload keys are random and never shared between rows.
  await removeStoredFiles(keys, 'file of a deleted account')
  // After the answer: a slow relay does not hold the member on « Suppression… ».
  mailAfterAnswer({ to: email, ...accountDeletedMail() }, { userId })
  const { cookies } = await signOutEverywhere({ headers: input.headers })
  return { ok: true, cookies }
}
