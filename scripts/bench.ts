// `npm run bench`: the production server (server.ts) on loopback against the benchmark
// database (DATABASE_URL, or DATA_DIR — data/bench by default), loaded by autocannon scenario
// after scenario, with two references: the feed's SQL served as JSON (/api/feed) and a bare
// node:http server (the machine's HTTP ceiling). Results go to bench/results/ as JSON and
// Markdown. Fill the database first: `npm run bench:data -- --posts 10000`.
//
//   npm run bench -- [--duration 12] [--warmup 3] [--connections 50] [--only feed,search]
//                    [--pool 10] [--profile] [--out bench/results]
//
// `npm run test:soak` (`--soak`): the mixed workload alone, 60 s of warm-up then 10 minutes,
// sampling the server's resident memory; it fails on any error or on memory more than 20 %
// away from its level after the warm-up (issue 10).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import autocannon, { type AutocannonRequest } from 'autocannon'
import { cpuPerRequest, sampleCpu } from './bench/cpu'
import { benchDatabase } from './bench/database'
import { MIXED_COMMENT, MIXED_POST_TITLE, removeMixedWrites } from './bench/mixed-writes'
import {
  BROWSER_HEADERS,
  FETCH_HEADERS,
  mintSessionCookies,
  NAVIGATION_HEADERS,
} from './bench/requests'
import { productionServerEnv, startProcess, stopProcess, waitForUrl } from './bench/server'
import {
  currentBootId,
  formatMarkdown,
  percentile,
  scaleChecks,
  type ScenarioResult,
} from './bench/report'
import { parseEnv } from '../app/server/env.server'
import { resultBase } from './bench/result-name'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '12' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    pool: { type: 'string', default: '10' },
    port: { type: 'string', default: '3300' },
    profile: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    // Where the results go; another directory also leaves out the scale lines, which compare
    // the latest runs in bench/results (`npm run bench:scale` measures both sizes itself).
    out: { type: 'string' },
  },
})

const SOAK = args.soak
const DURATION = SOAK ? 600 : Number(args.duration)
const WARMUP = SOAK ? 60 : Number(args.warmup)
const SOAK_SAMPLE_SECONDS = 10
const SOAK_MEMORY_TOLERANCE = 0.2
const CONNECTIONS = Number(args.connections)
/**
 * The measured run opens its connections at once, as the warm-up closes its own: a busy Node
 * process accepts one new connection per turn of its event loop, so the last of 50 waits up to
 * a second. Each run also reports its p99 without its first seconds (docs/performance.md).
 */
const SETTLING_SECONDS = 2
/**
 * autocannon ends the warm-up with its last requests unanswered, one per connection, and the
 * server goes on with them: the measured run waits for those to be done rather than queue its
 * first requests behind them and count the server's CPU for them (docs/performance.md).
 */
const WARMUP_PAUSE_MS = 1000
const PORT = Number(args.port)
const HELLO_PORT = PORT + 1
const FLOOR_PORT = PORT + 2
const FLOOR_ORIGIN = `http://127.0.0.1:${FLOOR_PORT}`
const ORIGIN = `http://127.0.0.1:${PORT}`
// Readers use the first 400 sessions; writes rotate over all of them. The per-member write
// limits (a comment per 5 s, a post per 10 s, 60 votes and 60 saves a minute) then hold at the target's
// rate: 1,001 writers (coprime with the 10 kinds of write, so that each member's writes cycle
// through them) at 40 writes a second leave each member 25 s between two writes.
const READER_COUNT = 400
const SESSION_COUNT = 1001
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const target = benchDatabase()

// Same configuration for this process (sessions are minted here) and for the server.
const serverEnv = productionServerEnv(target, PORT, { DATABASE_POOL_SIZE: args.pool })
Object.assign(process.env, serverEnv)

// ---------------------------------------------------------------------------------------------
// What the scenarios need from the database, read before the server opens it (PGlite admits
// one process): members' session cookies, a cursor far down the feed, profiles to visit.

interface Fixtures {
  databaseVersion: string
  posts: number
  members: number
  cookies: string[]
  deepCursor: string
  profileUserIds: string[]
}

