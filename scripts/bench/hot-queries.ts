// The hot queries of the app, run through their services and explained as sent: shared by the
// query-plan test (small data, sequential scans off) and `npm run bench:plans` (at scale).
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { listComments } from '../../app/features/comments/comments.server'
import { listFeed, listFeedWithSession } from '../../app/features/feed/feed.server'
import { listSitemapEntries } from '../../app/features/marketing/sitemap.server'
import { listNotifications } from '../../app/features/notifications/notifications.server'
import { findPostIdByRoute } from '../../app/features/posts/post-url.server'
import { getPostOrThrow } from '../../app/features/posts/posts.server'
import { listProfilePosts, listSavedPosts } from '../../app/features/profiles/profiles.server'
import { LONGEST_WALK, RECENT_POSTS_WINDOW } from '../../app/features/search/search-query.server'
import { searchSuggestions } from '../../app/features/search/suggestions.server'
import { getDatabase } from '../../app/server/db/db.server'
import { sqlLiterals } from '../../app/server/db/pglite.server'
import type { SqlRunner } from './generate-data'

/** A feed page asks for one row more than it shows, to know whether another page follows. */
export const PAGE_LIMIT = 21

/** Tables that grow with the data: never to be read whole. */
export const LARGE_TABLES = new Set([
  'posts',
  'profiles',
  'users',
  'post_votes',
  'saved_posts',
  'comments',
  'post_categories',
  'post_sectors',
])

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  Alias?: string
  'Index Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  'Shared Hit Blocks'?: number
  'Shared Read Blocks'?: number
  Plans?: PlanNode[]
}

export interface Scan {
  type: string
  relation: string | undefined
  index: string | undefined
  /** Rows the node read over all its loops: returned plus filtered out. */
  rowsRead: number
}

export interface ExplainedStatement {
  scans: Scan[]
  planningMs: number
  executionMs: number
  /** Buffers found in shared memory, and read from the operating system. */
  sharedHit: number
  sharedRead: number
}

export interface Session extends SqlRunner {
  queryWith(text: string, params: unknown[]): Promise<{ rows: unknown[] }>
}

type Client = { query: (...args: unknown[]) => Promise<{ rows: unknown[] }> }

function rawClient(): Client {
  return (getDatabase().db as unknown as { $client: Client }).$client
}

/** One connection for the whole run (a pool would spread SET and BEGIN over several). */
export async function withSession<T>(run: (session: Session) => Promise<T>): Promise<T> {
  const handle = getDatabase()
  if (handle.driver === 'pglite') {
    const client = rawClient() as unknown as PGlite
    return run({
      exec: (text) => client.exec(text),
      query: <Row>(text: string) => client.query<Row>(text),
      queryWith: (text, params) => client.query(text, params),
    })
  }
  const pool = rawClient() as unknown as pg.Pool
  const client = await pool.connect()
  try {
    return await run({
      exec: (text) => client.query(text),
      query: async <Row>(text: string) => ({ rows: (await client.query(text)).rows as Row[] }),
      queryWith: (text, params) => client.query(text, params),
    })
  } finally {
    client.release()
  }
}

/** The statements a service call sends, captured at the driver. */
export async function capture(
  run: () => Promise<unknown>,
): Promise<{ text: string; params: unknown[] }[]> {
  const client = rawClient()
  const original = client.query
  const captured: { text: string; params: unknown[] }[] = []
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args
    const params = (second as unknown[] | undefined) ?? []
    if (typeof first === 'string') captured.push({ text: first, params })
    else if (first && typeof first === 'object' && 'text' in first) {
      captured.push({ text: String(first.text), params })
    }
    return original.apply(this, args)
  } as Client['query']
  try {
    await run()
  } finally {
    client.query = original
  }
  return captured
}

