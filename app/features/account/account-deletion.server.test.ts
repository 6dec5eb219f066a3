import { randomUUID } from 'node:crypto'
import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'
import { eq, sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { requestPasswordReset, signIn, signUp } from '~/features/auth/accounts.server'
import { loader as exportLoader } from '~/routes/settings.export'
import { getAuth } from '~/server/auth/auth.server'
import { sessionMiddleware } from '~/server/auth/session.server'
import { db } from '~/server/db/db.server'
import { posts, profiles, uploads, users } from '~/server/db/schema'
import { createMailer, useMailer } from '~/server/mail/mailer.server'
import { getStorage } from '~/server/storage.server'
import {
  addFavoriteCommunities,
  castDemoVotes,
  createComments,
  createPost,
  createProfile,
  savePost,
} from '../../../tests/factories'
import { linksIn, startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp'
import { castVote } from '../interactions/interactions.server'
import { deleteAccount } from './account-deletion.server'
import { confirmTwoFactor, startTwoFactorEnrolment } from './security.server'

let smtp: SmtpCapture
const ORIGIN = 'http://localhost:3000'
let ipCounter = 0

function useCaptureMailer() {
  useMailer(
    createMailer({ smtpUrl: smtp.url, from: 'Tremplin <test@tremplin.local>', mailDir: '' }),
  )
}

beforeAll(async () => {
  smtp = await startSmtpCapture()
  useCaptureMailer()
})
afterEach(() => {
  useCaptureMailer()
  smtp.clear()
})
afterAll(() => smtp.close())

function meta(cookies: string[] = []) {
  const headers = new Headers({ origin: ORIGIN })
  if (cookies.length)
    headers.set('cookie', cookies.map((cookie) => cookie.split(';')[0]).join('; '))
  return { ip: `198.51.100.${++ipCounter}`, headers }
}

const PASSWORD = 'Savonnerie-Arles-26'

/** A confirmed member signed in through Better Auth, with the cookies of that session. */
async function signedInMember(email: string) {
  await signUp({ email, password: PASSWORD, firstName: 'Inès', lastName: 'Moreau', ...meta() })
  const mail = await smtp.waitForMail(email, { subject: /Confirmez/ })
  await getAuth().handler(new Request(linksIn(mail)[0]!, { headers: { origin: ORIGIN } }))
  const signedIn = await signIn({ email, password: PASSWORD, ...meta() })
  if (!signedIn.ok) throw new Error(signedIn.message)
  const [user] = await db
    .select({ id: users.id, profileId: profiles.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
  if (!user) throw new Error('member not found')
  return { email, cookies: signedIn.cookies, ...user }
}

async function storeUpload(folder: string): Promise<string> {
  return getStorage().put(`${folder}/test-${randomUUID()}.webp`, new Uint8Array([82, 73, 70, 70]))
}

const isStored = async (url: string) =>
  (await getStorage().get(url.replace('/uploads/', ''))) !== undefined

/**
 * Inès with everything an account can leave behind: files, a post others interacted with,
 * votes and comments on Bastien's posts (which Camille also voted on and commented), a save,
 * favourites, confirmed two-factor, a pending two-factor sign-in and a pending reset link.
 */
async function memberWithEverything() {
  const member = await signedInMember('ines@example.fr')
  const avatar = await storeUpload('avatars')
  const banner = await storeUpload('banners')
  const postImage = await storeUpload('posts')
  await db
    .update(profiles)
    .set({ avatar, bannerImage: banner })
    .where(eq(profiles.id, member.profileId))

  const bastienAvatar = await storeUpload('avatars')
  const bastien = await createProfile(db, { firstName: 'Bastien', avatar: bastienAvatar })
  const camille = await createProfile(db, { firstName: 'Camille' })
  const liked = await createPost(db, { authorId: bastien.id, title: 'Aimé par Inès' })
  const disliked = await createPost(db, { authorId: bastien.id, title: 'Pas aimé par Inès' })
  const own = await createPost(db, {
    authorId: member.profileId,
    title: 'Le post d’Inès',
    imageUrl: postImage,
  })
  await castDemoVotes(db, [
    { postId: liked.id, userId: member.id, voteType: 'up' },
    { postId: liked.id, userId: camille.userId, voteType: 'up' },
    { postId: disliked.id, userId: member.id, voteType: 'down' },
    { postId: disliked.id, userId: camille.userId, voteType: 'down' },
    { postId: own.id, userId: bastien.userId, voteType: 'up' },
  ])
  await createComments(db, [
    { postId: liked.id, authorId: member.profileId, content: 'Super !' },
    { postId: liked.id, authorId: member.profileId, content: 'Et encore bravo.' },
    { postId: liked.id, authorId: camille.id, content: 'D’accord avec Inès.' },
    { postId: own.id, authorId: bastien.id, content: 'Merci Inès.' },
  ])
  await savePost(db, { postId: liked.id, userId: member.id })
  await savePost(db, { postId: own.id, userId: bastien.userId })
  await addFavoriteCommunities(db, [
    { userId: member.id, itemType: 'category', name: 'marketing' },
    { userId: member.id, itemType: 'sector', name: 'artisanat' },
  ])

  const enrolment = await startTwoFactorEnrolment({
    password: PASSWORD,
    headers: meta(member.cookies).headers,
  })
  if (!enrolment.ok) throw new Error(enrolment.message)
  const totp = createOTP(new TextDecoder().decode(base32.decode(enrolment.enrolment.secret)))
  const confirmed = await confirmTwoFactor({
    code: await totp.hotp(Math.floor(Date.now() / 30_000)),
    headers: meta(member.cookies).headers,
    email: member.email,
  })
  if (!confirmed.ok) throw new Error(confirmed.message)
  // Turning two-factor on replaces the session: the browser keeps the new cookie.
  member.cookies = confirmed.cookies
  expect(await signIn({ email: member.email, password: PASSWORD, ...meta() })).toMatchObject({
    twoFactor: true,
  })
  await requestPasswordReset({ email: member.email, ...meta() })
  await smtp.waitForMail(member.email, { subject: /Réinitialisez/ })
  // An image sent from the composer for a post never published.
  const unpublished = await storeUpload('posts')
  await db.insert(uploads).values({
    key: unpublished.replace('/uploads/', ''),
    url: unpublished,
    userId: member.id,
  })

  return {
    member,
    files: { avatar, banner, postImage, bastienAvatar, unpublished },
    posts: { liked, disliked, own },
  }
}

type Member = Awaited<ReturnType<typeof memberWithEverything>>['member']

/** Rows that refer to the member, table by table (their posts by id for post_categories). */
async function rowsReferringTo(member: Member) {
  const { id, profileId, email } = member
  const result = await db.execute(sql`
    with own_posts as (select id from posts where author_id = ${profileId}::uuid)
    select
      (select count(*)::int from users where id = ${id} or email = ${email}) as users,
      (select count(*)::int from profiles where user_id = ${id} or id = ${profileId}::uuid) as profiles,
      (select count(*)::int from sessions where user_id = ${id}) as sessions,
      (select count(*)::int from accounts where user_id = ${id}) as accounts,
      (select count(*)::int from two_factors where user_id = ${id}) as two_factors,
      (select count(*)::int from used_totp_codes where user_id = ${id}) as used_totp_codes,
      (select count(*)::int from verifications where value = ${id} or identifier = ${email}
        or identifier in (select '2fa-attempts-' || identifier from verifications where value = ${id})
      ) as verifications,
      (select count(*)::int from posts where author_id = ${profileId}::uuid) as posts,
      (select count(*)::int from post_categories where post_id in (select id from own_posts)) as post_categories,
      (select count(*)::int from comments where author_id = ${profileId}::uuid) as comments,
      (select count(*)::int from post_votes where user_id = ${id}) as post_votes,
      (select count(*)::int from saved_posts where user_id = ${id}) as saved_posts,
      (select count(*)::int from favorite_communities where user_id = ${id}) as favorite_communities,
      (select count(*)::int from uploads where user_id = ${id}) as uploads
  `)
  return result.rows[0] as Record<string, number>
}

/** Posts whose stored counters differ from the rows they count. */
async function postsWithWrongCounters() {
  const result = await db.execute(sql`
    select posts.id from posts
    where upvotes <> (select count(*) from post_votes where post_id = posts.id and vote_type = 'up')
      or downvotes <> (select count(*) from post_votes where post_id = posts.id and vote_type = 'down')
      or comments_count <> (select count(*) from comments where post_id = posts.id)`)
  return result.rows
}

/** The settings.export route as the server runs it; a thrown redirect is returned. */
async function requestExport(cookies: string[]): Promise<Response> {
  const request = new Request(`${ORIGIN}/settings/export`, { headers: meta(cookies).headers })
  const args = {
    request,
    url: new URL(request.url),
    pattern: '/settings/export',
    params: {},
    context: new RouterContextProvider(),
  }
  try {
    return (await sessionMiddleware(args, () => exportLoader(args))) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe('deleteAccount', () => {
  it('with a wrong password, answers in French and changes nothing', async () => {
    const { member, files } = await memberWithEverything()
    const before = await rowsReferringTo(member)
    expect(Object.entries(before).filter(([, count]) => count === 0)).toEqual([])
    smtp.clear()

    const outcome = await deleteAccount({
      password: 'Pas-Le-Bon-2026',
      headers: meta(member.cookies).headers,
    })

    expect(outcome).toEqual({
      ok: false,
      status: 400,
      code: 'INVALID_PASSWORD',
      message: 'Mot de passe incorrect.',
    })
    expect(await rowsReferringTo(member)).toEqual(before)
    expect(await isStored(files.avatar)).toBe(true)
    expect(await getAuth().api.getSession({ headers: meta(member.cookies).headers })).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.messages).toEqual([])
  })

  it('refuses an empty password, which Better Auth would not check on a recent session', async () => {
    const member = await signedInMember('vide@example.fr')
    const outcome = await deleteAccount({ password: '', headers: meta(member.cookies).headers })
    expect(outcome).toEqual({
      ok: false,
      status: 400,
      code: 'INVALID_PASSWORD',
      message: 'Mot de passe incorrect.',
    })
    expect(await db.select({ id: users.id }).from(users)).toEqual([{ id: member.id }])
  })

  it('answers before the mail that confirms it is delivered (ADR 058)', async () => {
    const member = await signedInMember('relais-suppression@example.fr')
    smtp.clear()
    const relay = smtp.hold()
    try {
      const outcome = await Promise.race([
        deleteAccount({ password: PASSWORD, headers: meta(member.cookies).headers }),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ])
      expect(outcome).toMatchObject({ ok: true })
      await vi.waitFor(() => expect(relay.waiting).toBe(1))
      expect(smtp.messages).toEqual([])
    } finally {
      relay.release()
    }
    await smtp.waitForMail(member.email, { subject: /a été supprimé/ })
  })

  it('without a session, deletes nothing', async () => {
    const member = await signedInMember('sans-session@example.fr')
    const outcome = await deleteAccount({ password: PASSWORD, headers: meta().headers })
    expect(outcome).toMatchObject({ ok: false, status: 401, code: 'SESSION_EXPIRED' })
    expect(await db.select({ id: users.id }).from(users)).toEqual([{ id: member.id }])
  })

  it('with the right password, erases every row and file of the member and ends the session', async () => {
    const { member, files, posts: created } = await memberWithEverything()
    const outcome = await deleteAccount({
      password: PASSWORD,
      headers: meta(member.cookies).headers,
    })

    expect(outcome).toMatchObject({ ok: true })
    if (!outcome.ok) return
    expect(outcome.cookies.join('\n')).toMatch(/tremplin\.session_token=;.*Max-Age=0/)

    expect(await rowsReferringTo(member)).toEqual({
      users: 0,
      profiles: 0,
      sessions: 0,
      accounts: 0,
      two_factors: 0,
      used_totp_codes: 0,
      verifications: 0,
      posts: 0,
      post_categories: 0,
      comments: 0,
      post_votes: 0,
      saved_posts: 0,
      favorite_communities: 0,
      uploads: 0,
    })
    // Nobody else had pending tokens: the table is empty, companions of challenges included.
    expect((await db.execute(sql`select id from verifications`)).rows).toEqual([])

    // Bastien's posts lose Inès's votes and comments from their counters, keep Camille's.
    expect(await postsWithWrongCounters()).toEqual([])
    const counters = await db
      .select({
        title: posts.title,
        upvotes: posts.upvotes,
        downvotes: posts.downvotes,
        commentsCount: posts.commentsCount,
      })
      .from(posts)
      .orderBy(posts.title)
    expect(counters).toEqual([
      { title: 'Aimé par Inès', upvotes: 1, downvotes: 0, commentsCount: 1 },
      { title: 'Pas aimé par Inès', upvotes: 0, downvotes: 1, commentsCount: 0 },
    ])
    expect(counters.map((post) => post.title)).not.toContain(created.own.title)

    expect(await isStored(files.avatar)).toBe(false)
    expect(await isStored(files.banner)).toBe(false)
    expect(await isStored(files.postImage)).toBe(false)
    expect(await isStored(files.unpublished)).toBe(false)
    expect(await isStored(files.bastienAvatar)).toBe(true)

    await smtp.waitForMail(member.email, { subject: /Votre compte Tremplin a été supprimé/ })

    expect(await getAuth().api.getSession({ headers: meta(member.cookies).headers })).toBeNull()
    // A page's 401: the old cookie opens nothing, the export sends it to /auth.
    const response = await requestExport(member.cookies)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(/^\/auth\?/)
  })

  it('keeps every counter exact when the member votes from another tab during the deletion', async () => {
    const member = await signedInMember('deux-onglets@example.fr')
    const bastien = await createProfile(db, { firstName: 'Bastien' })
    const targets = [
      await createPost(db, { authorId: bastien.id, title: 'Premier' }),
      await createPost(db, { authorId: bastien.id, title: 'Deuxième' }),
      await createPost(db, { authorId: bastien.id, title: 'Troisième' }),
    ]

    const deletion = deleteAccount({ password: PASSWORD, headers: meta(member.cookies).headers })
    const deletionState = { settled: false }
    const settle = () => (deletionState.settled = true)
    void deletion.then(settle, settle)
    // The other tab votes and unvotes, post after post, until the account is gone: votes land
    // before, during and after each step of the deletion (the last ones are refused).
    const outcomes = new Set<string>()
    for (let index = 0; !deletionState.settled && index < 2_000; index++) {
      const postId = targets[index % targets.length]!.id
      outcomes.add(
        await castVote({ userId: member.id, postId, type: 'up' }).then(
          () => 'counted',
          () => 'refused',
        ),
      )
      // A pause between clicks leaves the deletion's password check its share of the CPU.
      await new Promise((resolve) => setTimeout(resolve, 5))
    }

    expect(await deletion).toMatchObject({ ok: true })
    expect(outcomes).toContain('counted')
    expect(await postsWithWrongCounters()).toEqual([])
    expect(await db.select({ upvotes: posts.upvotes }).from(posts)).toEqual(
      targets.map(() => ({ upvotes: 0 })),
    )
  })

  it('still deletes the account when the goodbye email cannot be sent', async () => {
    const member = await signedInMember('hors-ligne@example.fr')
    const avatar = await storeUpload('avatars')
    await db.update(profiles).set({ avatar }).where(eq(profiles.id, member.profileId))
    // Nothing listens on port 1: the connection is refused at once.
    useMailer(
      createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'test@tremplin.local', mailDir: '' }),
    )

    const outcome = await deleteAccount({
      password: PASSWORD,
      headers: meta(member.cookies).headers,
    })

    expect(outcome).toMatchObject({ ok: true, cookies: expect.any(Array) })
    expect(await db.select({ id: users.id }).from(users)).toEqual([])
    expect(await isStored(avatar)).toBe(false)
  })
})
