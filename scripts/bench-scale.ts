// `npm run bench:scale`: the feed's p50 at 1 M posts over its p50 at 10 k, both measured in
// this one invocation. `npm run bench` compares the latest full runs of each size, which may be
// hours or machines apart, on hosts whose speed drifts by a fifth within minutes
// (docs/performance.md); here the two databases take turns, in the order small, large, large,
// small… so that a drift weighs on both, and the ratio is taken between the medians.
//
//   npm run bench:scale -- --small <database> --large <database> [--rounds 3]
//                          [--only feed-signed-in-1c,feed-signed-in,search-1c] [--duration 12]
//
// A database is a PostgreSQL URL or the DATA_DIR of an embedded one, both of the same kind,
// each filled by `npm run bench:data`. Results: bench/results/<date>-<db>-scale.{json,md}.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { check, median, SCALE_RATIO_TARGET, type BenchReport } from './bench/report'
import { resultBase } from './bench/result-name'

const { values: args } = parseArgs({
  options: {
    small: { type: 'string' },
    large: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: 'feed-signed-in-1c,feed-signed-in,search-1c' },
    duration: { type: 'string', default: '12' },
  },
})

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const ROUNDS = Number(args.rounds)
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error('--rounds attend un nombre entier de tours, au moins 1.')
  process.exit(2)
}
const SCENARIOS = args.only.split(',').map((name) => name.trim())

interface Target {
  driver: 'pglite' | 'postgres'
  /** What the bench's child process gets: DATABASE_URL for a server, DATA_DIR otherwise. */
  env: Record<string, string>
}

function targetOf(database: string | undefined, flag: string): Target {
  if (!database) {
    console.error(`--${flag} manque : une URL PostgreSQL ou le dossier d’une base embarquée.`)
    process.exit(2)
  }
  return /^postgres(ql)?:\/\//.test(database)
    ? { driver: 'postgres', env: { DATABASE_URL: database } }
    : { driver: 'pglite', env: { DATABASE_URL: '', DATA_DIR: database } }
}

const small = targetOf(args.small, 'small')
const large = targetOf(args.large, 'large')
if (small.driver !== large.driver) {
  console.error('Les deux bases doivent être du même type (PostgreSQL, ou PGlite).')
  process.exit(2)
}

/** One `npm run bench` of the chosen scenarios on one database; its report. */
function runBench(target: Target, directory: string): BenchReport {
  fs.mkdirSync(directory, { recursive: true })
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/bench.ts',
      '--only',
      SCENARIOS.join(','),
      '--duration',
      args.duration,
      '--out',
      directory,
    ],
    { cwd: root, env: { ...process.env, ...target.env }, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  const file = fs.readdirSync(directory).find((name) => name.endsWith('.json'))
  if (!file) throw new Error(`Le benchmark n’a rien écrit dans ${directory}.`)
  return JSON.parse(fs.readFileSync(path.join(directory, file), 'utf8')) as BenchReport
}

const workDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'tremplin-scale-'))
const runs: { size: 'small' | 'large'; report: BenchReport }[] = []
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)
    for (const size of order) {
      console.log(`\n— tour ${round + 1}/${ROUNDS}, base ${size === 'small' ? 'petite' : 'grande'}`)
      const report = runBench(
        size === 'small' ? small : large,
        path.join(workDirectory, `${round}-${size}`),
      )
      runs.push({ size, report })
    }
  }
} catch (error) {
  // The bench printed its own error; a failed run makes the ratio meaningless.
  console.error('Échec de la mesure d’échelle :', error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  fs.rmSync(workDirectory, { recursive: true, force: true })
}

if (process.exitCode) process.exit()

const reportsOf = (size: 'small' | 'large') =>
  runs.filter((run) => run.size === size).map((run) => run.report)
const [smallReports, largeReports] = [reportsOf('small'), reportsOf('large')]
const postsOf = (reports: BenchReport[]) => reports[0]!.database.posts
if (postsOf(largeReports) <= postsOf(smallReports)) {
  console.error('--large doit contenir plus de publications que --small.')
  process.exit(2)
}

const lines = SCENARIOS.flatMap((name) => {
  const p50s = (reports: BenchReport[]) =>
    reports.flatMap((report) => report.results.filter((r) => r.name === name).map((r) => r.p50))
  const [smallP50s, largeP50s] = [p50s(smallReports), p50s(largeReports)]
  if (smallP50s.length === 0 || largeP50s.length === 0) return []
  const ratio = median(largeP50s) / Math.max(median(smallP50s), 0.1)
  return [
    {
      name,
      small: smallP50s,
      large: largeP50s,
      ratio: Math.round(ratio * 100) / 100,
      met: ratio <= SCALE_RATIO_TARGET,
    },
  ]
})

const count = (posts: number) => posts.toLocaleString('fr-FR')
const date = new Date().toISOString()
const summary = [
  `# Échelle ${date.slice(0, 10)} — p50 à ${count(postsOf(largeReports))} ÷ p50 à ${count(postsOf(smallReports))} publications`,
  '',
  `${largeReports[0]!.database.version} ; ${ROUNDS} tours, les deux bases à tour de rôle ` +
    `(petite, grande, puis grande, petite…), ${args.duration} s par scénario ; ` +
    `${os.cpus().length} cœurs, Node ${process.version}. Médianes des p50 de chaque base.`,
  '',
  '| scénario | p50 petite base (ms) | p50 grande base (ms) | rapport des médianes | verdict |',
  '| --- | ---: | ---: | ---: | --- |',
  ...lines.map(
    (line) =>
      `| ${line.name} | ${line.small.join(' · ')} | ${line.large.join(' · ')} | ${line.ratio.toFixed(2)} | ${check(line.met)} (≤ ${SCALE_RATIO_TARGET}) |`,
  ),
  '',
].join('\n')

const base = resultBase(`${date.slice(0, 10)}-${small.driver}-scale`)
fs.mkdirSync(path.dirname(base), { recursive: true })
fs.writeFileSync(
  `${base}.json`,
  `${JSON.stringify({ date, rounds: ROUNDS, scenarios: lines, runs: runs.map(({ size, report }) => ({ size, ...report })) }, null, 2)}\n`,
)
fs.writeFileSync(`${base}.md`, summary)
console.log(`\n${summary}`)
console.log(`Résultats : ${path.relative(root, base)}.json et .md`)