async function prepareFixtures(): Promise<Fixtures> {
  const { sql } = await import('drizzle-orm')
  const { startDatabase, closeDatabase, db } = await import('../app/server/db/db.server')
  await startDatabase()
  try {
    const rows = async <Row extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      (await db.execute<Row>(query)).rows
    await removeMixedWrites(db)
    const [counts] = await rows<{ posts: number; members: number; version: string }>(
      sql`select (select count(*) from posts)::int as posts,
        (select count(*) from users where id like 'bench-%')::int as members,
        current_setting('server_version') as version`,
    )
    if (!counts || counts.members === 0 || counts.posts < 100) {
      throw new Error(
        'Aucune donnée de benchmark : lancez d’abord `npm run bench:data -- --posts 10000`.',
      )
    }
    const [deep] = await rows<{ created_at: string; id: string }>(sql`
      select created_at::text as created_at, id from posts
      order by created_at desc nulls last, id desc nulls last
      offset ${Math.floor(counts.posts * 0.9)} limit 1`)
    // The most prolific authors (small numbers write most) and members taken at random.
    const profiles = await rows<{ user_id: string }>(sql`
      (select user_id from profiles where user_id in (${sql.join(
        Array.from({ length: 20 }, (_, index) => sql`${`bench-${index + 1}`}`),
        sql`, `,
      )}))
      union all
      (select user_id from profiles where user_id like 'bench-%' order by md5(user_id) limit 80)`)
    const members = await rows<{ id: string }>(sql`
      select id from users where id like 'bench-%' order by md5(id || 'session') limit ${SESSION_COUNT}`)
    const cookies = await mintSessionCookies(members.map((member) => member.id))
    return {
      databaseVersion:
        target.driver === 'pglite'
          ? `PGlite (PostgreSQL ${counts.version})`
          : `PostgreSQL ${counts.version}`,
      posts: counts.posts,
      members: counts.members,
      cookies,
      deepCursor: `${deep!.created_at}_${deep!.id}`,
      profileUserIds: profiles.map((row) => row.user_id),
    }
  } finally {
    await closeDatabase()
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  name: string
  description: string
  url?: string
  /** Concurrent connections, CONNECTIONS unless given (1: the latency of a lone request). */
  connections?: number
  /** The next request; called for every request of every connection. */
  next: () => AutocannonRequest
}

/** Milliseconds to one decimal. */
function round(value: number): number {
  return Math.round(value * 10) / 10
}

function rotate<T>(items: readonly T[]): () => T {
  let index = 0
  return () => items[index++ % items.length]!
}

function form(fields: Record<string, string | string[]>): string {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item)
  }
  return body.toString()
}

interface FeedItemJson {
  id: string
  url: string
}

/** Post ids and readable URLs, read from the running server's own JSON feed. */
async function collectPosts(categories: readonly string[]): Promise<FeedItemJson[]> {
  const posts = new Map<string, FeedItemJson>()
  for (const query of ['', ...categories.map((category) => `category=${category}`)]) {
    let cursor: string | null = null
    for (let page = 0; page < 3; page++) {
      const search = new URLSearchParams(query)
      if (cursor) search.set('cursor', cursor)
      const response = await fetch(`${ORIGIN}/api/feed?${search}`)
      const body = (await response.json()) as { posts: FeedItemJson[]; nextCursor: string | null }
      for (const post of body.posts) posts.set(post.id, { id: post.id, url: post.url })
      cursor = body.nextCursor
      if (!cursor) break
    }
  }
  return [...posts.values()]
}

const CATEGORIES = ['marketing', 'financement', 'juridique', 'rse', 'sortie-reprise', 'autres']
const SECTORS = ['informatique', 'sante', 'commerce', 'textile', 'transport']
const SEARCHES = [
  'trésorerie',
  'levée de fonds',
  'financement',
  'prix de vente',
  'recrutement',
  'prosp',
  'marque',
  'kombucha',
  'apiculture',
  'franchise Lyon',
]
const SUGGESTIONS = ['tr', 'fin', 'mar', 'lev', 'cam', 'kombu', 'rec', 'jur', 'sant', 'export']