function scansOf(node: PlanNode, scans: Scan[] = []): Scan[] {
  if (node['Node Type'].includes('Scan')) {
    scans.push({
      type: node['Node Type'],
      relation: node['Relation Name'],
      index: node['Index Name'],
      rowsRead:
        (node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops'],
    })
  }
  for (const child of node.Plans ?? []) scansOf(child, scans)
  return scans
}

/** The name under which a statement is prepared to explain its generic plan. */
const EXPLAINED_STATEMENT = 'tremplin_explained'

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement `run` sends. `withoutSeqScan` turns sequential
 * scans off first: on a small data set the planner would rightly prefer them. `reusedPlan`
 * explains the generic plan, the one PostgreSQL may keep for a prepared statement, made
 * without knowing the values (a member's number of posts, say); otherwise each statement is
 * planned with its values, as a statement sent once is.
 */
export async function explain(
  run: () => Promise<unknown>,
  { withoutSeqScan = false, reusedPlan = false } = {},
): Promise<ExplainedStatement[]> {
  const statements = await capture(run)
  return withSession(async (session) => {
    if (withoutSeqScan) await session.exec('set enable_seqscan = off')
    if (reusedPlan) await session.exec('set plan_cache_mode = force_generic_plan')
    try {
      const explained: ExplainedStatement[] = []
      for (const statement of statements) {
        const { rows } = reusedPlan
          ? await explainReusedPlan(session, statement)
          : await session.queryWith(
              `explain (analyze, buffers, format json) ${statement.text}`,
              statement.params,
            )
        const raw = (rows[0] as Record<string, unknown>)['QUERY PLAN']
        const [document] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
          { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number },
        ]
        explained.push({
          scans: scansOf(document.Plan),
          planningMs: document['Planning Time'],
          executionMs: document['Execution Time'],
          sharedHit: document.Plan['Shared Hit Blocks'] ?? 0,
          sharedRead: document.Plan['Shared Read Blocks'] ?? 0,
        })
      }
      return explained
    } finally {
      if (withoutSeqScan) await session.exec('reset enable_seqscan')
      if (reusedPlan) await session.exec('reset plan_cache_mode')
    }
  })
}

/** EXPLAIN of a statement's generic plan: prepared, then executed with its values as literals. */
async function explainReusedPlan(
  session: Session,
  statement: { text: string; params: unknown[] },
): Promise<{ rows: unknown[] }> {
  // EXECUTE takes no bind parameters inside EXPLAIN: the values go in as literals.
  const values = sqlLiterals(statement.params)
  if (values === null) throw new Error(`Valeurs sans littéral SQL pour : ${statement.text}`)
  await session.exec(`prepare ${EXPLAINED_STATEMENT} as ${statement.text}`)
  try {
    return await session.queryWith(
      `explain (analyze, buffers, format json) execute ${EXPLAINED_STATEMENT}${values}`,
      [],
    )
  } finally {
    await session.exec(`deallocate ${EXPLAINED_STATEMENT}`)
  }
}

export interface HotQueryData {
  /** A member with saved posts, who views the pages. */
  viewer: string
  /** The post 90 % down the feed: a deep cursor. */
  deep: { createdAt: string; id: string }
  /** A post with comments. */
  commented: string
  /** The readable route of the oldest post. */
  route: { authorSlug: string; titleSlug: string }
  /** The most prolific author (generated data: bench-1). */
  author: string
  /** A session token of the viewer's, or one of no session (the lookup is the same). */
  token: string
}

/** Reads, from generated data, the ids and positions the hot queries need. */
export async function readHotQueryData(session: SqlRunner): Promise<HotQueryData> {
  const { rows } = await session.query<{
    viewer: string
    deep_created_at: string
    deep_id: string
    commented: string
    route: { authorSlug: string; titleSlug: string } | string
    token: string
  }>(`
    with deep as (
      select created_at::text as created_at, id from posts
      order by created_at desc nulls last, id desc nulls last
      offset (select (count(*) * 0.9)::int from posts) limit 1
    )
    select
      (select user_id from saved_posts where user_id like 'bench-%' order by user_id limit 1) as viewer,
      (select created_at from deep) as deep_created_at,
      (select id from deep) as deep_id,
      (select id from posts where comments_count > 2 order by created_at desc nulls last limit 1) as commented,
      (select json_build_object('authorSlug', p.author_slug, 'titleSlug', p.title_slug)
        from posts p order by p.created_at, p.id limit 1) as route,
      coalesce((select token from sessions where user_id = (
        select user_id from saved_posts where user_id like 'bench-%' order by user_id limit 1
      ) limit 1), 'aucune-session') as token`)
  const row = rows[0]!
  return {
    viewer: row.viewer,
    deep: { createdAt: row.deep_created_at, id: row.deep_id },
    commented: row.commented,
    route: typeof row.route === 'string' ? JSON.parse(row.route) : row.route,
    author: 'bench-1',
    token: row.token,
  }
}

export interface HotQuery {
  name: string
  run: () => Promise<unknown>
  /** The index the query is built to walk. */
  index: string
  /** The most rows that index may yield for one page. */
  maxRows: number
  /** Other indexes it must use. */
  alsoUses?: string[]
  /**
   * Sent as named prepared statements (ADR 019): after five executions PostgreSQL may keep a
   * generic plan, made without the values, which must walk the same index.
   */
  prepared?: boolean
}

export function hotQueries(data: HotQueryData): HotQuery[] {
  const viewerId = data.viewer
  const pageBound = 2 * PAGE_LIMIT
  return [
    {
      name: 'feed',
      prepared: true,
      run: () => listFeed({ viewerId }),
      index: 'posts_feed_idx',
      maxRows: pageBound,
    },
    {
      // A signed-in page's one statement: the page with the member's session read (ADR 030).
      name: 'feed with the session',
      prepared: true,
      run: async () => listFeedWithSession({ token: data.token }),
      index: 'posts_feed_idx',
      maxRows: pageBound,
      alsoUses: ['sessions_token_unique'],
    },
    ...['feedback', 'autres'].map((category) => ({
      name: `feed by category (${category})`,
      prepared: true,
      run: () => listFeed({ viewerId, filters: { category } }),
      index: 'post_categories_feed_idx',
      maxRows: pageBound,
    })),
    ...['administration', 'transport'].map((sector) => ({
      name: `feed by sector (${sector})`,
      prepared: true,
      run: () => listFeed({ viewerId, filters: { sector } }),
      index: 'post_sectors_feed_idx',
      maxRows: pageBound,
    })),
    {
      name: 'deep page (cursor at 90 %)',
      prepared: true,
      run: () => listFeed({ viewerId, cursor: data.deep }),
      index: 'posts_feed_idx',
      maxRows: pageBound,
    },
    // A search reads at most the recent window of the feed index, then a longer walk or the GIN
    // index's matches of a word too rare to fill a page there.
    ...['trésorerie', 'levée de fonds'].map((q) => ({
      name: `search (${q})`,
      run: () => listFeed({ viewerId, filters: { q } }),
      index: 'posts_feed_idx',
      maxRows: RECENT_POSTS_WINDOW,
    })),
    // A few matches among the newest posts: a longer walk down the same index (ADR 039).
    {
      name: 'search (franchise Lyon, beyond the recent window)',
      run: () => listFeed({ viewerId, filters: { q: 'franchise Lyon' } }),
      index: 'posts_feed_idx',
      maxRows: LONGEST_WALK,
    },
    {
      name: 'search (kombucha, rare)',
      run: () => listFeed({ viewerId, filters: { q: 'kombucha' } }),
      index: 'posts_feed_idx',
      maxRows: RECENT_POSTS_WINDOW,
      alsoUses: ['posts_search_idx'],
    },
    {
      // Its second statement is prepared for each number of words (ADR 042).
      name: 'suggestions (tréso)',
      prepared: true,
      run: () => searchSuggestions({ term: 'tréso' }),
      index: 'posts_feed_idx',
      maxRows: RECENT_POSTS_WINDOW,
      alsoUses: ['profiles_full_name_trgm_idx'],
    },
    {
      name: 'post by id',
      prepared: true,
      run: () => getPostOrThrow({ postId: data.commented, viewerId }),
      index: 'posts_pkey',
      maxRows: 2,
    },
    {
      name: 'readable route resolution',
      prepared: true,
      run: () => findPostIdByRoute({ ...data.route, position: 1 }),
      // The posts sharing the title slug and the author slug, the one numbered 0 (ADR 059).
      index: 'posts_route_idx',
      maxRows: pageBound,
    },
    {
      name: 'profile publications (most prolific member)',
      prepared: true,
      run: () => listProfilePosts({ userId: data.author, viewerId, cursor: null }),
      index: 'posts_author_feed_idx',
      maxRows: pageBound,
    },
    {
      name: 'saved posts',
      prepared: true,
      run: () => listSavedPosts({ userId: viewerId, cursor: null }),
      index: 'saved_posts_user_idx',
      maxRows: pageBound,
    },
    {
      name: 'comments',
      prepared: true,
      run: () => listComments({ postId: data.commented }),
      index: 'comments_post_idx',
      maxRows: 2 * 100,
    },
    {
      // From a cursor after every comment: the statement of `?avant=` (ADR 047).
      name: 'older comments',
      prepared: true,
      run: () =>
        listComments({
          postId: data.commented,
          before: {
            createdAt: '9999-12-31 00:00:00+00',
            id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
          },
        }),
      index: 'comments_post_idx',
      maxRows: 2 * 100,
    },
    {
      // The comments and « J'aime » on the most prolific member's posts (ADR 050).
      name: 'notifications (most prolific member)',
      run: () => listNotifications({ userId: data.author }),
      index: 'post_votes_post_author_idx',
      maxRows: pageBound,
      alsoUses: ['comments_post_author_idx'],
    },
    {
      // Its 5,000 newest posts and profiles at scale; a page's worth here, so that a sort of
      // every post (its order not the index's) reads far more than the limit.
      name: 'sitemap (newest posts and profiles)',
      run: () => listSitemapEntries(PAGE_LIMIT),
      index: 'posts_feed_idx',
      maxRows: pageBound,
      alsoUses: ['profiles_created_idx'],
    },
  ]
}

export function usedIndexes(statements: ExplainedStatement[]): string[] {
  return [
    ...new Set(
      statements.flatMap((statement) => statement.scans.flatMap((scan) => scan.index ?? [])),
    ),
  ]
}

/**
 * Sequential scans of the tables that grow with the data (none expected). At scale, pass
 * `minRows`: a planner rightly reads a table of a few hundred members whole.
 */
export function largeSeqScans(statements: ExplainedStatement[], minRows = 0): string[] {
  return statements
    .flatMap((statement) => statement.scans)
    .filter(
      (scan) =>
        scan.type === 'Seq Scan' &&
        LARGE_TABLES.has(scan.relation ?? '') &&
        scan.rowsRead >= minRows,
    )
    .map((scan) => scan.relation ?? '')
}

/** Rows read through `index`, per scan of it. */
export function rowsReadThrough(statements: ExplainedStatement[], index: string): number[] {
  return statements
    .flatMap((statement) => statement.scans)
    .filter((scan) => scan.index === index)
    .map((scan) => scan.rowsRead)
}
