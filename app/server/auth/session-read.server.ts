import { and, eq, gt, sql } from 'drizzle-orm'
import type { BetterAuthOptions } from 'better-auth'
import { parseCookies } from 'better-auth/cookies'
import { perDatabase, prepareNamed } from '../db/prepared.server'
import { db } from '../db/db.server'
import { sessions } from '../db/schema'
import { getAuth } from './auth.server'
import { verifiedToken } from './signed-token.server'
import type { CurrentSession } from './session.server'
import {
  sessionMemberJson,
  type MemberProfileRow,
  type SessionMemberRow,
} from './session-sql.server'

/** A session read in one statement: the member, and their profile (null: none yet). */
export interface SignedInMember {
  current: CurrentSession
  profile: MemberProfileRow | null
}

const sessionMemberStatement = perDatabase(() =>
  prepareNamed(
    'session_member',
    db
      // Nested in sql``: Drizzle writes the columns of a one-table select's own fields without
      // their table, which the sub-query's join needs.
      .select({ member: sql<string | null>`${sessionMemberJson(sql.placeholder('token'))}` })
      .from(sql`(values (1)) as one`),
  ),
)

/** The session's member read on its own, when no page statement carried it. */
async function readSessionMember(token: string): Promise<string | null> {
  const [row] = await sessionMemberStatement().execute({ token })
  return row?.member ?? null
}

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

/**
 * The token of the request's session cookie when the member can be read in one statement:
 * a validly signed cookie, and a configuration under which this read is Better Auth's own.
 * Undefined otherwise (no or bad cookie, a stale cache cookie), which Better Auth then decides.
 */
export async function sessionTokenOf(request: Request): Promise<string | undefined> {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  const config = await sessionSettings()
  if (!config.usable) return undefined
  const cookies = parseCookies(header)
  const value = cookies.get(config.cookieName)
  if (!value) return undefined
  // Better Auth clears a stale cache cookie when it sees one: leave that to it.
  for (const name of cookies.keys()) if (name.startsWith(config.dataCookieName)) return undefined
  return verifiedToken(value, config.secret) ?? undefined
}

/**
 * The live session that a response's Set-Cookie values open, if any: Better Auth replaces the
 * member's session when the password changes or two-factor is turned off, and the rest of the
 * request (a form posted without scripts, whose page is rendered in the same request) must
 * then read the new one as the current session.
 */
export async function sessionOpenedBy(
  setCookies: readonly string[],
): Promise<CurrentSession['session'] | undefined> {
  const config = await sessionSettings()
  const pairs = setCookies.map((cookie) => cookie.split(';')[0]!).join('; ')
  const value = parseCookies(pairs).get(config.cookieName)
  const token = value ? verifiedToken(value, config.secret) : null
  if (!token) return undefined
  const [row] = await db
    .select({ id: sessions.id, token: sessions.token, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
  return row
}

/** A page statement's read of the member (ADR 030): the token it was given, what it read. */
export interface CarriedMemberRead {
  token: string
  /** sessionMemberJson's text; undefined when the page read no row to carry it on. */
  memberJson: string | null | undefined
}

/**
 * The signed-in member of a request in one statement, when nothing has to change: a validly
 * signed cookie (sessionTokenOf) naming a live session that Better Auth would not extend now.
 * The member's row comes from a page's statement that carried it, or from a statement of its
 * own. Undefined in every other case (no or bad cookie, unknown, expired or ageing session),
 * which Better Auth's own getSession then decides, clearing or extending the session as it does.
 */
export async function readSignedInMember(
  request: Request,
  carried?: CarriedMemberRead,
): Promise<SignedInMember | undefined> {
  const token = carried ? carried.token : await sessionTokenOf(request)
  if (!token) return undefined
  const memberJson =
    carried?.memberJson === undefined ? await readSessionMember(token) : carried.memberJson
  if (memberJson === null) return undefined
  const config = await sessionSettings()
  const row = JSON.parse(memberJson) as SessionMemberRow
  const expiresAt = new Date(row.expiresAt)
  const expiry = expiresAt.getTime()
  const now = Date.now()
  if (expiry <= now || expiry - config.expiresInMs + config.updateAgeMs <= now) return undefined
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
      session: { id: row.sessionId, token, expiresAt },
    },
    profile: row.profile && {
      firstName: row.profile.firstName ?? '',
      lastName: row.profile.lastName ?? '',
      avatar: row.profile.avatar,
      favorites: row.profile.favorites,
    },
  }
}
