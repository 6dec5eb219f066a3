import { and, eq, gt, or, sql } from 'drizzle-orm'
import type { HeadersFunction } from 'react-router'
import { db } from './db/db.server'
import { rateLimits } from './db/schema'

export interface RateLimitRule {
  limit: number
  windowMs: number
}

const MINUTE = 60_000

/** The limits of the product, per rule and key (IP address, account or email address). */
export const RATE_LIMITS = {
  signInPerIp: { limit: 5, windowMs: MINUTE },
  signInPerAccount: { limit: 10, windowMs: 60 * MINUTE },
  signUpPerIp: { limit: 5, windowMs: 60 * MINUTE },
  authMailPerAddress: { limit: 3, windowMs: 15 * MINUTE },
  // Reset and confirmation links asked from one client address, whatever the email: enough for
  // an office behind one address, too few to send every member a mail or to try a list (ADR 058).
  authMailPerIp: { limit: 10, windowMs: 15 * MINUTE },
  twoFactorPerAttempt: { limit: 3, windowMs: 10_000 },
  // Two-factor codes sent from one client address, whatever the challenge: enough for an
  // office signing in at once, too few to try challenges by the thousand.
  twoFactorPerIp: { limit: 30, windowMs: MINUTE },
  // Settings actions that check the password (change it, two-factor, deletion): a stolen
  // session must not become a password oracle.
  passwordCheckPerAccount: { limit: 10, windowMs: 60 * MINUTE },
  // /contact stores every message: a few per hour is plenty for a person, too few for a flood.
  contactPerIp: { limit: 5, windowMs: 60 * MINUTE },
  // What a member writes: enough for a person, too little for a script to flood the feed.
  postPerMemberBurst: { limit: 1, windowMs: 10_000 },
  postPerMemberDay: { limit: 50, windowMs: 24 * 60 * MINUTE },
  commentPerMember: { limit: 1, windowMs: 5_000 },
  votePerMember: { limit: 60, windowMs: MINUTE },
  savePerMember: { limit: 60, windowMs: MINUTE },
  favoritePerMember: { limit: 30, windowMs: MINUTE },
  // A change of name rewrites the readable address of every post of the member (ADR 038).
  profileEditPerMember: { limit: 20, windowMs: 60 * MINUTE },
  imageUploadPerMember: { limit: 10, windowMs: 30 * MINUTE },
  // Fetches of link previews (cache hits are free), per member and per address.
  linkPreviewPerMember: { limit: 20, windowMs: 10 * MINUTE },
  linkPreviewPerIp: { limit: 20, windowMs: 10 * MINUTE },
  // Visitors whose views start counting (a browser without the viewer cookie), per address:
  // each adds a view to every card it shows, so a script dropping the cookie would add one
  // per request without it.
  newViewerPerIp: { limit: 20, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimitRule>

/** One limit an attempt is counted against: the rule, and whose attempts it counts. */
export interface RateLimitCheck {
  key: string
  rule: RateLimitRule
}

export interface RateLimitResult {
  allowed: boolean
  retryAfterSeconds: number
}

/** The window `rule` counts `now` in, and the seconds left in it. */
function currentWindow(rule: RateLimitRule, now: number) {
  const windowStart = new Date(Math.floor(now / rule.windowMs) * rule.windowMs)
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000),
  )
  return { windowStart, retryAfterSeconds }
}

/**
 * Counts one attempt for `key` under `rule`, atomically (one upsert per call), and says
 * whether it is within the limit. Fixed windows: a burst may straddle two of them.
 */
export async function hitRateLimit(
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = currentWindow(rule, now)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count })
  return { allowed: (row?.count ?? 1) <= rule.limit, retryAfterSeconds }
}

/** Whether `rule` would refuse one more attempt for `key`, without counting one. */
async function wouldRefuse(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = currentWindow(rule, Date.now())
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)))
  return { allowed: (row?.count ?? 0) < rule.limit, retryAfterSeconds }
}

/**
 * Counts one attempt against each (key, rule) pair in turn, and stops at the first that
 * refuses it: an attempt refused is not made, so it uses up none of the later rules (a member
 * clicking « Publier » again within 10 s keeps the day's 50 posts). The narrowest rule first.
 * The wait told is the longest of the rules that refuse, the later ones read without counting:
 * past the day's 50, a second click within 10 s is told the hours, not the seconds.
 */
export async function hitRateLimits(
  checks: readonly RateLimitCheck[],
): Promise<RateLimitResult & { countedAt: number }> {
  // One instant for every rule, so that giveBackAttempt finds each count in its window.
  const countedAt = Date.now()
  for (const [index, { key, rule }] of checks.entries()) {
    const result = await hitRateLimit(key, rule, countedAt)
    if (result.allowed) continue
    const later = await Promise.all(
      checks.slice(index + 1).map((check) => wouldRefuse(check.key, check.rule)),
    )
    const waits = [result, ...later].filter((each) => !each.allowed)
    return {
      allowed: false,
      retryAfterSeconds: Math.max(...waits.map((each) => each.retryAfterSeconds)),
      countedAt,
    }
  }
  return { allowed: true, retryAfterSeconds: 0, countedAt }
}

/**
 * Takes back the attempt an allowed `hitRateLimits` counted at `countedAt` for each check: an
 * attempt refused afterwards for a fault of its own (an image that cannot be stored, a server
 * failure) did nothing, so the member may try again at once rather than wait out the window,
 * and the day's allowance keeps it. One statement; a count already back at zero stays there.
 */
export async function giveBackAttempt(
  checks: readonly RateLimitCheck[],
  countedAt: number,
): Promise<void> {
  if (checks.length === 0) return
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        gt(rateLimits.count, 0),
        or(
          ...checks.map(({ key, rule }) =>
            and(
              eq(rateLimits.key, key),
              eq(rateLimits.windowStart, currentWindow(rule, countedAt).windowStart),
            ),
          ),
        ),
      ),
    )
}

/**
 * The French sentence shown with a 429: the wait in seconds, minutes or, past two hours (the
 * day's posts), hours, each rounded up (« 3 heures » says at most 59 minutes too much).
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const [count, unit] =
    retryAfterSeconds < 60
      ? [retryAfterSeconds, 'seconde']
      : retryAfterSeconds <= 2 * 3600
        ? [Math.ceil(retryAfterSeconds / 60), 'minute']
        : [Math.ceil(retryAfterSeconds / 3600), 'heure']
  return `Trop de tentatives. Réessayez dans ${count} ${unit}${count > 1 ? 's' : ''}.`
}

/** The Retry-After header of a refusal past a limit; none when there is no wait to tell. */
export function retryAfterHeader(retryAfterSeconds: number | undefined): Record<string, string> {
  return retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {}
}

/**
 * The `headers` of a page whose form a limit can refuse: its parents' headers and its action's
 * Retry-After. React Router sends a page's action headers only through this function (without
 * one, only their cookies), to the document and to a script's data request (`.data`) alike.
 */
export const keepRetryAfter: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders)
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}
