import { and, eq, lt, sql } from 'drizzle-orm'
import { removeFilesAgain, removeStoredFiles } from './file-removal.server'
import { db } from './db/db.server'
import {
  authRateLimits,
  contactMessages,
  linkPreviews,
  postViews,
  rateLimits,
  sessions,
  uploads,
  usedTotpCodes,
  users,
} from './db/schema'
import { logger } from './logger.server'
import { LINK_PREVIEW_FRESH_MS } from '~/features/link-preview/link-preview.server'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** An account whose address was never confirmed is erased after this long. */
export const UNCONFIRMED_ACCOUNT_DAYS = 30
/** An image sent from the composer that nothing shows is removed after this long. */
export const UNUSED_UPLOAD_DAYS = 7

/** The Paris calendar day of `time`, as YYYY-MM-DD (the day a view is counted on). */
function parisDay(time: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(time)
}

/**
 * What the privacy policy promises to erase (/privacy, « Conservation »): the addresses kept by
 * the limiters after 24 hours (the app's windows, and Better Auth's own counters for the
 * routes it serves), the contact form's messages after three years, expired sessions with the
 * address and browser they recorded (« Les sessions de connexion expirent après 30 jours »;
 * Better Auth deletes one only when its cookie comes back), the views of past days (« effacées
 * après deux jours »), an account never confirmed after 30 days, the two-factor codes once
 * they can no longer be replayed, the composer's uploads nothing shows after a week, the link
 * previews of links no post shows after a week, and the files whose removal failed before
 * (file-removal.server.ts).
 */
export async function sweepExpiredRecords(now = Date.now()): Promise<void> {
  // First: a step below that fails does not keep them from going.
  await removeFilesAgain()
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)))
  // A view counts once per viewer, post and Paris day: only today's rows (and yesterday's, for
  // a clock a little apart) still keep a view from counting twice; the counters keep the rest.
  await db.delete(postViews).where(lt(postViews.day, parisDay(now - DAY)))
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - DAY)))
  await db.delete(authRateLimits).where(lt(authRateLimits.lastRequest, now - DAY))
  const threeYearsAgo = new Date(now)
  threeYearsAgo.setUTCFullYear(threeYearsAgo.getUTCFullYear() - 3)
  await db.delete(contactMessages).where(lt(contactMessages.createdAt, threeYearsAgo))
  // Its confirmation link lasted a day: the address was someone else's, or given up. The
  // cascades take the profile and what else the sign-up made.
  await db
    .delete(users)
    .where(
      and(
        eq(users.emailVerified, false),
        lt(users.createdAt, new Date(now - UNCONFIRMED_ACCOUNT_DAYS * DAY)),
      ),
    )
  // A code is refused again for two minutes (totp-replay.server.ts); after that its row is only
  // the record of a sign-in.
  await db.delete(usedTotpCodes).where(lt(usedTotpCodes.usedAt, new Date(now - 10 * MINUTE)))
  // A link typed in the composer is fetched for its preview, published or not: past the week a
  // preview is used for, only the links of posts are kept (an address may hold a private token).
  await db
    .delete(linkPreviews)
    .where(
      and(
        lt(linkPreviews.fetchedAt, new Date(now - LINK_PREVIEW_FRESH_MS.ok)),
        sql`not exists (select 1 from posts where posts.external_url = ${linkPreviews.url})`,
      ),
    )
  await removeUnusedUploads(now)
}

/**
 * The composer's uploads that no post, avatar or banner shows a week on (an image replaced, a
 * draft given up, a post deleted): their rows, then their files.
 */
async function removeUnusedUploads(now: number): Promise<void> {
  const unused = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, new Date(now - UNUSED_UPLOAD_DAYS * DAY)),
        sql`not exists (select 1 from posts where posts.image_url = ${uploads.url})`,
        sql`not exists (select 1 from profiles
          where profiles.avatar = ${uploads.url} or profiles.banner_image = ${uploads.url})`,
      ),
    )
    .returning({ key: uploads.key })
  await removeStoredFiles(
    unused.map(({ key }) => key),
    'unused upload',
  )
}

let sweepTimers: ReturnType<typeof setTimeout>[] = []

/**
 * Sweeps every hour in this process, the first a minute after it starts, whatever the traffic
 * (server.ts's workers, through startApp). The timers keep no process alive.
 */
export function startSweeping(): void {
  if (sweepTimers.length > 0) return
  const sweep = () => {
    sweepExpiredRecords().catch((error: unknown) => {
      logger.error({ err: error }, 'expired records not swept')
    })
  }
  sweepTimers = [setTimeout(sweep, MINUTE).unref(), setInterval(sweep, HOUR).unref()]
}

/** Stops the sweeps (stopApp, before the database closes). */
export function stopSweeping(): void {
  for (const timer of sweepTimers) clearTimeout(timer)
  sweepTimers = []
}
