// Benchmark results: percentiles, the Markdown table, and the checks against the targets.
import fs from 'node:fs'
import path from 'node:path'

export interface ScenarioResult {
  name: string
  description: string
  requests: number
  seconds: number
  requestsPerSecond: number
  /** Latencies in milliseconds, over every response of the measured run. */
  p50: number
  p95: number
  p99: number
  /**
   * The p99 of the responses received after the measured run's first 2 seconds, once the busy
   * server has accepted every connection the run opened at its start (absent before 2026-11-25).
   */
  p99Settled?: number
  /** Connection errors, timeouts and 4xx/5xx answers. */
  errors: number
  statuses: Record<string, number>
  /** CPU milliseconds per request: the server's processes, PostgreSQL's (Linux only). */
  cpu?: { serverMs: number; databaseMs: number }
}

export interface BenchReport {
  date: string
  machine: {
    cpus: number
    model?: string
    memoryGiB: number
    loadAverage?: { before: number[]; after: number[] }
    /**
     * The Linux kernel's id of this boot (`/proc/sys/kernel/random/boot_id`): runs that share it
     * ran on the same machine, without a restart between them. Absent in earlier runs.
     */
    bootId?: string
  }
  node: string
  database: {
    driver: 'pglite' | 'postgres'
    version: string
    posts: number
    members: number
    poolSize: number
  }
  load: {
    connections: number
    warmupSeconds: number
    /** The pause between the warm-up and the measured run; absent in runs before it. */
    warmupPauseSeconds?: number
    durationSeconds: number
    acceptEncoding: string
    /** Members' requests carry the stylesheet cookie of a browser that visited before (ADR 021). */
    membersHoldStylesheet?: boolean
    /** How long visitors' pages were sent again (ADR 040); absent in runs before it. */
    visitorPageSeconds?: number
  }
  results: ScenarioResult[]
}

/** The nearest-rank percentile of sorted values (0 when there are none). */
export function percentile(sorted: readonly number[], rank: number): number {
  if (sorted.length === 0) return 0
  const index = Math.min(
    sorted.length - 1,
    Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1),
  )
  return sorted[index]!
}

/** The median of unsorted values by nearest rank: the middle one of an odd number of rounds. */
export function median(values: readonly number[]): number {
  return percentile(
    values.toSorted((a, b) => a - b),
    50,
  )
}

// The figures to reach on the 2-core machine (issue 9).
const TARGETS = {
  feedRequestsPerSecond: { postgres: 400, pglite: 150 },
  feedP99: 100,
  mixedRequestsPerSecond: 300,
  ssrOverJson: 0.6,
  searchP95: 50,
  scaleRatio: 1.3,
}

/** Flat: a p50 at 1 M posts at most this many times the p50 at 10 k. */
export const SCALE_RATIO_TARGET = TARGETS.scaleRatio

export function check(ok: boolean): string {
  return ok ? 'atteint' : '**manqué**'
}

/** The p99 once every connection was accepted, beside the whole run's, which the checks use. */
function settledNote(result: ScenarioResult): string {
  return result.p99Settled === undefined
    ? ''
    : ` (${result.p99Settled} ms passé les 2 premières secondes, connexions acceptées)`
}

/**
 * What a closed loop of connections sets whatever the server does (Little's law): each
 * connection sends its next request when the last one is answered, so the mean time a request
 * waits is the connections over the requests answered a second. A p99 lies above that mean
 * unless a hundredth of the requests wait far longer than all others: at 50 connections, a
 * p99 of 100 ms asks for well over 500 requests a second.
 */
export function meanWaitMs(connections: number, requestsPerSecond: number): number {
  return requestsPerSecond > 0 ? (connections / requestsPerSecond) * 1000 : Infinity
}

function meanWaitNote(connections: number, result: ScenarioResult): string {
  const wait = meanWaitMs(connections, result.requestsPerSecond)
  return `; attente moyenne ${connections} connexions ÷ ${result.requestsPerSecond} req/s = ${wait.toFixed(1)} ms`
}

