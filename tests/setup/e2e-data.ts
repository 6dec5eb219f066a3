/**
 * What the end-to-end server's database holds beyond the demo content, written before the
 * server starts (playwright.config.ts): the server's PGlite lives in its process, and what a
 * journey needs cannot always be made through the screens in time. Here: a post with more
 * comments than its panel lists (ADR 047); a member may comment once per 5 s, so 101 comments
 * through the form would take over eight minutes.
 *
 * Run with the server's environment (DATA_DIR). Writes what the journeys read to
 * E2E_FIXTURES_FILE.
 */
import fs from 'node:fs'
import path from 'node:path'
import { asc, ne } from 'drizzle-orm'
import { closeDatabase, db, startDatabase } from '../../app/server/db/db.server'
import { posts, profiles } from '../../app/server/db/schema'
import { createComments } from '../../app/server/db/seed/factories.server'
import { E2E_FIXTURES_FILE, OLDER_COMMENTS_TEXT, type E2eFixtures } from './e2e-fixtures'

/** Comments added: more than a page of 100, whatever the demo gave the post. */
const ADDED_COMMENTS = 105

await startDatabase()
try {
  // The oldest post: the last of the feed, out of the way of the journeys that use its top.
  const [post] = await db
    .select({ id: posts.id, authorId: posts.authorId, createdAt: posts.createdAt })
    .from(posts)
    .orderBy(asc(posts.createdAt))
    .limit(1)
  if (!post) throw new Error('Aucun post : le contenu de démonstration manque.')
  const commenters = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(ne(profiles.id, post.authorId))
    .orderBy(asc(profiles.id))
  // A second apart from the post's publication on: older than the demo's own comments.
  const comments = Array.from({ length: ADDED_COMMENTS }, (_, index) => ({
    postId: post.id,
    authorId: commenters[index % commenters.length]!.id,
    content: OLDER_COMMENTS_TEXT(index + 1),
    createdAt: new Date(post.createdAt.getTime() + (index + 1) * 1_000),
  }))
  await createComments(db, comments)
  const fixtures: E2eFixtures = { olderCommentsPostPath: `/post/${post.id}` }
  fs.mkdirSync(path.dirname(E2E_FIXTURES_FILE), { recursive: true })
  fs.writeFileSync(E2E_FIXTURES_FILE, JSON.stringify(fixtures))
} finally {
  await closeDatabase()
}
