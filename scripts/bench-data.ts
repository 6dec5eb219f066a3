// `npm run bench:data -- --posts 1000000 [--replace]`: fills the benchmark database (DATA_DIR,
// data/bench by default, or DATABASE_URL) with generated members, posts, votes, comments and
// saves, in SQL (INSERT … SELECT generate_series), then checks that every counter is exact.
import { parseArgs } from 'node:util'
import { benchDatabase, openBenchDatabase } from './bench/database'
import { countCounterMismatches, generateBenchData } from './bench/generate-data'

process.env.LOG_LEVEL ??= 'warn'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    replace: { type: 'boolean', default: false },
  },
})
const posts = Number(values.posts)
if (!Number.isInteger(posts) || posts < 1) {
  console.error('--posts attend un nombre entier positif, par exemple --posts 1000000')
  process.exit(1)
}

const target = benchDatabase()
let exitCode = 0
const database = await openBenchDatabase(target).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
try {
  console.log(
    `${database.version} : ${target.url ? 'DATABASE_URL' : `${target.dataDir}/pglite`}, ${posts.toLocaleString('fr-FR')} publications`,
  )
  const summary = await generateBenchData(database, {
    posts,
    replace: values.replace,
    driver: target.driver,
    log: (message) => console.log(message),
  })
  const mismatches = await countCounterMismatches(database)
  console.log(
    `Terminé en ${summary.seconds.toFixed(1)} s : ${summary.members} membres, ${summary.posts} publications, ` +
      `${summary.votes} votes, ${summary.comments} commentaires, ${summary.saves} enregistrements, ` +
      `${summary.postCategories} liens de catégorie, ${summary.postSectors} liens de secteur, ` +
      `${summary.favorites} favoris.`,
  )
  if (mismatches > 0) {
    console.error(`${mismatches} publications ont des compteurs faux.`)
    exitCode = 1
  } else {
    console.log('Compteurs vérifiés : votes et commentaires égaux aux lignes.')
  }
} catch (error) {
  console.error('Échec :', error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await database.close()
}
// PGlite may keep a timer alive.
process.exit(exitCode)