/** The targets that one run can tell (the scale ratio needs two runs: see scaleChecks). */
export function targetLines(report: BenchReport): string[] {
  const byName = new Map(report.results.map((result) => [result.name, result]))
  const lines: string[] = []
  const feed = byName.get('feed-signed-in')
  const json = byName.get('feed-json')
  const floorReference = byName.get('feed-floor')
  const mixed = byName.get('mixed')
  const search = byName.get('search')
  const searchAlone = byName.get('search-1c')
  if (feed) {
    const floor = TARGETS.feedRequestsPerSecond[report.database.driver]
    lines.push(
      `- fil connecté ≥ ${floor} req/s et p99 ≤ ${TARGETS.feedP99} ms : ${feed.requestsPerSecond} req/s, p99 ${feed.p99} ms${settledNote(feed)}${meanWaitNote(report.load.connections, feed)} — ${check(feed.requestsPerSecond >= floor && feed.p99 <= TARGETS.feedP99)}`,
    )
  }
  if (floorReference) {
    // No page that reads the database for each request is faster than this reference.
    lines.push(
      `- plancher (la même instruction sans cadriciel) p99 ≤ ${TARGETS.feedP99} ms : ${floorReference.requestsPerSecond} req/s, p99 ${floorReference.p99} ms${settledNote(floorReference)}${meanWaitNote(report.load.connections, floorReference)} — ${check(floorReference.p99 <= TARGETS.feedP99)}`,
    )
  }
  if (feed && json) {
    const ratio = feed.requestsPerSecond / json.requestsPerSecond
    lines.push(
      `- fil SSR ÷ même SQL en JSON ≥ ${TARGETS.ssrOverJson} : ${ratio.toFixed(2)} — ${check(ratio >= TARGETS.ssrOverJson)}`,
    )
  }
  if (mixed) {
    lines.push(
      `- charge mixte ≥ ${TARGETS.mixedRequestsPerSecond} req/s sans erreur : ${mixed.requestsPerSecond} req/s, ${mixed.errors} erreurs — ${check(mixed.requestsPerSecond >= TARGETS.mixedRequestsPerSecond && mixed.errors === 0)}`,
    )
  }
  if (search) {
    lines.push(
      `- recherche p95 ≤ ${TARGETS.searchP95} ms (50 connexions) : ${search.p95} ms — ${check(search.p95 <= TARGETS.searchP95)}`,
    )
  }
  if (searchAlone) {
    lines.push(
      `- recherche p95 ≤ ${TARGETS.searchP95} ms (une connexion) : ${searchAlone.p95} ms — ${check(searchAlone.p95 <= TARGETS.searchP95)}`,
    )
  }
  return lines
}

export function formatMarkdown(report: BenchReport): string {
  const { database, machine, load } = report
  const rows = report.results.map(
    (result) =>
      `| ${result.name} | ${result.description} | ${result.requestsPerSecond} | ${result.p50} | ${result.p95} | ${result.p99} | ${result.errors} | ${result.cpu?.serverMs ?? '–'} | ${result.cpu?.databaseMs ?? '–'} |`,
  )
  return [
    `# Benchmark ${report.date.slice(0, 10)} — ${database.version}, ${database.posts.toLocaleString('fr-FR')} publications`,
    '',
    `${machine.cpus} cœurs (${machine.model ?? '?'}), ${machine.memoryGiB} Gio, Node ${report.node}` +
      (machine.loadAverage
        ? ` (charge moyenne avant ${machine.loadAverage.before.join(' / ')}, après ${machine.loadAverage.after.join(' / ')})`
        : '') +
      '; ' +
      `${database.members.toLocaleString('fr-FR')} membres, ` +
      // PGlite has no connections: one database on its own thread in the server (ADR 028).
      (database.version.startsWith('PGlite')
        ? 'PGlite sur son propre fil d’exécution dans le serveur; '
        : `pool de ${database.poolSize} connexions; `) +
      `${load.connections} connexions autocannon sur la même machine, ${load.warmupSeconds} s de chauffe` +
      (load.warmupPauseSeconds ? `, ${load.warmupPauseSeconds} s de pause,` : '') +
      ` puis ${load.durationSeconds} s, ` +
      `Accept-Encoding: ${load.acceptEncoding}` +
      (load.membersHoldStylesheet
        ? ' ; les membres ont déjà la feuille de style (cookie tremplin.css), les visiteurs non'
        : '') +
      (load.visitorPageSeconds === undefined
        ? '.'
        : load.visitorPageSeconds > 0
          ? ` ; pages des visiteurs renvoyées pendant ${load.visitorPageSeconds} s (ADR 040).`
          : ' ; pages des visiteurs rendues à chaque requête (VISITOR_PAGE_SECONDS=0).'),
    '',
    '| scénario | description | req/s | p50 ms | p95 ms | p99 ms | erreurs | CPU serveur ms/req. | CPU PostgreSQL ms/req. |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    ...targetLines(report),
    '',
  ].join('\n')
}

