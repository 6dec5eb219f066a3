// The plans of the hot queries, as the services send them, on generated data: each one walks
// the index it was built for, and a page reads at most twice its LIMIT from its driving index
// (a search, at most its recent window). Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL. With a few thousand rows the planner may prefer a sequential scan: it is turned
// off here, so that a missing index shows as a "Seq Scan" on a large table.
// The statements the app prepares are also explained with the generic plan PostgreSQL may keep
// for them after five executions. `npm run bench:plans` explains the same queries at scale,
// with the planner's own choices.
import { describe, expect, it } from 'vitest'
import { getDatabase } from '../../app/server/db/db.server'
import { generateBenchData } from '../../scripts/bench/generate-data'
import {
  explain,
  hotQueries,
  largeSeqScans,
  readHotQueryData,
  rowsReadThrough,
  usedIndexes,
  withSession,
  type HotQuery,
} from '../../scripts/bench/hot-queries'

const POSTS = 3000

async function generate() {
  return withSession(async (session) => {
    await generateBenchData(session, { posts: POSTS, driver: getDatabase().driver })
    return readHotQueryData(session)
  })
}

async function expectIndexed(query: HotQuery) {
  const statements = await explain(query.run, { withoutSeqScan: true })
  expect(statements.length, `${query.name} sends a statement`).toBeGreaterThan(0)
  expect(largeSeqScans(statements), `${query.name}: sequential scans`).toEqual([])
  const indexes = usedIndexes(statements)
  expect(indexes, `${query.name} walks ${query.index}`).toContain(query.index)
  for (const other of query.alsoUses ?? []) {
    expect(indexes, `${query.name} uses ${other}`).toContain(other)
  }
  for (const rows of rowsReadThrough(statements, query.index)) {
    expect(rows, `${query.name}: rows read through ${query.index}`).toBeLessThanOrEqual(
      query.maxRows,
    )
  }
}

describe('query plans on generated data', () => {
  it('reads every hot query from its index, a page at most twice its limit', async () => {
    const queries = hotQueries(await generate())
    expect(queries.length).toBeGreaterThanOrEqual(11)
    for (const query of queries) await expectIndexed(query)
  })

  // The generic plan, made without the values: a page of the most prolific member's posts
  // (a tenth of the posts here) must not read them all. Sequential scans stay on, as on a
  // server: turned off, they would hide a hash join that reads every row before sorting them.
  it('keeps to the index and to twice the limit with the plan PostgreSQL reuses', async () => {
    const prepared = hotQueries(await generate()).filter((query) => query.prepared)
    expect(prepared.map((query) => query.name)).toContain(
      'profile publications (most prolific member)',
    )
    for (const query of prepared) {
      const statements = await explain(query.run, { reusedPlan: true })
      const indexes = usedIndexes(statements)
      expect(indexes, `${query.name} walks ${query.index}`).toContain(query.index)
      for (const other of query.alsoUses ?? []) {
        expect(indexes, `${query.name} uses ${other}`).toContain(other)
      }
      for (const rows of rowsReadThrough(statements, query.index)) {
        expect(rows, `${query.name}: rows read through ${query.index}`).toBeLessThanOrEqual(
          query.maxRows,
        )
      }
    }
  })

  it('reads the viewer state of a feed page by key, one card at a time', async () => {
    const data = await generate()
    const feed = hotQueries(data).find((query) => query.name === 'feed')!
    const indexes = usedIndexes(await explain(feed.run, { withoutSeqScan: true }))
    expect(indexes).toContain('post_votes_post_user_key')
    // Links are built from the posts' own columns (ADR 059): no namesake is read per card.
    expect(indexes).not.toContain('posts_route_idx')
    // The saved state: by (post, member), or from the viewer's few saves; both are indexes.
    expect(indexes.filter((index) => index.startsWith('saved_posts_'))).not.toEqual([])
  })
})
