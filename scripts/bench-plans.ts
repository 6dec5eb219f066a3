// `npm run bench:plans`: EXPLAIN (ANALYZE, BUFFERS) of every hot query, as its service sends
// it, on the benchmark database (DATABASE_URL, or DATA_DIR — data/bench by default), with the
// planner's own choices: the index each one walks, the rows it reads, its time; for the
// statements the app prepares, their generic plan as well. Saved next to
// the benchmark results as bench/results/<date>-<db>-<size>-plans.{json,md}.
import fs from 'node:fs'
import path from 'node:path'
import { benchDatabase } from './bench/database'
import { resultBase } from './bench/result-name'
import {
  explain,
  hotQueries,
  largeSeqScans,
  readHotQueryData,
  rowsReadThrough,
  usedIndexes,
  withSession,
} from './bench/hot-queries'

const target = benchDatabase()
Object.assign(process.env, {
  SEED_DEMO_CONTENT: 'never',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  ...(target.driver === 'pglite' ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.url }),
})
const { closeDatabase, startDatabase } = await import('../app/server/db/db.server')

interface PlanRow {
  name: string
  index: string
  rowsRead: number
  maxRows: number
  indexes: string[]
  seqScans: string[]
  statements: number
  planningMs: number
  executionMs: number
  sharedHit: number
  sharedRead: number
  ok: boolean
}

const round = (value: number) => Math.round(value * 100) / 100

let exitCode = 0
try {
  await startDatabase()
  const { data, posts, version } = await withSession(async (session) => {
    const [info] = (
      await session.query<{ posts: number; version: string }>(
        `select (select count(*) from posts)::int as posts, current_setting('server_version') as version`,
      )
    ).rows
    return { data: await readHotQueryData(session), posts: info!.posts, version: info!.version }
  })
  const rows: PlanRow[] = []
  // A prepared statement's generic plan too: PostgreSQL may keep it after five executions.
  const explanations = hotQueries(data).flatMap((query) => [
    { query, name: query.name, reusedPlan: false },
    ...(query.prepared
      ? [{ query, name: `${query.name} (plan réutilisé)`, reusedPlan: true }]
      : []),
  ])
  for (const { query, name, reusedPlan } of explanations) {
    await query.run() // warm the caches as a running server would have them
    const statements = await explain(query.run, { reusedPlan })
    const rowsRead = Math.max(0, ...rowsReadThrough(statements, query.index))
    const indexes = usedIndexes(statements)
    // The planner's own choice: a table of a few hundred rows is rightly read whole.
    const seqScans = largeSeqScans(statements, 10_000)
    const row: PlanRow = {
      name,
      index: query.index,
      rowsRead,
      maxRows: query.maxRows,
      indexes,
      seqScans,
      statements: statements.length,
      planningMs: round(statements.reduce((sum, statement) => sum + statement.planningMs, 0)),
      executionMs: round(statements.reduce((sum, statement) => sum + statement.executionMs, 0)),
      sharedHit: statements.reduce((sum, statement) => sum + statement.sharedHit, 0),
      sharedRead: statements.reduce((sum, statement) => sum + statement.sharedRead, 0),
      // The other indexes a query uses are asserted by the test (sequential scans off): here a
      // small table may rightly be read whole instead.
      ok: indexes.includes(query.index) && rowsRead <= query.maxRows && seqScans.length === 0,
    }
    rows.push(row)
    console.log(
      `${row.ok ? 'ok ' : 'NON'} ${row.name.padEnd(44)} ${row.index} : ${row.rowsRead}/${row.maxRows} lignes, ` +
        `${row.planningMs} + ${row.executionMs} ms, ${row.sharedHit}/${row.sharedRead} blocs`,
    )
  }
  if (rows.some((row) => !row.ok)) exitCode = 1

  const databaseLabel =
    target.driver === 'pglite' ? `PGlite (PostgreSQL ${version})` : `PostgreSQL ${version}`
  const size =
    posts >= 1_000_000 ? `${Math.round(posts / 1_000_000)}m` : `${Math.round(posts / 1000)}k`
  const base = resultBase(`${new Date().toISOString().slice(0, 10)}-${target.driver}-${size}-plans`)
  fs.mkdirSync(path.dirname(base), { recursive: true })
  fs.writeFileSync(
    `${base}.json`,
    `${JSON.stringify({ date: new Date().toISOString(), database: databaseLabel, posts, rows }, null, 2)}\n`,
  )
  fs.writeFileSync(
    `${base}.md`,
    [
      `# Plans des requêtes chaudes — ${databaseLabel}, ${posts.toLocaleString('fr-FR')} publications`,
      '',
      'EXPLAIN (ANALYZE, BUFFERS) de chaque requête telle que son service l’envoie, choix du planificateur ; « plan réutilisé » : le plan générique, fait sans les valeurs, que PostgreSQL peut garder pour une instruction préparée après cinq exécutions. ' +
        '« Lignes » : lignes lues par l’index qui mène la page (plafond : 2 × LIMIT ; pour une recherche, la fenêtre récente ou la marche plus longue de l’ADR 039).',
      '',
      '| requête | index | lignes | plafond | requêtes SQL | planification ms | exécution ms | blocs lus (cache/disque) | scans séquentiels | verdict |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${row.index} | ${row.rowsRead} | ${row.maxRows} | ${row.statements} | ${row.planningMs} | ${row.executionMs} | ${row.sharedHit}/${row.sharedRead} | ${row.seqScans.join(', ') || 'aucun'} | ${row.ok ? 'ok' : '**non**'} |`,
      ),
      '',
    ].join('\n'),
  )
  console.log(`Résultats : ${path.relative(process.cwd(), base)}.json et .md`)
} catch (error) {
  console.error('Échec :', error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await closeDatabase()
}
process.exit(exitCode)