function readReports(directory: string): BenchReport[] {
  if (!fs.existsSync(directory)) return []
  return fs
    .readdirSync(directory)
    .filter((file) => /^\d{4}-\d{2}-\d{2}-(pglite|postgres)-\d+[km](-\d{4})?\.json$/.test(file))
    .map((file) => JSON.parse(fs.readFileSync(path.join(directory, file), 'utf8')) as BenchReport)
    .toSorted((a, b) => a.date.localeCompare(b.date))
}

/** This machine's boot id (see `BenchReport.machine.bootId`), or undefined off Linux. */
export function currentBootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined
  } catch {
    return undefined
  }
}

/**
 * The feed's p50 at the largest data set over the smallest, from the latest full run of each
 * on this driver made on this machine since it started (`bootId`): flat means the ratio stays
 * under 1.3. Runs from another machine are not compared: the hosts measured here differ
 * threefold in speed, which such a ratio would read as the data's growth. The two runs may still
 * be hours apart, which the lines say; `npm run bench:scale` measures both sizes in turn instead.
 */
export function scaleChecks(
  directory: string,
  driver: 'pglite' | 'postgres',
  bootId: string | undefined,
): string {
  const reports = readReports(directory).filter(
    (report) =>
      report.database.driver === driver && bootId !== undefined && report.machine.bootId === bootId,
  )
  const smallest = reports.filter((report) => report.database.posts < 100_000).at(-1)
  const largest = reports.filter((report) => report.database.posts >= 1_000_000).at(-1)
  if (!smallest || !largest) {
    return (
      'Échelle : il faut un passage complet à 10 000 et un à 1 000 000 publications sur cette ' +
      'machine depuis son démarrage (npm run bench:scale mesure les deux tailles en alternance).'
    )
  }
  const when = (report: BenchReport) => report.date.slice(0, 16).replace('T', ' ')
  const lines = [
    `Échelle (p50 à 1 M ÷ p50 à 10 k ; derniers passages complets sur cette machine : 1 M le ${when(largest)}, ` +
      `10 k le ${when(smallest)} UTC ; npm run bench:scale mesure les deux en alternance) :`,
  ]
  for (const name of [
    'feed-signed-in-1c',
    'search-1c',
    'feed-anonymous',
    'feed-signed-in',
    'feed-category',
    'feed-deep',
    'search',
  ]) {
    const small = smallest.results.find((result) => result.name === name)
    const large = largest.results.find((result) => result.name === name)
    if (!small || !large) continue
    // A visitor's feed kept in memory in one run and rendered in the other: no comparison.
    const kept = (report: BenchReport) => (report.load.visitorPageSeconds ?? 0) > 0
    if (name === 'feed-anonymous' && kept(smallest) !== kept(largest)) continue
    const ratio = large.p50 / Math.max(small.p50, 1)
    lines.push(
      `- ${name} : ${large.p50} ms ÷ ${small.p50} ms = ${ratio.toFixed(2)} — ${check(ratio <= TARGETS.scaleRatio)}`,
    )
  }
  return lines.join('\n')
}
