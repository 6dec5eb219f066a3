// `npm run db:seed`: adds the demo community to an empty database (embedded or PostgreSQL).
import fs from 'node:fs'

// Same configuration as the app, but the demo content is seeded here, explicitly.
const shellLogLevel = process.env.LOG_LEVEL
if (fs.existsSync('.env')) process.loadEnvFile('.env')
process.env.SEED_DEMO_CONTENT = 'never'
process.env.LOG_LEVEL = shellLogLevel ?? 'warn'

const { closeDatabase, startDatabase } = await import('../app/server/db/db.server')
const { seedDemoContentIfEmpty } = await import('../app/server/db/seed/demo.server')
const { getEnv } = await import('../app/server/env.server')

let exitCode = 0
try {
  const handle = await startDatabase()
  const env = getEnv()
  console.log(
    handle.driver === 'pglite'
      ? `Base embarquée (PGlite) : ${env.DATA_DIR}/pglite`
      : 'Serveur PostgreSQL (DATABASE_URL)',
  )
  const started = performance.now()
  const seeded = await seedDemoContentIfEmpty(handle.db)
  const seconds = ((performance.now() - started) / 1000).toLocaleString('fr-FR', {
    maximumFractionDigits: 1,
  })
  if (seeded) {
    console.log(`Contenu de démonstration créé en ${seconds} s :`)
    console.log(`  - ${seeded.profiles} membres (avec leur avatar)`)
    console.log(`  - ${seeded.posts} publications`)
    console.log(`  - ${seeded.comments} commentaires`)
    console.log(`  - ${seeded.votes} votes`)
    console.log(`  - ${seeded.saves} publications enregistrées`)
    console.log(`  - ${seeded.favorites} communautés favorites`)
  } else {
    console.log(
      'La base contient déjà des profils : rien n’a été ajouté. ' +
        'Pour repartir de zéro, lancez `npm run db:reset`.',
    )
  }
} catch (error) {
  console.error('Échec du remplissage de la base :', error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await closeDatabase()
}
// PGlite and the logger may keep timers alive.
process.exit(exitCode)
