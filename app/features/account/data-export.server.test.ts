import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, signUp } from '~/features/auth/accounts.server'
import { loader } from '~/routes/settings.export'
import { getAuth } from '~/server/auth/auth.server'
import { sessionMiddleware } from '~/server/auth/session.server'
import { db } from '~/server/db/db.server'
import {
  accounts,
  contactMessages,
  profileLinks,
  profiles,
  posts,
  sessions,
  twoFactors,
  uploads,
  users,
} from '~/server/db/schema'
import { createMailer, useMailer } from '~/server/mail/mailer.server'
import {
  addFavoriteCommunities,
  castDemoVotes,
  createComment,
  createPost,
  createProfile,
  savePost,
} from '../../../tests/factories'
import { linksIn, startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp'
import { recordViews } from '~/features/interactions/interactions.server'
import { exportAccountData } from './data-export.server'
import { startTwoFactorEnrolment } from './security.server'

let smtp: SmtpCapture
const ORIGIN = 'http://localhost:3000'
let ipCounter = 0

beforeAll(async () => {
  smtp = await startSmtpCapture()
  useMailer(
    createMailer({ smtpUrl: smtp.url, from: 'Tremplin <test@tremplin.local>', mailDir: '' }),
  )
})
afterAll(() => smtp.close())

function meta(cookies: string[] = []) {
  const headers = new Headers({ origin: ORIGIN })
  if (cookies.length)
    headers.set('cookie', cookies.map((cookie) => cookie.split(';')[0]).join('; '))
  return { ip: `198.51.100.${++ipCounter}`, headers }
}

/** A confirmed member signed in through Better Auth, with the cookies of that session. */
async function signedInMember(email: string, password = 'Cafe-Bordeaux-26') {
  await signUp({ email, password, firstName: 'Chloé', lastName: 'Roux', ...meta() })
  const mail = await smtp.waitForMail(email, { subject: /Confirmez/ })
  await getAuth().handler(new Request(linksIn(mail)[0]!, { headers: { origin: ORIGIN } }))
  const signedIn = await signIn({ email, password, ...meta() })
  if (!signedIn.ok) throw new Error(signedIn.message)
  const [user] = await db
    .select({ id: users.id, profileId: profiles.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, email))
  if (!user) throw new Error('member not found')
  return { email, password, cookies: signedIn.cookies, ...user }
}

/** Runs the route as the server does: session middleware, then the loader; a thrown redirect is returned. */
async function requestExport(cookies: string[] = []): Promise<Response> {
  const request = new Request(`${ORIGIN}/settings/export`, { headers: meta(cookies).headers })
  const args = {
    request,
    url: new URL(request.url),
    pattern: '/settings/export',
    params: {},
    context: new RouterContextProvider(),
  }
  try {
    return (await sessionMiddleware(args, () => loader(args))) as Response
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

/** The member (Chloé) with one of everything, next to Bastien who comments on her post. */
async function memberWithActivity() {
  const member = await signedInMember('chloe@example.fr')
  await db
    .update(profiles)
    .set({ job: 'Fondatrice', company: 'Torréfaction Roux', city: 'Bordeaux' })
    .where(eq(profiles.id, member.profileId))
  const other = await createProfile(db, { firstName: 'Bastien', lastName: 'Girard' })
  const othersPost = await createPost(db, { authorId: other.id, title: 'Le post de Bastien' })
  const ownPost = await createPost(db, {
    authorId: member.profileId,
    title: 'Ouverture de notre brûlerie',
    content: 'Rendez-vous samedi à Bordeaux.',
    type: 'evenement',
    categories: ['mindset', 'feedback'],
    sector: 'alimentaire',
    tags: ['torréfaction'],
    eventLocation: 'Bordeaux',
    price: 12.5,
  })
  await createComment(db, {
    postId: othersPost.id,
    authorId: member.profileId,
    content: 'Bravo pour ce lancement !',
  })
  await createComment(db, {
    postId: ownPost.id,
    authorId: other.id,
    content: 'Commentaire privé de Bastien',
  })
  await castDemoVotes(db, [
    { postId: othersPost.id, userId: member.id, voteType: 'up' },
    { postId: ownPost.id, userId: other.userId, voteType: 'down' },
  ])
  await savePost(db, { postId: othersPost.id, userId: member.id })
  await savePost(db, { postId: ownPost.id, userId: other.userId })
  await recordViews({ viewer: { userId: member.id }, postIds: [othersPost.id] })
  await recordViews({ viewer: { userId: other.userId }, postIds: [ownPost.id] })
  await recordViews({ viewer: { anonymousId: crypto.randomUUID() }, postIds: [ownPost.id] })
  await addFavoriteCommunities(db, [
    { userId: member.id, itemType: 'category', name: 'marketing' },
    { userId: member.id, itemType: 'sector', name: 'sante' },
  ])
  await db.insert(profileLinks).values([
    {
      profileId: member.profileId,
      title: 'Boutique',
      url: 'https://torrefaction-roux.fr',
      position: 1,
    },
    { profileId: member.profileId, title: 'Portfolio', url: 'https://chloe.example', position: 0 },
    {
      profileId: other.id,
      title: 'Le site de Bastien',
      url: 'https://bastien.example',
      position: 0,
    },
  ])
  await db.insert(contactMessages).values([
    {
      name: 'Chloé Roux',
      email: 'chloe@example.fr',
      subject: 'Partenariat',
      message: 'Bonjour, pouvons-nous échanger ?',
      userId: member.id,
    },
    {
      name: 'Bastien Girard',
      email: 'bastien@example.fr',
      subject: 'Question',
      message: 'Un message qui n’est pas le sien.',
      userId: other.userId,
    },
  ])
  await db.insert(uploads).values([
    {
      key: 'posts/brouillon-chloe.webp',
      url: '/uploads/posts/brouillon-chloe.webp',
      userId: member.id,
    },
    {
      key: 'posts/publiee-chloe.webp',
      url: '/uploads/posts/publiee-chloe.webp',
      userId: member.id,
    },
    {
      key: 'posts/brouillon-bastien.webp',
      url: '/uploads/posts/brouillon-bastien.webp',
      userId: other.userId,
    },
  ])
  await db
    .update(posts)
    .set({
      imageUrl: '/uploads/posts/publiee-chloe.webp',
      imageAlt: 'Le torréfacteur devant sa machine',
    })
    .where(eq(posts.id, ownPost.id))
  return { member, other, othersPost, ownPost }
}

describe('exportAccountData', () => {
  it("contains the member's own account, profile and its links, posts, comments, votes, saves, favourites and contact messages", async () => {
    const { member, othersPost, ownPost } = await memberWithActivity()
    const exported = await exportAccountData(member.id)

    expect(exported).toMatchObject({
      format: 'tremplin-export/1',
      account: {
        email: 'chloe@example.fr',
        firstName: 'Chloé',
        lastName: 'Roux',
        emailVerified: true,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      profile: {
        id: member.profileId,
        firstName: 'Chloé',
        lastName: 'Roux',
        job: 'Fondatrice',
        company: 'Torréfaction Roux',
        city: 'Bordeaux',
        avatar: null,
      },
    })
    expect(Date.parse(exported.exportedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(exported.profile).not.toHaveProperty('userId')
    expect(exported.posts).toEqual([
      {
        id: ownPost.id,
        title: 'Ouverture de notre brûlerie',
        content: 'Rendez-vous samedi à Bordeaux.',
        type: 'Événement',
        categories: ['Mindset', 'Feedback'],
        sector: 'Alimentaire',
        sectors: ['Alimentaire'],
        tags: ['torréfaction'],
        imageUrl: '/uploads/posts/publiee-chloe.webp',
        imageAlt: 'Le torréfacteur devant sa machine',
        externalUrl: null,
        eventDate: null,
        eventLocation: 'Bordeaux',
        price: 12.5,
        createdAt: ownPost.createdAt.toISOString(),
        updatedAt: ownPost.updatedAt.toISOString(),
      },
    ])
    expect(exported.comments).toEqual([
      {
        postId: othersPost.id,
        content: 'Bravo pour ce lancement !',
        createdAt: expect.any(String),
      },
    ])
    expect(exported.votes).toEqual([
      { postId: othersPost.id, voteType: 'up', createdAt: expect.any(String) },
    ])
    expect(exported.savedPosts).toEqual([{ postId: othersPost.id, createdAt: expect.any(String) }])
    expect(exported.views).toEqual([
      { postId: othersPost.id, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ])
    expect(exported.favoriteCommunities).toEqual([
      { itemType: 'category', name: 'Marketing' },
      { itemType: 'sector', name: 'Santé' },
    ])
    expect(exported.profileLinks).toEqual([
      { title: 'Portfolio', url: 'https://chloe.example' },
      { title: 'Boutique', url: 'https://torrefaction-roux.fr' },
    ])
    expect(exported.authorSlugs).toEqual([
      { slug: 'chloe-roux', current: true, since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ])
    expect(exported.contactMessages).toEqual([
      {
        name: 'Chloé Roux',
        email: 'chloe@example.fr',
        subject: 'Partenariat',
        message: 'Bonjour, pouvons-nous échanger ?',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ])
    // The session it was asked from, with what it recorded, never its token nor its id.
    expect(exported.sessions).toEqual([
      {
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        lastUsedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        ipAddress: expect.toBeOneOf([expect.any(String), null]),
        userAgent: expect.toBeOneOf([expect.any(String), null]),
      },
    ])
    // The composer's image not yet published; not the one its post carries.
    expect(exported.uploads).toEqual([
      {
        url: '/uploads/posts/brouillon-chloe.webp',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ])
    // What is downloaded is exactly this object.
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported)
  })

  it("holds no secret and nothing of other members'", async () => {
    const { member } = await memberWithActivity()
    const enrolment = await startTwoFactorEnrolment({
      password: member.password,
      headers: meta(member.cookies).headers,
    })
    if (!enrolment.ok) throw new Error(enrolment.message)

    const [credential] = await db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, member.id))
    const [session] = await db
      .select({ id: sessions.id, token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, member.id))
    const [twoFactor] = await db
      .select({ secret: twoFactors.secret, backupCodes: twoFactors.backupCodes })
      .from(twoFactors)
      .where(eq(twoFactors.userId, member.id))
    const [salt] = credential!.hash!.split(':')
    const secrets = [
      credential!.hash!,
      salt!,
      session!.token,
      session!.id,
      twoFactor!.secret,
      twoFactor!.backupCodes,
      enrolment.enrolment.secret,
      ...enrolment.enrolment.backupCodes,
    ]
    expect(secrets.every((secret) => secret.length >= 8)).toBe(true)

    const json = JSON.stringify(await exportAccountData(member.id))
    for (const secret of secrets) expect(json).not.toContain(secret)
    expect(json).not.toContain('Commentaire privé de Bastien')
    expect(json).not.toContain('Bastien')
    expect(json).not.toContain('Le post de Bastien')
    expect(json).not.toMatch(/"(password|token|secret|backupCodes|userId)"/)
  })
})

describe('GET /settings/export', () => {
  it('downloads the export as pretty JSON that no cache keeps', async () => {
    const { member, ownPost } = await memberWithActivity()
    const response = await requestExport(member.cookies)

    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = await response.text()
    expect(body).toMatch(/^\{\n {2}"format": "tremplin-export\/1",\n {2}"exportedAt": /)
    const exported = JSON.parse(body) as Awaited<ReturnType<typeof exportAccountData>>
    // The day of the export in Paris, from the export itself: midnight may pass meanwhile.
    const day = new Date(exported.exportedAt).toLocaleDateString('sv-SE', {
      timeZone: 'Europe/Paris',
    })
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="tremplin-export-${day}.json"`,
    )
    expect(exported.account.email).toBe(member.email)
    expect(exported.posts.map((post) => post.id)).toEqual([ownPost.id])
  })

  it('sends a visitor to /auth, to come back to the export afterwards', async () => {
    const response = await requestExport()
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/auth?redirectTo=%2Fsettings%2Fexport')
  })
})
