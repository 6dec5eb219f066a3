import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq, sql, type SQLWrapper } from 'drizzle-orm'
import type { BetterAuthOptions } from 'better-auth'
import { parseCookies } from 'better-auth/cookies'
import { perDatabase, prepareNamed } from '../db/prepared.server'
import { db } from '../db/db.server'
import { favoriteCommunities, profiles, sessions, users } from '../db/schema'
import { getAuth } from './auth.server'
import type { CurrentSession } from './session.server'

/** The header details and starred communities of a member, as one row gives them. */
export interface MemberProfileRow {
  firstName: string
  lastName: string
  avatar: string | null
  favorites: Array<['category' | 'sector', number]>
}

/** A session read in one statement: the member, and their profile (null: none yet). */
export interface SignedInMember {
  current: CurrentSession
  profile: MemberProfileRow | null
}

/** The starred communities of a member, as [kind, id] pairs (a profile's or none). */
export function favoritesOf(userId: SQLWrapper | string) {
  return sql<MemberProfileRow['favorites']>`coalesce((
    select json_agg(json_build_array(${favoriteCommunities.itemType}, ${favoriteCommunities.itemId}))
    from ${favoriteCommunities} where ${favoriteCommunities.userId} = ${userId}
  ), '[]'::json)`
}

// The session, its member and the member's profile by the session's token: what Better Auth's
// getSession reads in two statements and the header in a third (ADR 020).
const sessionMemberStatement = perDatabase(() =>
  prepareNamed(
    'session_member',
    db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        userId: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        firstName: users.firstName,
        lastName: users.lastName,
        twoFactorEnabled: users.twoFactorEnabled,
        profileUserId: profiles.userId,
        profileFirstName: profiles.firstName,
        profileLastName: profiles.lastName,
        avatar: profiles.avatar,
        favorites: favoritesOf(users.id),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(sessions.token, sql.placeholder('token'))),
  ),
)

interface SessionSettings {
  cookieName: string
  dataCookieName: string
  secret: string
  expiresInMs: number
  updateAgeMs: number
  /** False when sessions may live elsewhere than the database, or in a cookie cache. */
  usable: boolean
}

let settings: Promise<SessionSettings> | undefined

function sessionSettings(): Promise<SessionSettings> {
  settings ??= getAuth().$context.then((context) => {
    // Typed as any configuration: this read is only Better Auth's equivalent under these.
    const options: BetterAuthOptions = context.options
    return {
      cookieName: context.authCookies.sessionToken.name,
      dataCookieName: context.authCookies.sessionData.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
      usable:
        !options.secondaryStorage &&
        options.session?.cookieCache?.enabled !== true &&
        options.session?.deferSessionRefresh !== true &&
        options.session?.disableSessionRefresh !== true,
    }
  })
  return settings
}

/** The token of a cookie value `token.signature` if Better Auth signed it, else null. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const encoded = value.slice(dot + 1)
  // Better Auth's own check: a base64 SHA-256 HMAC is 44 characters, the last one '='.
  if (encoded.length !== 44 || !encoded.endsWith('=')) return null
  const signature = Buffer.from(encoded, 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null
}

/**
 * The signed-in member of a request in one statement, when nothing has to change: a validly
 * signed cookie naming a live session that Better Auth would not extend now. Undefined in every
 * other case (no or bad cookie, unknown, expired or ageing session), which Better Auth's own
 * getSession then decides, clearing or extending the session as it does.
 */
export async function readSignedInMember(request: Request): Promise<SignedInMember | undefined> {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  const config = await sessionSettings()
  if (!config.usable) return undefined
  const cookies = parseCookies(header)
  const value = cookies.get(config.cookieName)
  if (!value) return undefined
  // Better Auth clears a stale cache cookie when it sees one: leave that to it.
  for (const name of cookies.keys()) if (name.startsWith(config.dataCookieName)) return undefined
  const token = verifiedToken(value, config.secret)
  if (!token) return undefined
  const [row] = await sessionMemberStatement().execute({ token })
  if (!row) return undefined
  const expiresAt = row.expiresAt.getTime()
  const now = Date.now()
  if (expiresAt <= now || expiresAt - config.expiresInMs + config.updateAgeMs <= now) {
    return undefined
  }
  return {
    current: {
      user: {
        id: row.userId,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        emailVerified: row.emailVerified,
        twoFactorEnabled: row.twoFactorEnabled,
      },
      session: { id: row.sessionId, token, expiresAt: row.expiresAt },
    },
    profile:
      row.profileUserId === null
        ? null
        : {
            firstName: row.profileFirstName ?? '',
            lastName: row.profileLastName ?? '',
            avatar: row.avatar,
            favorites: row.favorites,
          },
  }
}
