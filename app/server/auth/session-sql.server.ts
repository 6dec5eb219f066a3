// The session's read as SQL that statements embed: the session read of ADR 020 and the pages
// that carry it (ADR 030). Free of Better Auth's module, so that scripts outside Vite (the
// benchmark's query plans) can load the statements that use it.
import { sql, type Placeholder, type SQLWrapper } from 'drizzle-orm'
import { favoriteCommunities, profiles, sessions, users } from '../db/schema'

/** The header details and starred communities of a member, as one row gives them. */
export interface MemberProfileRow {
  firstName: string
  lastName: string
  avatar: string | null
  favorites: Array<['category' | 'sector', number]>
}

/** The starred communities of a member, as [kind, id] pairs (a profile's or none). */
export function favoritesOf(userId: SQLWrapper | string) {
  return sql<MemberProfileRow['favorites']>`coalesce((
    select json_agg(json_build_array(${favoriteCommunities.itemType}, ${favoriteCommunities.itemId}))
    from ${favoriteCommunities} where ${favoriteCommunities.userId} = ${userId}
  ), '[]'::json)`
}

/**
 * The session, its member and the member's profile by the session's token, as one JSON text
 * (null: no such session): what Better Auth's getSession reads in two statements and the header
 * in a third (ADR 020), in a form a page's own statement can carry as one more column (ADR 030).
 */
export function sessionMemberJson(token: Placeholder) {
  return sql<string | null>`(
    select json_build_object(
      'sessionId', ${sessions.id},
      'expiresAt', ${sessions.expiresAt},
      'userId', ${users.id},
      'email', ${users.email},
      'emailVerified', ${users.emailVerified},
      'firstName', ${users.firstName},
      'lastName', ${users.lastName},
      'twoFactorEnabled', ${users.twoFactorEnabled},
      'profile', case when ${profiles.userId} is null then null else json_build_object(
        'firstName', ${profiles.firstName},
        'lastName', ${profiles.lastName},
        'avatar', ${profiles.avatar},
        'favorites', ${favoritesOf(users.id)}
      ) end
    )::text
    from ${sessions}
    join ${users} on ${users.id} = ${sessions.userId}
    left join ${profiles} on ${profiles.userId} = ${users.id}
    where ${sessions.token} = ${token}
  )`
}

/** The member of a session token, for a page's statement: null when there is no such session. */
export function sessionUserId(token: Placeholder) {
  return sql<
    string | null
  >`(select ${sessions.userId} from ${sessions} where ${sessions.token} = ${token})`
}

/** The JSON text sessionMemberJson makes, parsed. */
export interface SessionMemberRow {
  sessionId: string
  expiresAt: string
  userId: string
  email: string
  emailVerified: boolean
  firstName: string
  lastName: string
  twoFactorEnabled: boolean
  profile: {
    firstName: string | null
    lastName: string | null
    avatar: string | null
    favorites: MemberProfileRow['favorites']
  } | null
}

/** The session token's placeholder in a page's statement that reads the session (ADR 030). */
const SESSION_TOKEN = sql.placeholder('token')

/**
 * What a page's statement adds to carry the session's read (ADR 030): the member whose state
 * it shows, and the session's read as JSON text.
 */
export function sessionReadColumns() {
  return { viewerId: sessionUserId(SESSION_TOKEN), member: sessionMemberJson(SESSION_TOKEN) }
}

export type SessionReadColumns = ReturnType<typeof sessionReadColumns>
