// `npm run db:migrate`: applies pending migrations and upserts reference data, nothing else.
import fs from 'node:fs'

const shellLogLevel = process.env.LOG_LEVEL
if (fs.existsSync('.env')) process.loadEnvFile('.env')
process.env.SEED_DEMO_CONTENT = 'never'
process.env.LOG_LEVEL = shellLogLevel ?? 'warn'

const { closeDatabase, startDatabase } = await import('../app/server/db/db.server')

let exitCode = 0
try {
  await startDatabase()
  console.log('Migrations appliquées.')
} catch (error) {
  console.error('Échec des migrations :', error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await closeDatabase()
}
process.exit(exitCode)