function buildScenarios(
  fixtures: Fixtures,
  posts: FeedItemJson[],
  stylesheetCookie: string | null,
): Scenario[] {
  // Members' browsers have been here before: they hold the stylesheet and say so (ADR 021).
  // Visitors' requests are first visits, with the stylesheet inline.
  const withStylesheet = (session: string) =>
    stylesheetCookie ? `${session}; ${stylesheetCookie}` : session
  const cookie = rotate(fixtures.cookies.slice(0, READER_COUNT).map(withStylesheet))
  const writerCookie = rotate(fixtures.cookies.map(withStylesheet))
  const member = () => ({ cookie: cookie() })
  // A page is navigated to; JSON is fetched by the page's script.
  const get = (requestPath: string, extra: Record<string, string> = {}) => ({
    method: 'GET',
    path: requestPath,
    headers: {
      ...(requestPath.startsWith('/api/') ? FETCH_HEADERS : NAVIGATION_HEADERS),
      ...extra,
    },
  })
  const category = rotate(CATEGORIES)
  const sector = rotate(SECTORS)
  const search = rotate(SEARCHES)
  const suggestion = rotate(SUGGESTIONS)
  const post = rotate(posts)
  const profile = rotate(fixtures.profileUserIds)
  const deep = `/feed?cursor=${encodeURIComponent(fixtures.deepCursor)}`

  const writeHeaders = () => ({
    ...BROWSER_HEADERS,
    cookie: writerCookie(),
    origin: ORIGIN,
    'content-type': 'application/x-www-form-urlencoded',
  })
  // Titles unique to this invocation: the same writer would otherwise publish the same title
  // again at each run on one database, and the namesakes a readable route counts (ADR 026) would
  // grow from run to run, making the top of the feed costlier than a real one.
  const invocation = Date.now().toString(36)
  let sequence = 0
  const write = (): AutocannonRequest => {
    sequence += 1
    const picked = post()
    const kind = sequence % 10
    if (kind < 4) {
      return {
        method: 'POST',
        path: `/api/posts/${picked.id}`,
        headers: writeHeaders(),
        body: form({ intent: 'vote', type: sequence % 7 === 0 ? 'down' : 'up' }),
      }
    }
    if (kind < 6) {
      return {
        method: 'POST',
        path: `/api/posts/${picked.id}`,
        headers: writeHeaders(),
        body: form({ intent: 'save', saved: sequence % 3 === 0 ? 'false' : 'true' }),
      }
    }
    if (kind < 9) {
      return {
        method: 'POST',
        path: `/api/posts/${picked.id}/comments`,
        headers: writeHeaders(),
        body: form({
          intent: 'comment',
          content: `${MIXED_COMMENT} (n° ${sequence}).`,
        }),
      }
    }
    return {
      method: 'POST',
      path: '/post/create',
      headers: writeHeaders(),
      body: form({
        title: `${MIXED_POST_TITLE} (${invocation}-${sequence})`,
        content:
          'Nous ouvrons une boutique à Nantes et la banque hésite. Quelles solutions avez-vous trouvées pour le financement des travaux ?',
        type: 'post',
        categories: ['financement', 'commercial'],
        sectors: ['commerce'],
        tags: 'financement, local',
      }),
    }
  }
  const reads: (() => AutocannonRequest)[] = [
    ...Array<() => AutocannonRequest>(40).fill(() => get('/feed', member())),
    ...Array<() => AutocannonRequest>(10).fill(() =>
      get(`/api/feed?cursor=${encodeURIComponent(fixtures.deepCursor)}`, member()),
    ),
    ...Array<() => AutocannonRequest>(15).fill(() => get(post().url, member())),
    ...Array<() => AutocannonRequest>(8).fill(() =>
      get(`/feed?q=${encodeURIComponent(search())}`, member()),
    ),
    ...Array<() => AutocannonRequest>(7).fill(() =>
      get(`/api/search/suggestions?q=${encodeURIComponent(suggestion())}`, member()),
    ),
    ...Array<() => AutocannonRequest>(5).fill(() => get(`/profile/${profile()}`, member())),
    ...Array<() => AutocannonRequest>(5).fill(() => get(`/feed?category=${category()}`, member())),
  ]
  let mixed = 0
  const mixedNext = () => {
    mixed += 1
    // 10 % writes, spread evenly; the 90 reads follow the shares above.
    return mixed % 10 === 0 ? write() : reads[(mixed * 37) % reads.length]!()
  }

  return [
    {
      name: 'hello',
      description: 'référence : node:http nu (« Bonjour »)',
      url: `http://127.0.0.1:${HELLO_PORT}`,
      next: () => get('/'),
    },
    { name: 'feed-anonymous', description: 'fil, visiteur (SSR)', next: () => get('/feed') },
    {
      name: 'feed-signed-in',
      description: 'fil, membre connecté (SSR)',
      next: () => get('/feed', member()),
    },
    {
      name: 'feed-json',
      description: 'référence : le même SQL en JSON (/api/feed, membre)',
      next: () => get('/api/feed', member()),
    },
    // PGlite admits one process: the floor server could not open the database beside the app.
    ...(target.driver === 'postgres'
      ? [
          {
            name: 'feed-floor',
            description:
              'plancher : la même instruction sans cadriciel (node:http, session vérifiée, JSON, zstd)',
            url: FLOOR_ORIGIN,
            next: () => get('/api/feed', member()),
          },
        ]
      : []),
    {
      name: 'feed-category',
      description: 'fil filtré par catégorie (SSR, membre)',
      next: () => get(`/feed?category=${category()}`, member()),
    },
    {
      name: 'feed-sector',
      description: 'fil filtré par secteur (SSR, membre)',
      next: () => get(`/feed?sector=${sector()}`, member()),
    },
    {
      name: 'feed-deep',
      description: 'page profonde (curseur à 90 % du fil, SSR, membre)',
      next: () => get(deep, member()),
    },
    {
      name: 'search',
      description: 'recherche /feed?q=… (SSR, membre)',
      next: () => get(`/feed?q=${encodeURIComponent(search())}`, member()),
    },
    // Alone, a request shows its own cost: under 50 connections, p50 is mostly queueing.
    {
      name: 'feed-signed-in-1c',
      description: 'fil, membre connecté (SSR), une seule connexion',
      connections: 1,
      next: () => get('/feed', member()),
    },
    {
      name: 'search-1c',
      description: 'recherche /feed?q=… (SSR, membre), une seule connexion',
      connections: 1,
      next: () => get(`/feed?q=${encodeURIComponent(search())}`, member()),
    },
    {
      name: 'suggestions',
      description: 'suggestions /api/search/suggestions?q=…',
      next: () => get(`/api/search/suggestions?q=${encodeURIComponent(suggestion())}`),
    },
    {
      name: 'post-page',
      description: 'page d’un post (URL lisible, SSR, membre)',
      next: () => get(post().url, member()),
    },
    {
      name: 'profile-page',
      description: 'page de profil (SSR, membre)',
      next: () => get(`/profile/${profile()}`, member()),
    },
    {
      name: 'mixed',
      description:
        '90 % lectures (400 membres), 10 % écritures (votes, enregistrements, commentaires, posts) par 1 001 membres',
      next: mixedNext,
    },
  ]
}

