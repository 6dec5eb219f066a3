import { sql } from 'drizzle-orm'
import { formatFeedCursor, parseFeedCursor, type FeedCursor } from '~/features/feed/feed.server'
import { postPath, type ReadableRouteParts } from '~/features/posts/post-url'
import { readableRouteJson } from '~/features/posts/post-url.server'
import { db } from '~/server/db/db.server'
import { comments, postVotes, posts, profiles } from '~/server/db/schema'
import { truncateText } from '~/utils/truncate'

export const NOTIFICATIONS_PAGE_SIZE = 20
/** The start of a comment shown under its notification. */
export const NOTIFICATION_EXCERPT_LENGTH = 140

/** What other members did on one of the member's posts: a comment, or a « J'aime ». */
export interface MemberNotification {
  kind: 'comment' | 'like'
  /** The comment's or the vote's id. */
  id: string
  createdAt: Date
  /**
   * Who commented; null for a « J'aime », which stays anonymous as the counts always were: no
   * screen has ever shown who voted (ADR 050).
   */
  actor: { userId: string; name: string; avatar: string | null } | null
  post: { title: string; url: string }
  /** The comment's first words; null for a « J'aime ». */
  excerpt: string | null
}

export interface NotificationsPage {
  notifications: MemberNotification[]
  /** The next page's cursor in its URL form, or null on the last page. */
  nextCursor: string | null
  /** Whether this is a later page (a cursor that is none reads as the first page). */
  paged: boolean
}

interface NotificationRow extends Record<string, unknown> {
  kind: 'comment' | 'like'
  id: string
  created_at: string | Date
  cursor_created_at: string
  excerpt: string | null
  actor_user_id: string | null
  actor_first_name: string | null
  actor_last_name: string | null
  actor_avatar: string | null
  post_title: string
  route: ReadableRouteParts | string
}

/**
 * The member's notifications, newest first, a page at a time (keyset on the time and id), in one
 * statement: the comments others wrote under their posts and the « J'aime » others gave them
 * (without their names).
 * Each kind is read from its own index on the post's author (ADR 050), at most a page and one
 * row each, then the two are merged. A « Je n'aime pas » is not announced.
 */
export async function listNotifications(input: {
  userId: string
  cursor?: string | null
}): Promise<NotificationsPage> {
  const cursor: FeedCursor | null = parseFeedCursor(input.cursor ?? null)
  const limit = sql.raw(String(NOTIFICATIONS_PAGE_SIZE + 1))
  const before = (createdAt: string, id: string) =>
    cursor
      ? sql`and (${sql.raw(createdAt)}, ${sql.raw(id)}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : sql``
  const profileId = sql`(select ${profiles.id} from ${profiles} where ${profiles.userId} = ${input.userId})`
  const { rows } = await db.execute<NotificationRow>(sql`
    select n.kind, n.id, n.created_at, n.created_at::text as cursor_created_at, n.excerpt,
      commenter.user_id as actor_user_id, commenter.first_name as actor_first_name,
      commenter.last_name as actor_last_name, commenter.avatar as actor_avatar,
      ${posts.title} as post_title, ${readableRouteJson} as route
    from (
      -- Each kind alone under its limit, so that it is read from its index in order (NULLS LAST
      -- as the indexes say, or PostgreSQL sorts every row); the commenters are joined to the
      -- page's rows only.
      (select 'comment' as kind, c.id, c.created_at, c.post_id, c.author_id as commenter_id,
         -- The whole comment (2,000 characters at most): cut here, before its spaces are
         -- folded and its letters counted as people see them, a cut one could read as whole.
         c.content as excerpt
       from ${comments} as c
       where c.post_author_id = ${profileId} and c.author_id <> c.post_author_id
         ${before('c.created_at', 'c.id')}
       order by c.created_at desc nulls last, c.id desc nulls last
       limit ${limit})
      union all
      (select 'like', v.id, v.created_at, v.post_id, null, null
       from ${postVotes} as v
       where v.post_author_id = ${profileId} and v.vote_type = 'up'
         and v.user_id <> ${input.userId}
         ${before('v.created_at', 'v.id')}
       order by v.created_at desc nulls last, v.id desc nulls last
       limit ${limit})
    ) as n
    left join ${profiles} as commenter on commenter.id = n.commenter_id
    join ${posts} on ${posts.id} = n.post_id
    order by n.created_at desc, n.id desc
    limit ${limit}`)

  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE)
  const last = page.at(-1)
  return {
    notifications: page.map(toNotification),
    nextCursor:
      rows.length > NOTIFICATIONS_PAGE_SIZE && last
        ? formatFeedCursor({ createdAt: last.cursor_created_at, id: last.id })
        : null,
    paged: cursor !== null,
  }
}

function toNotification(row: NotificationRow): MemberNotification {
  const route =
    typeof row.route === 'string' ? (JSON.parse(row.route) as ReadableRouteParts) : row.route
  const name = `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim() || 'Utilisateur'
  return {
    kind: row.kind,
    id: row.id,
    createdAt: new Date(row.created_at),
    actor:
      row.kind === 'comment' && row.actor_user_id !== null
        ? { userId: row.actor_user_id, name, avatar: row.actor_avatar }
        : null,
    post: { title: row.post_title, url: postPath(route) },
    excerpt:
      row.excerpt === null
        ? null
        : truncateText(row.excerpt.replace(/\s+/g, ' ').trim(), NOTIFICATION_EXCERPT_LENGTH).text,
  }
}
