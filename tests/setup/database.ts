// Gives each test file its own database, copied from the migrated template, and empties the
// member tables before every test (reference data stays).
import fs from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import { openPgliteMemory, openPostgres } from '../../app/server/db/client.server'
import { closeDatabase, getDatabase, useDatabase } from '../../app/server/db/db.server'
import { databaseError, SQLSTATE } from '../../app/server/db/errors.server'
import { withDatabase } from './global-database'

const MEMBER_TABLES = [
  'contact_messages',
  'profile_links',
  'post_views',
  'favorite_communities',
  'saved_posts',
  'post_votes',
  'comments',
  'post_categories',
  'post_sectors',
  'link_previews',
  'posts',
  'profiles',
  'member_slugs',
  'sessions',
  'accounts',
  'verifications',
  'two_factors',
  'used_totp_codes',
  'uploads',
  'file_removals',
  'users',
  'rate_limits',
  'auth_rate_limits',
]

let dropDatabase: (() => Promise<void>) | undefined

beforeAll(async () => {
  if (process.env.TEST_DATABASE_DRIVER === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL as string
    const name = `tremplin_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`)
    useDatabase(openPostgres(withDatabase(adminUrl, name), 20))
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  } else {
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))])
    useDatabase(await openPgliteMemory(template))
  }
})

/**
 * Work a test left running after its end (a mail sent after its answer, a link preview's
 * fetch) may hold a row lock the truncate waits on while it waits on the truncate's: PostgreSQL
 * then refuses one of the two as a deadlock, and the truncate is tried again.
 */
async function emptyMemberTables(attemptsLeft = 3): Promise<void> {
  try {
    await getDatabase().execute(`truncate ${MEMBER_TABLES.join(', ')} cascade`)
  } catch (error) {
    if (attemptsLeft <= 1 || databaseError(error).code !== SQLSTATE.deadlock) throw error
    await emptyMemberTables(attemptsLeft - 1)
  }
}

beforeEach(async () => {
  await emptyMemberTables()
})

afterAll(async () => {
  await closeDatabase()
  await dropDatabase?.()
})