/** The resident memory of the server and its workers (node:cluster), in MiB. */
function residentMiB(pid: number): number {
  const kibibytes = execFileSync('ps', ['-o', 'rss=', '-p', String(pid), '--ppid', String(pid)], {
    encoding: 'utf8',
  })
    .split('\n')
    .reduce((sum, line) => sum + (Number(line.trim()) || 0), 0)
  return Math.round(kibibytes / 1024)
}

/** Samples a process's resident memory every few seconds until stopped. */
function sampleMemory(pid: number) {
  const samples: { second: number; residentMiB: number }[] = []
  const started = Date.now()
  const take = () =>
    samples.push({
      second: Math.round((Date.now() - started) / 1000),
      residentMiB: residentMiB(pid),
    })
  take()
  const timer = setInterval(take, SOAK_SAMPLE_SECONDS * 1000)
  return {
    samples,
    stop: () => {
      clearInterval(timer)
      take()
    },
  }
}

async function runScenario(
  scenario: Scenario,
  serverPid: number | undefined,
  sampleMemoryToo: boolean,
): Promise<ScenarioResult & { memory?: ReturnType<typeof sampleMemory>['samples'] }> {
  const url = scenario.url ?? ORIGIN
  // Merged into autocannon's defaults, which carry the Host header's name and port.
  const requests: AutocannonRequest[] = [
    { setupRequest: (defaults) => ({ ...defaults, ...scenario.next() }) },
  ]
  const run = async (duration: number) => {
    const latencies: number[] = []
    // Those of the responses that came after the run's first seconds, once every connection
    // the run opened at its start has been accepted by the busy server.
    const settled: number[] = []
    const statuses: Record<string, number> = {}
    const instance = autocannon({
      url,
      connections: scenario.connections ?? CONNECTIONS,
      duration,
      requests,
      timeout: 20,
    })
    const start = performance.now()
    instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
      latencies.push(time)
      if (performance.now() - start >= SETTLING_SECONDS * 1000) settled.push(time)
      statuses[status] = (statuses[status] ?? 0) + 1
    })
    const result = await instance
    return { result, latencies, settled, statuses }
  }
  if (WARMUP > 0) {
    await run(WARMUP)
    await sleep(WARMUP_PAUSE_MS)
  }
  const memory = sampleMemoryToo && serverPid ? sampleMemory(serverPid) : undefined
  // The CPU a request costs: the application's server, or the floor's (not the bare node:http one).
  const measuredPid =
    scenario.url === FLOOR_ORIGIN ? floor?.pid : scenario.url ? undefined : serverPid
  const cpuBefore = sampleCpu(measuredPid)
  const { result, latencies, settled, statuses } = await run(DURATION)
  const cpu = cpuPerRequest(cpuBefore, sampleCpu(measuredPid), latencies.length)
  memory?.stop()
  latencies.sort((a, b) => a - b)
  settled.sort((a, b) => a - b)
  const failed = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 400)
    .reduce((sum, [, count]) => sum + count, 0)
  return {
    name: scenario.name,
    description: scenario.description,
    requests: latencies.length,
    seconds: result.duration,
    requestsPerSecond: Math.round(latencies.length / result.duration),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    // None in a run shorter than its settling seconds.
    p99Settled: settled.length > 0 ? round(percentile(settled, 99)) : undefined,
    errors: result.errors + failed,
    statuses,
    cpu,
    memory: memory?.samples,
  }
}

