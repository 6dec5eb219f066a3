import { and, eq, sql, type SQL } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import { perDatabase, prepareNamed } from '~/server/db/prepared.server'
import { memberSlugs, posts, profiles } from '~/server/db/schema'
import type { OlderNamesakes, ReadableRoute, ReadableRouteParts } from './post-url'

const parisDate = (createdAt: SQL | typeof posts.createdAt) =>
  sql`to_char(${createdAt} at time zone 'Europe/Paris', 'YYYY-MM-DD')`
const parisTime = (createdAt: SQL | typeof posts.createdAt) =>
  sql`to_char(${createdAt} at time zone 'Europe/Paris', 'HH24"h"MI')`

/**
 * The post's Paris date and time and its numbers among its namesakes (ADR 059), or null when it
 * is the first of them (most posts, whose route is the short form). The numbers are the post's
 * own columns, given when it was published: most cards need no JSON object, and get none.
 */
export const olderNamesakes = sql<OlderNamesakes | null>`case when ${posts.olderNamesakes} > 0 then json_build_object(
  'date', ${parisDate(posts.createdAt)},
  'time', ${parisTime(posts.createdAt)},
  'olderSameDay', ${posts.olderSameDay},
  'olderSameMinute', ${posts.olderSameMinute}
) end`

/** What `postPath` needs, as columns of a Drizzle select over posts (`route: readableRouteParts`). */
export const readableRouteParts = {
  id: posts.id,
  authorSlug: posts.authorSlug,
  titleSlug: posts.titleSlug,
  older: olderNamesakes,
}

/** The same parts as one JSON value, for a statement written in SQL (the search suggestions). */
export const readableRouteJson = sql<ReadableRouteParts>`json_build_object(${sql.join(
  Object.entries(readableRouteParts).map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
  sql`, `,
)})`

/**
 * The route's lookup, prepared once per database for each form of route (ADR 019, ADR 027):
 * with the author and title only, with the date, with the date and time. Each form names the
 * post of that number among the namesakes it matches (ADR 059).
 */
function routeStatement(name: string, form: 'slugs' | 'date' | 'dateAndTime') {
  const number = {
    slugs: posts.olderNamesakes,
    date: posts.olderSameDay,
    dateAndTime: posts.olderSameMinute,
  }[form]
  return perDatabase(() =>
    prepareNamed(
      name,
      db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(
            eq(posts.authorSlug, sql.placeholder('authorSlug')),
            eq(posts.titleSlug, sql.placeholder('titleSlug')),
            form === 'slugs'
              ? undefined
              : sql`${parisDate(posts.createdAt)} = ${sql.placeholder('date')}`,
            form === 'dateAndTime'
              ? sql`${parisTime(posts.createdAt)} = ${sql.placeholder('time')}`
              : undefined,
            eq(number, sql.placeholder('number')),
          ),
        )
        .limit(1),
    ),
  )
}

const routeStatements = {
  slugs: routeStatement('post_route', 'slugs'),
  date: routeStatement('post_route_date', 'date'),
  dateAndTime: routeStatement('post_route_date_time', 'dateAndTime'),
}

/** The id of the post a readable route names (its namesake of that number), if any. */
export async function findPostIdByRoute(route: ReadableRoute): Promise<string | undefined> {
  const statement =
    route.date === undefined
      ? routeStatements.slugs
      : route.time === undefined
        ? routeStatements.date
        : routeStatements.dateAndTime
  const [row] = await statement().execute({
    authorSlug: route.authorSlug,
    titleSlug: route.titleSlug,
    date: route.date,
    time: route.time,
    number: route.position - 1,
  })
  return row?.id
}

/**
 * The author slug a member has now, when `slug` is one they held before (ADR 053): a link made
 * before their rename leads on to the same post. Undefined for a slug nobody holds, or one that
 * is its member's current slug (the route names no post then).
 */
export async function findCurrentAuthorSlug(slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ current: profiles.slug })
    .from(memberSlugs)
    .innerJoin(profiles, eq(profiles.userId, memberSlugs.userId))
    .where(eq(memberSlugs.slug, slug))
  return row && row.current !== slug && row.current !== '' ? row.current : undefined
}
