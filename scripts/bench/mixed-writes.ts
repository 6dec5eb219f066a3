// The posts and comments the mixed workload of `npm run bench` writes, and their removal before
// any benchmark reads the database (docs/performance.md, « The load »).
import { sql } from 'drizzle-orm'
import type { db as appDb } from '../../app/server/db/db.server'

/** The mixed workload's posts are titled « <this> (<invocation>-<n>) ». */
export const MIXED_POST_TITLE = 'Vos conseils pour financer un premier local commercial ?'
/** …and its comments read « <this> (n° <n>). ». */
export const MIXED_COMMENT = 'Merci pour ce retour, très utile'

/**
 * Takes out what earlier mixed workloads wrote, so that every run reads the generated data:
 * their posts, all alike and short, headed the feed and made its page cheaper than the
 * generated ones; their comments lengthened a few threads (the posts' counts are lowered with
 * them). The votes and saves they toggled stay: a count moved by one, the same pages.
 */
export async function removeMixedWrites(db: typeof appDb): Promise<void> {
  const count = async (query: ReturnType<typeof sql>) =>
    (await db.execute<{ count: number }>(query)).rows[0]?.count ?? 0
  const posts = await count(sql`
    with gone as (delete from posts where title like ${`${MIXED_POST_TITLE} (%)`} returning 1)
    select count(*)::int as count from gone`)
  const comments = await count(sql`
    with gone as (
      delete from comments where content like ${`${MIXED_COMMENT} (n° %).`} returning post_id),
    per_post as (select post_id, count(*)::int as n from gone group by post_id),
    counted as (
      update posts set comments_count = posts.comments_count - per_post.n
      from per_post where posts.id = per_post.post_id)
    select count(*)::int as count from gone`)
  if (posts + comments > 0) {
    console.log(
      `Écritures des passages précédents retirées : ${posts} publications, ${comments} commentaires`,
    )
  }
}
