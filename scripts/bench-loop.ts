// `npm run bench:loop`: the production build's request handler called in a loop, in this one
// process, with no socket: what a page costs the server by itself, without the load generator,
// HTTP or the kernel sharing the cores (docs/performance.md, « the page's own work »). A
// signed-in member's requests (50 members in turn, each browser holding the stylesheet as the
// bench's members do), against the benchmark database (DATABASE_URL, or DATA_DIR).
//
//   npm run bench:loop -- [--path /feed] [--requests 3000] [--warmup 500]
//                         [--profile bench/profiles/feed.cpuprofile]
//   npm run bench:loop -- --path /feed,/api/feed,/messages --rounds 3
//
// Several paths are measured in turn, round after round, in the same process (the same heap, the
// same compiled code, the host's drift shared), each round's figure printed, then each path's
// range: what a page costs beside another, such as a document beside the same data as JSON.
// A path under /api/ is fetched as a script does. Each answer is compressed as server.ts does
// (a document by entry.server.tsx, JSON by compressAnswer, ADR 056). --profile writes V8's CPU
// profile of the measured requests (sampled every 100 µs), to open in Chrome's DevTools.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import inspector from 'node:inspector/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { createRequestHandler as CreateRequestHandler } from 'react-router'
import { benchDatabase } from './bench/database'
import { removeMixedWrites } from './bench/mixed-writes'
import { FETCH_HEADERS, mintSessionCookies, NAVIGATION_HEADERS } from './bench/requests'
import { median } from './bench/report'
import { productionServerEnv } from './bench/server'

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/feed' },
    requests: { type: 'string', default: '3000' },
    warmup: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '1' },
    profile: { type: 'string' },
  },
})

const PATHS = args.path.split(',').filter(Boolean)
const ROUNDS = Number(args.rounds)
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error(`--rounds attend un nombre entier de tours, au moins 1 (reçu : ${args.rounds}).`)
  process.exit(1)
}
if (args.profile && (PATHS.length > 1 || ROUNDS > 1)) {
  console.error(
    '--profile mesure une seule adresse, une seule fois : retirez --rounds ou les autres adresses.',
  )
  process.exit(1)
}

const ORIGIN = 'http://127.0.0.1:3300'
const MEMBERS = 50
const REQUESTS = Number(args.requests)
const WARMUP = Number(args.warmup)
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const target = benchDatabase()
Object.assign(process.env, productionServerEnv(target, 3300))
execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })

// Sessions first (after what earlier mixed workloads wrote is removed, as `npm run bench` does),
// through the app's own database module, closed before the build opens the database (PGlite
// admits one process, and one instance of it in a process).
const cookies = await (async () => {
  const { sql } = await import('drizzle-orm')
  const { startDatabase, closeDatabase, db } = await import('../app/server/db/db.server')
  await startDatabase()
  try {
    await removeMixedWrites(db)
    const { rows } = await db.execute<{ id: string }>(sql`
      select id from users where id like 'bench-%' order by md5(id || 'boucle') limit ${MEMBERS}`)
    if (rows.length === 0) {
      throw new Error('Aucune donnée de benchmark : lancez d’abord `npm run bench:data`.')
    }
    return await mintSessionCookies(rows.map((row) => row.id))
  } finally {
    await closeDatabase()
  }
})()

interface AppEntry {
  startApp(): Promise<void>
  stopApp(): Promise<void>
  createLoadContext(request: Request): Parameters<ReturnType<typeof CreateRequestHandler>>[1]
  compressAnswer(request: Request, response: Response): Promise<Response>
}
const build = await import(path.join(root, 'build/server/index.js'))
const { createRequestHandler } = await import('react-router')
const { startApp, stopApp, createLoadContext, compressAnswer } = build.entry.module as AppEntry
const handler = createRequestHandler(build, 'production')
await startApp()

async function send(url: string, headers: Record<string, string>) {
  const request = new Request(`${ORIGIN}${url}`, {
    headers: { ...headers, 'x-tremplin-client-ip': '127.0.0.1' },
  })
  const response = await compressAnswer(request, await handler(request, createLoadContext(request)))
  return { response, body: new Uint8Array(await response.arrayBuffer()) }
}

// The stylesheet's cookie, as a first document gives it (ADR 021).
const first = await send('/', NAVIGATION_HEADERS)
const stylesheet = first.response.headers
  .getSetCookie()
  .find((cookie) => cookie.startsWith('tremplin.css='))
  ?.split(';')[0]
let sent = { status: 0, bytes: 0, encoding: '' }
async function requestAs(pagePath: string, index: number) {
  const headers = pagePath.startsWith('/api/') ? FETCH_HEADERS : NAVIGATION_HEADERS
  const cookie = [cookies[index % cookies.length], stylesheet].filter(Boolean).join('; ')
  const { response, body } = await send(pagePath, { ...headers, cookie })
  sent = {
    status: response.status,
    bytes: body.byteLength,
    encoding: response.headers.get('content-encoding') ?? 'aucun',
  }
}

/** One path's requests, measured: CPU and wall time per request, in milliseconds. */
async function measure(pagePath: string, firstIndex: number) {
  const session = args.profile ? new inspector.Session() : null
  if (session) {
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', { interval: 100 })
    await session.post('Profiler.start')
  }
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  for (let index = 0; index < REQUESTS; index++) await requestAs(pagePath, firstIndex + index)
  const wall = (performance.now() - started) / REQUESTS
  const cpu = process.cpuUsage(cpuBefore)
  if (session && args.profile) {
    const { profile } = await session.post('Profiler.stop')
    fs.mkdirSync(path.dirname(args.profile), { recursive: true })
    fs.writeFileSync(args.profile, JSON.stringify(profile))
  }
  return { cpu: (cpu.user + cpu.system) / 1000 / REQUESTS, wall }
}

for (const pagePath of PATHS) {
  for (let index = 0; index < WARMUP; index++) await requestAs(pagePath, index)
}
const cpuByPath = new Map<string, number[]>(PATHS.map((pagePath) => [pagePath, []]))
for (let round = 1; round <= ROUNDS; round++) {
  for (const pagePath of PATHS) {
    const { cpu, wall } = await measure(pagePath, WARMUP + round * REQUESTS)
    cpuByPath.get(pagePath)!.push(cpu)
    console.log(
      `${pagePath} (${target.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'}) : ${REQUESTS} requêtes, ` +
        (ROUNDS > 1 ? `tour ${round}, ` : '') +
        `statut ${sent.status}, ${sent.bytes} octets (${sent.encoding}) ; ` +
        `CPU ${cpu.toFixed(3)} ms par requête, durée ${wall.toFixed(3)} ms` +
        (args.profile ? ` ; profil : ${args.profile}` : ''),
    )
  }
}
await stopApp()

if (ROUNDS > 1 || PATHS.length > 1) {
  console.log(`\nCPU par requête sur ${ROUNDS} tour(s), adresses à tour de rôle :`)
  for (const [pagePath, figures] of cpuByPath) {
    const sorted = figures.toSorted((a, b) => a - b)
    console.log(
      `- ${pagePath} : ${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)} ms, médiane ${median(figures).toFixed(3)} ms`,
    )
  }
}
// The pool's idle connections and PGlite's thread would keep the process alive.
process.exit(0)
