// `npm run db:reset -- --yes`: erases the database and starts again from the migrations,
// reference data and (as the app would) demo content.
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { confirmInTerminal } from './confirm'

const shellLogLevel = process.env.LOG_LEVEL
if (fs.existsSync('.env')) process.loadEnvFile('.env')
// The demo content is seeded below, explicitly, following the configured policy.
const seedPolicy = process.env.SEED_DEMO_CONTENT || 'auto'
process.env.SEED_DEMO_CONTENT = 'never'
process.env.LOG_LEVEL = shellLogLevel ?? 'warn'

const { getEnv } = await import('../app/server/env.server')
const { closeDatabase, startDatabase } = await import('../app/server/db/db.server')
const { lockDirectory } = await import('../app/server/db/lock.server')
const { seedDemoContentIfEmpty } = await import('../app/server/db/seed/demo.server')

async function resetEmbedded(dataDir: string) {
  const databaseDir = path.resolve(dataDir, 'pglite')
  const uploadsDir = path.resolve(dataDir, 'uploads')
  // Refuses (DatabaseLockedError) while the app or another script has the database open.
  lockDirectory(databaseDir)()
  fs.rmSync(databaseDir, { recursive: true, force: true })
  console.log(`Base embarquée supprimée : ${databaseDir}`)
  fs.rmSync(uploadsDir, { recursive: true, force: true })
  console.log(`Fichiers envoyés supprimés : ${uploadsDir}`)
}

async function resetServer(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('drop schema if exists drizzle cascade')
    await client.query('drop schema if exists public cascade')
    await client.query('create schema public')
  } finally {
    await client.end()
  }
  console.log('Schémas « public » et « drizzle » supprimés, schéma « public » recréé.')
}

let exitCode = 0
try {
  const env = getEnv()
  const target = env.DATABASE_URL
    ? 'toutes les données de la base PostgreSQL (DATABASE_URL)'
    : `toutes les données de ${path.join(env.DATA_DIR, 'pglite')} et ${path.join(env.DATA_DIR, 'uploads')}`
  const confirmed = await confirmInTerminal({
    warning: `Cette commande efface ${target}.`,
    command: 'npm run db:reset --',
  })
  if (!confirmed) {
    console.log('Réinitialisation annulée.')
    exitCode = 1
  } else {
    if (env.DATABASE_URL) await resetServer(env.DATABASE_URL)
    else await resetEmbedded(env.DATA_DIR)

    const handle = await startDatabase()
    console.log('Migrations et données de référence appliquées.')
    if (seedPolicy === 'always' || (seedPolicy === 'auto' && handle.driver === 'pglite')) {
      const seeded = await seedDemoContentIfEmpty(handle.db)
      if (seeded) {
        console.log(
          `Contenu de démonstration créé : ${seeded.profiles} membres, ${seeded.posts} publications, ` +
            `${seeded.comments} commentaires, ${seeded.votes} votes, ${seeded.saves} enregistrements.`,
        )
      }
    } else {
      console.log('Pas de contenu de démonstration (ajoutez-le avec `npm run db:seed`).')
    }
    console.log('Base de données réinitialisée.')
  }
} catch (error) {
  console.error('Échec de la réinitialisation :', error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await closeDatabase()
}
process.exit(exitCode)
