import { lt } from 'drizzle-orm'
import { db } from './db/db.server'
import { authRateLimits, contactMessages, postViews, rateLimits, sessions } from './db/schema'

const DAY = 24 * 60 * 60 * 1000

/**
 * What the privacy policy promises to erase (/privacy, « Conservation »): the addresses kept by
 * the limiters after 24 hours (the app's windows, and Better Auth's own counters for the
 * routes it serves), the contact form's messages after three years, expired sessions with the
 * address and browser they recorded (« Les sessions de connexion expirent après 30 jours »;
 * Better Auth deletes one only when its cookie comes back), and the views of past days (« effacées
 * après deux jours »).
 */
export async function sweepExpiredRecords(now = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)))
  // A view counts once per viewer, post and Paris day: only today's rows (yesterday's, across
  // the time zones) still keep a view from counting twice; the counters keep the rest.
  await db
    .delete(postViews)
    .where(lt(postViews.day, new Date(now - 2 * DAY).toISOString().slice(0, 10)))
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - DAY)))
  await db.delete(authRateLimits).where(lt(authRateLimits.lastRequest, now - DAY))
  const threeYearsAgo = new Date(now)
  threeYearsAgo.setUTCFullYear(threeYearsAgo.getUTCFullYear() - 3)
  await db.delete(contactMessages).where(lt(contactMessages.createdAt, threeYearsAgo))
}
