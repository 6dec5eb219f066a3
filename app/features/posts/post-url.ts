/**
 * Readable post URLs (spec §2): /post/{author}/{title}[/{date}[/{time}[/{number}]]], where the
 * date is YYYY-MM-DD and the time 14h30, both in Paris time, and the number is the post's
 * position among otherwise identical posts. Each post is numbered among its namesakes when it
 * is published (ADR 059) and a route names the post of its number: a link never changes
 * meaning when a newer identical post appears (ADR 008), nor when another one is deleted.
 */

/** What the database tells about a post to build its shortest route. */
export interface ReadableRouteParts {
  id: string
  authorSlug: string
  titleSlug: string
  /** Null for the first post with its author and title slugs (most posts). */
  older: OlderNamesakes | null
}

/**
 * A post's Paris date and time, and its numbers among the posts that share its route's slugs,
 * given when it was published: 0 for the first of its Paris day, of its minute (ADR 059; a
 * deleted namesake keeps its number, so that no link moves).
 */
export interface OlderNamesakes {
  /** Paris date, YYYY-MM-DD. */
  date: string
  /** Paris time, like 14h30. */
  time: string
  /** Its number among the namesakes of that day, and of that minute. */
  olderSameDay: number
  olderSameMinute: number
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
export const TIME_PATTERN = /^(?:[01]\d|2[0-3])h[0-5]\d$/
export const NUMBER_PATTERN = /^[1-9]\d{0,5}$/

/** The shortest readable route naming this post, or /post/{id} when a slug is empty. */
export function postPath(parts: ReadableRouteParts): string {
  if (!parts.authorSlug || !parts.titleSlug) return `/post/${parts.id}`
  const base = `/post/${parts.authorSlug}/${parts.titleSlug}`
  const { older } = parts
  if (!older) return base
  if (older.olderSameDay === 0) return `${base}/${older.date}`
  if (older.olderSameMinute === 0) return `${base}/${older.date}/${older.time}`
  return `${base}/${older.date}/${older.time}/${older.olderSameMinute + 1}`
}

/** A readable route's parts: the slugs, then optionally the day, then optionally its time. */
export type ReadableRoute = {
  authorSlug: string
  titleSlug: string
  /** The post's number, plus one, among the namesakes of the rest of the route (ADR 059). */
  position: number
} & ({ date?: undefined; time?: undefined } | { date: string; time?: string })

/** The route's parts when every segment has its expected form, else undefined. */
export function parseReadableRoute(params: {
  author?: string
  title?: string
  date?: string
  time?: string
  number?: string
}): ReadableRoute | undefined {
  const { author = '', title = '', date, time, number } = params
  if (!SLUG_PATTERN.test(author) || !SLUG_PATTERN.test(title)) return undefined
  if (date !== undefined && !DATE_PATTERN.test(date)) return undefined
  if (time !== undefined && (date === undefined || !TIME_PATTERN.test(time))) return undefined
  if (number !== undefined && !NUMBER_PATTERN.test(number)) return undefined
  const route = {
    authorSlug: author,
    titleSlug: title,
    position: number === undefined ? 1 : Number(number),
  }
  if (date === undefined) return route
  return time === undefined ? { ...route, date } : { ...route, date, time }
}
