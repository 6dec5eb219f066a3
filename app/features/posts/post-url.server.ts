import { and, eq, sql, type SQL } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import { perDatabase, prepareNamed } from '~/server/db/prepared.server'
import { posts, profiles } from '~/server/db/schema'
import type { ReadableRoute, ReadableRouteParts } from './post-url'

const parisDate = (createdAt: SQL | typeof posts.createdAt) =>
  sql`to_char(${createdAt} at time zone 'Europe/Paris', 'YYYY-MM-DD')`
const parisTime = (createdAt: SQL | typeof posts.createdAt) =>
  sql`to_char(${createdAt} at time zone 'Europe/Paris', 'HH24"h"MI')`

/**
 * What `postPath` needs, for the current row of a query over posts joined with the author's
 * profile: the slugs, the Paris date and time, and how many older posts share them. The count
 * reads only the posts with the same title slug by authors of that slug: the authors first
 * (profiles_slug_idx, usually one), then their posts of that title (posts_readable_idx, both
 * leading columns). Joined the other way, a common title read every author's posts of it and
 * their profiles (≈ 90 blocks per post at a million posts).
 */
export const readableRouteParts = sql<ReadableRouteParts>`(
  select json_build_object(
    'id', ${posts.id},
    'authorSlug', ${profiles.slug},
    'titleSlug', ${posts.titleSlug},
    'date', ${parisDate(posts.createdAt)},
    'time', ${parisTime(posts.createdAt)},
    'olderSameTitle', count(*),
    'olderSameDay', count(*) filter (where ${parisDate(sql`older.created_at`)} = ${parisDate(posts.createdAt)}),
    'olderSameMinute', count(*) filter (where ${parisDate(sql`older.created_at`)} = ${parisDate(posts.createdAt)} and ${parisTime(sql`older.created_at`)} = ${parisTime(posts.createdAt)})
  )
  from ${posts} older
  where older.title_slug = ${posts.titleSlug}
    and older.author_id = any(array(
      select namesake.id from ${profiles} namesake where namesake.slug = ${profiles.slug}
    ))
    and (older.created_at, older.id) < (${posts.createdAt}, ${posts.id})
)`

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
        .innerJoin(profiles, eq(profiles.id, posts.authorId))
        .where(
          and(
            eq(profiles.slug, sql.placeholder('authorSlug')),
            eq(posts.titleSlug, sql.placeholder('titleSlug')),
            withDate ? sql`${parisDate(posts.createdAt)} = ${sql.placeholder('date')}` : undefined,
            withTime ? sql`${parisTime(posts.createdAt)} = ${sql.placeholder('time')}` : undefined,
          ),
        )
        .orderBy(posts.createdAt, posts.id)
        .offset(sql.placeholder('offset'))
        .limit(1),
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
  const [row] = await statement().execute({
    authorSlug: route.authorSlug,
    titleSlug: route.titleSlug,
    date: route.date,
    time: route.time,
    offset: route.position - 1,
  })
  return row?.id
}