/** The soak's verdict: no error, and memory within 20 % of its level after the warm-up. */
function soakVerdict(result: ScenarioResult & { memory?: { residentMiB: number }[] }) {
  const samples = result.memory ?? []
  const baseline = samples[0]?.residentMiB ?? 0
  const values = samples.map((sample) => sample.residentMiB)
  const drift = Math.max(...values.map((value) => Math.abs(value - baseline) / baseline))
  const passed = result.errors === 0 && drift <= SOAK_MEMORY_TOLERANCE
  return {
    baselineMiB: baseline,
    finalMiB: values.at(-1) ?? 0,
    minMiB: Math.min(...values),
    maxMiB: Math.max(...values),
    maxDriftPercent: round(drift * 100),
    passed,
  }
}

// ---------------------------------------------------------------------------------------------

console.log('Construction (si nécessaire)…')
execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })

const fixtures = await prepareFixtures()
const cpus = os.cpus()
const loadBefore = os.loadavg().map(round)
console.log(
  `Machine : ${cpus.length} cœurs (${cpus[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} Gio, Node ${process.version}`,
)
console.log(
  `Base : ${fixtures.databaseVersion}, ${fixtures.posts.toLocaleString('fr-FR')} publications, ${fixtures.members.toLocaleString('fr-FR')} membres`,
)
console.log(
  `Charge : ${CONNECTIONS} connexions, ${WARMUP} s de chauffe, ${WARMUP_PAUSE_MS / 1000} s de pause, puis ${DURATION} s par scénario`,
)

const profileDir = path.join(root, 'bench/profiles')
const server = startProcess(
  process.execPath,
  [...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'server.ts'],
  serverEnv,
)
const hello = startProcess(
  process.execPath,
  [
    '-e',
    `require('node:http').createServer((req, res) => res.end('Bonjour')).listen(${HELLO_PORT}, '127.0.0.1')`,
  ],
  process.env,
)
const floor =
  target.driver === 'postgres'
    ? startProcess(
        process.execPath,
        ['--import', 'tsx', 'scripts/bench/floor-server.ts'],
        productionServerEnv(target, FLOOR_PORT, { DATABASE_POOL_SIZE: args.pool }),
      )
    : undefined

