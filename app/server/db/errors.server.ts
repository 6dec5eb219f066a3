import { HttpError, SESSION_EXPIRED_MESSAGE } from '~/server/errors.server'

/**
 * What PostgreSQL said about a refused statement: its SQLSTATE code and the constraint named,
 * from the driver's error or from Drizzle's, which wraps it as its cause.
 */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  if (typeof error !== 'object' || error === null) return {}
  const { code, constraint } = ((error as { cause?: unknown }).cause ?? error) as {
    code?: unknown
    constraint?: unknown
  }
  return {
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  }
}

/** SQLSTATE codes the app answers to. */
export const SQLSTATE = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  deadlock: '40P01',
} as const

/** Whether a statement was refused with SQLSTATE `code` by the constraint or unique index `name`. */
export function refusedBy(error: unknown, code: string, name: string): boolean {
  const refusal = databaseError(error)
  return refusal.code === code && refusal.constraint === name
}

/**
 * The foreign keys from a member's own rows (votes, saves, comments, starred communities) to
 * their profile. A write refused by one came from a member whose account was deleted after the
 * request read their session: from another tab, while this one was voting.
 */
const MEMBER_FOREIGN_KEYS = new Set([
  'post_votes_user_id_profiles_user_id_fk',
  'saved_posts_user_id_profiles_user_id_fk',
  'comments_author_id_profiles_id_fk',
  'favorite_communities_user_id_profiles_user_id_fk',
  'uploads_user_id_users_id_fk',
])

/**
 * For a write's `.catch`: a member deleted meanwhile is answered as a session that has ended
 * (401 « Votre session a expiré : reconnectez-vous. »), not as a server failure; any other
 * error is rethrown.
 */
export function refuseIfMemberGone(error: unknown): never {
  const { code, constraint } = databaseError(error)
  if (code === SQLSTATE.foreignKeyViolation && MEMBER_FOREIGN_KEYS.has(constraint ?? '')) {
    throw new HttpError(401, SESSION_EXPIRED_MESSAGE)
  }
  throw error
}
