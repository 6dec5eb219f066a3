// Migrates one template database per run; each test file then starts from a copy of it
// (creating and migrating a database per file would cost seconds each).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPgliteMemory, openPostgres } from '../../app/server/db/client.server'
import { seedReferenceData } from '../../app/server/db/seed/reference-data.server'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

export async function setup(project: TestProject) {
  const driver = project.config.env.TEST_DATABASE_DRIVER
  if (driver === 'postgres') return setupPostgres(project)
  return setupPglite(project)
}

async function setupPglite(project: TestProject) {
  const handle = await openPgliteMemory()
  await handle.migrate()
  await seedReferenceData(handle.db)
  const client = (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite })
    .$client
  const dump = await client.dumpDataDir('none')
  await handle.close()
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tremplin-test-'))
  const file = path.join(directory, 'template.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => fs.rmSync(directory, { recursive: true, force: true })
}

async function setupPostgres(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL manquant')
  const template = `tremplin_template_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${template}`)
  await admin.query(`create database ${template}`)
  const handle = openPostgres(withDatabase(adminUrl, template), 2)
  try {
    await handle.migrate()
    await seedReferenceData(handle.db)
  } finally {
    await handle.close()
  }
  project.provide('postgresTemplate', template)
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`)
    await admin.end()
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