let exitCode = 0
try {
  await waitForUrl(`${ORIGIN}/healthz`, server)
  await waitForUrl(`http://127.0.0.1:${HELLO_PORT}/`, hello)
  if (floor) await waitForUrl(`${FLOOR_ORIGIN}/healthz`, floor)
  const posts = await collectPosts(CATEGORIES)
  // The cookie a browser gets with its first document (ADR 021): name=value.
  const firstVisit = await fetch(`${ORIGIN}/`, { headers: BROWSER_HEADERS })
  await firstVisit.arrayBuffer()
  const stylesheetCookie =
    firstVisit.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('tremplin.css='))
      ?.split(';')[0] ?? null
  const only = args.only?.split(',').map((name) => name.trim())
  const allScenarios = buildScenarios(fixtures, posts, stylesheetCookie)
  // A misspelt name would otherwise measure nothing, silently.
  const unknown = only?.filter((name) => !allScenarios.some((scenario) => scenario.name === name))
  if (unknown?.length) {
    throw new Error(
      `scénario inconnu sur ${target.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'} : ${unknown.join(', ')} (scénarios : ${allScenarios.map((scenario) => scenario.name).join(', ')})`,
    )
  }
  const scenarios = allScenarios.filter((scenario) =>
    SOAK ? scenario.name === 'mixed' : !only || only.includes(scenario.name),
  )
  const results: ScenarioResult[] = []
  for (const scenario of scenarios) {
    const result = await runScenario(scenario, server.pid, SOAK)
    results.push(result)
    console.log(
      `${scenario.name.padEnd(16)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms  erreurs ${result.errors}${result.cpu ? `  CPU/requête serveur ${result.cpu.serverMs} ms, PostgreSQL ${result.cpu.databaseMs} ms` : ''}`,
    )
  }

  const date = new Date().toISOString().slice(0, 10)
  const size =
    fixtures.posts >= 1_000_000
      ? `${Math.round(fixtures.posts / 1_000_000)}m`
      : `${Math.round(fixtures.posts / 1000)}k`
  // A partial run (--only) does not replace a full one.
  const suffix = SOAK ? '-soak' : only ? `-${only.join('+')}` : ''
  const base = resultBase(
    `${date}-${target.driver}-${size}`,
    suffix,
    args.out ? path.resolve(args.out) : undefined,
  )
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model.trim(),
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      // Other work on the machine shares its two cores: the load before and after the run.
      loadAverage: { before: loadBefore, after: os.loadavg().map(round) },
      bootId: currentBootId(),
    },
    node: process.version,
    database: {
      driver: target.driver,
      version: fixtures.databaseVersion,
      posts: fixtures.posts,
      members: fixtures.members,
      poolSize: Number(args.pool),
    },
    load: {
      connections: CONNECTIONS,
      warmupSeconds: WARMUP,
      warmupPauseSeconds: WARMUP > 0 ? WARMUP_PAUSE_MS / 1000 : undefined,
      durationSeconds: DURATION,
      acceptEncoding: BROWSER_HEADERS['accept-encoding'],
      membersHoldStylesheet: stylesheetCookie !== null,
      visitorPageSeconds: parseEnv(serverEnv).VISITOR_PAGE_SECONDS,
    },
    results,
  }
  fs.mkdirSync(path.dirname(base), { recursive: true })
  if (SOAK) {
    const verdict = soakVerdict(results[0]!)
    const soak = { ...report, soak: verdict }
    fs.writeFileSync(`${base}${suffix}.json`, `${JSON.stringify(soak, null, 2)}\n`)
    console.log(
      `Soak : ${results[0]!.requestsPerSecond} req/s pendant ${DURATION} s, ${results[0]!.errors} erreur(s), ` +
        `mémoire ${verdict.baselineMiB} Mio après la chauffe, ${verdict.minMiB}–${verdict.maxMiB} Mio ensuite ` +
        `(écart max ${verdict.maxDriftPercent} %, fin ${verdict.finalMiB} Mio) : ${verdict.passed ? 'réussi' : 'ÉCHEC'}`,
    )
    console.log(`Résultats : ${path.relative(root, base)}${suffix}.json`)
    if (!verdict.passed) exitCode = 1
  } else {
    fs.writeFileSync(`${base}${suffix}.json`, `${JSON.stringify(report, null, 2)}\n`)
    const markdown = formatMarkdown(report)
    fs.writeFileSync(`${base}${suffix}.md`, markdown)
    console.log(`\n${markdown}`)
    if (!args.out)
      console.log(
        scaleChecks(path.join(root, 'bench/results'), target.driver, report.machine.bootId),
      )
    console.log(`Résultats : ${path.relative(root, base)}${suffix}.json et .md`)
  }
} catch (error) {
  console.error('Échec du benchmark :', error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await stopProcess(server)
  await stopProcess(hello)
  if (floor) await stopProcess(floor)
}
process.exit(exitCode)
