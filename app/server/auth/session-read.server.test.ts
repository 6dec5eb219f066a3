import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { getViewer } from '~/features/profiles/viewer.server'
import { db } from '~/server/db/db.server'
import { sessions } from '~/server/db/schema'
import { capture } from '../../../scripts/bench/hot-queries'
import { addFavoriteCommunities, createProfile } from '../../../tests/factories'
import { sessionCookie } from '../../../tests/setup/session-cookie'
import { getAuth } from './auth.server'
import { readSignedInMember } from './session-read.server'
import { getCurrentSession, sessionMiddleware } from './session.server'

const DAY = 24 * 60 * 60 * 1000

async function member() {
  const profile = await createProfile(db, { firstName: 'Inès', lastName: 'Benali' })
  await addFavoriteCommunities(db, [
    { userId: profile.userId, itemType: 'category', name: 'marketing' },
    { userId: profile.userId, itemType: 'sector', name: 'artisanat' },
  ])
  const cookie = await sessionCookie(profile.userId)
  const token = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!
  return { profile, cookie, token }
}

function requestWith(cookie: string): Request {
  return new Request('http://localhost:3000/feed', { headers: { cookie } })
}

/** What the root middleware gives a loader: the session, the viewer, and the cookies it set. */
async function throughMiddleware(cookie: string) {
  const request = requestWith(cookie)
  const context = new RouterContextProvider()
  let seen: { session: Awaited<ReturnType<typeof getCurrentSession>>; viewer: unknown } | undefined
  const response = await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: '' } as never,
    async () => {
      seen = { session: await getCurrentSession(context), viewer: await getViewer(context) }
      return new Response(null)
    },
  )
  return { ...seen!, setCookies: (response as Response).headers.getSetCookie() }
}

async function betterAuthSession(cookie: string) {
  return getAuth().api.getSession({ headers: new Headers({ cookie }) })
}

describe('reading the session with its member in one statement (ADR 020)', () => {
  it('gives what Better Auth gives, the header and starred communities with it, in one statement', async () => {
    const { profile, cookie, token } = await member()
    let read: Awaited<ReturnType<typeof readSignedInMember>>
    const statements = await capture(async () => {
      read = await readSignedInMember(requestWith(cookie))
    })
    expect(statements).toHaveLength(1)

    const reference = await betterAuthSession(cookie)
    expect(read!.current).toEqual({
      user: {
        id: reference!.user.id,
        email: reference!.user.email,
        firstName: 'Inès',
        lastName: 'Benali',
        emailVerified: reference!.user.emailVerified,
        twoFactorEnabled: false,
      },
      session: { id: reference!.session.id, token, expiresAt: reference!.session.expiresAt },
    })
    expect(read!.current.user.id).toBe(profile.userId)
    expect(read!.profile).toMatchObject({ firstName: 'Inès', lastName: 'Benali', avatar: null })
    expect(read!.profile!.favorites).toHaveLength(2)

    // Through the middleware: the session, then the viewer without another statement.
    const loaded = await capture(async () => {
      const seen = await throughMiddleware(cookie)
      expect(seen.session?.user.id).toBe(profile.userId)
      expect(seen.viewer).toMatchObject({ firstName: 'Inès', lastName: 'Benali' })
      expect(seen.setCookies).toEqual([])
    })
    expect(loaded).toHaveLength(1)
  })

  it('leaves a forged, foreign or missing cookie to Better Auth, which finds no one', async () => {
    const { cookie, token } = await member()
    const name = cookie.slice(0, cookie.indexOf('='))
    const forged = [
      `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`,
      `${name}=${token}`,
      `${name}=${encodeURIComponent(`${token}x.${decodeURIComponent(cookie).split('.').at(-1)}`)}`,
      `autre.session_token=${cookie.slice(name.length + 1)}`,
    ]
    for (const value of forged) {
      expect(await readSignedInMember(requestWith(value))).toBeUndefined()
      expect((await throughMiddleware(value)).session).toBeNull()
    }
  })

  it('never answers for a session that ended: signed out, or expired', async () => {
    const signedOut = await member()
    await db.delete(sessions).where(eq(sessions.token, signedOut.token))
    expect(await readSignedInMember(requestWith(signedOut.cookie))).toBeUndefined()
    expect((await throughMiddleware(signedOut.cookie)).session).toBeNull()

    const expired = await member()
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, expired.token))
    expect(await readSignedInMember(requestWith(expired.cookie))).toBeUndefined()
    const seen = await throughMiddleware(expired.cookie)
    expect(seen.session).toBeNull()
    // Better Auth deleted it and cleared the cookie.
    expect(seen.setCookies.join('\n')).toMatch(/tremplin\.session_token=;/)
    expect(await db.select().from(sessions).where(eq(sessions.token, expired.token))).toEqual([])
  })

  it('lets Better Auth extend a session last extended more than a day ago', async () => {
    const { profile, cookie, token } = await member()
    const ageing = new Date(Date.now() + 29 * DAY - 60_000)
    await db.update(sessions).set({ expiresAt: ageing }).where(eq(sessions.token, token))
    expect(await readSignedInMember(requestWith(cookie))).toBeUndefined()

    const seen = await throughMiddleware(cookie)
    expect(seen.session?.user.id).toBe(profile.userId)
    expect(seen.viewer).toMatchObject({ firstName: 'Inès' })
    expect(seen.setCookies.join('\n')).toMatch(/tremplin\.session_token=[^;]+;.*Max-Age=2592000/)
    const [extended] = await db.select().from(sessions).where(eq(sessions.token, token))
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY)

    // Extended, it is read in one statement again.
    expect((await readSignedInMember(requestWith(cookie)))?.current.user.id).toBe(profile.userId)
  })
})
