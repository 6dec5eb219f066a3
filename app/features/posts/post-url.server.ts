import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { db } from '~/server/db/db.server'
import { perDatabase, prepareNamed } from '~/server/db/prepared.server'
import { memberSlugs, posts, profiles } from '~/server/db/schema'
import type { OlderNamesakes, ReadableRoute, ReadableRouteParts } from './post-url'

const parisDate = (createdAt: SQL | typeof posts.createdAt) =>
  sql`to_char(${createdAt} at time zone 'Europe/Paris', 'YYYY-MM-DD')`
const parisTime = (createdAt: SQL | typeof posts.createdAt) =>
  sql`to_char(${createdAt} at time zone 'Europe/Paris', 'HH24"h"MI')`

/**
 * A column of the query's own posts row, named with its table even where Drizzle would leave it
 * bare (a query over posts alone): bare, it would name the sub-query's `older` row.
 */
const outer = (column: AnyPgColumn) => sql`${posts}.${sql.identifier(column.name)}`

/**
 * How many older posts share the current row's author and title slugs, with its Paris date and
 * time, or null when none does (most posts, whose route is the short form). Each post carries
 * its author's slug (ADR 038), so the count is one range of posts_route_idx. Counted through
 * the namesakes' ids instead, the index was read for every post of that title whoever wrote it
 * (18 per post on the feed's first page at a million posts, two thirds of the feed statement's
 * time). Most cards need no JSON object then, and get none.
 */
export const olderNamesakes = sql<OlderNamesakes | null>`(
  select case when count(*) > 0 then json_build_object(
    'date', ${parisDate(outer(posts.createdAt))},
    'time', ${parisTime(outer(posts.createdAt))},
    'olderSameDay', count(*) filter (where ${parisDate(sql`older.created_at`)} = ${parisDate(outer(posts.createdAt))}),
    'olderSameMinute', count(*) filter (where ${parisDate(sql`older.created_at`)} = ${parisDate(outer(posts.createdAt))} and ${parisTime(sql`older.created_at`)} = ${parisTime(outer(posts.createdAt))})
  ) end
  from ${posts} older
  where older.title_slug = ${outer(posts.titleSlug)}
    and older.author_slug = ${outer(posts.authorSlug)}
    and (older.created_at, older.id) < (${outer(posts.createdAt)}, ${outer(posts.id)})
)`

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
 * with the author and title only, with the date, with the date and time.
 */
function routeStatement(name: string, withDate: boolean, withTime: boolean) {
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
            withDate ? sql`${parisDate(posts.createdAt)} = ${sql.placeholder('date')}` : undefined,
            withTime ? sql`${parisTime(posts.createdAt)} = ${sql.placeholder('time')}` : undefined,
          ),
        )
        .orderBy(posts.createdAt, posts.id)
        // The first `position` matches, the last of them kept: an offset's unknown cost made
        // PostgreSQL plan the statement anew on each call rather than reuse a generic plan.
        .limit(sql.placeholder('position')),
    ),
  )
}

const routeStatements = {
  slugs: routeStatement('post_route', false, false),
  date: routeStatement('post_route_date', true, false),
  dateAndTime: routeStatement('post_route_date_time', true, true),
}

/** The id of the post a readable route names (the oldest match at its position), if any. */
export async function findPostIdByRoute(route: ReadableRoute): Promise<string | undefined> {
  const statement =
    route.date === undefined
      ? routeStatements.slugs
      : route.time === undefined
        ? routeStatements.date
        : routeStatements.dateAndTime
  const rows = await statement().execute({
    authorSlug: route.authorSlug,
    titleSlug: route.titleSlug,
    date: route.date,
    time: route.time,
    position: route.position,
  })
  return rows.length === route.position ? rows.at(-1)?.id : undefined
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
