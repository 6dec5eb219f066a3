// The production server with a PostgreSQL server: one worker process per core (ADR 016), each
// listening on a socket of its own on the same port on Linux (ADR 055), started, serving a
// burst of new connections and stopped as an operator would. It needs a PostgreSQL server
// (workers are for DATABASE_URL only): playwright.config.ts runs it when TEST_DATABASE_URL is
// set, as vitest.config.ts does the PostgreSQL project, and CI always sets it.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { expect, request as newRequest, test } from '@playwright/test'
import pg from 'pg'
import { withDatabase } from '../setup/global-database'

const PORT = 3143
const ORIGIN = `http://127.0.0.1:${PORT}`
const WORKERS = 2

/**
 * The IPv4 sockets listening on 127.0.0.1:PORT, from the kernel's own table; null where there is
 * none to read (not Linux, where the primary holds the one socket).
 */
function listeningSockets(): number | null {
  if (process.platform !== 'linux') return null
  const local = `0100007F:${PORT.toString(16).toUpperCase().padStart(4, '0')}`
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, address, , state]) => address === local && state === '0A').length
}

const adminUrl = process.env.TEST_DATABASE_URL!
/** One socket per worker on Linux (ADR 055); no kernel table to read elsewhere. */
const SOCKETS_WHILE_SERVING = process.platform === 'linux' ? WORKERS : null

test.describe('with DATABASE_URL, in worker processes', () => {
  test.describe.configure({ mode: 'serial' })

  const database = `tremplin_workers_${randomBytes(4).toString('hex')}`
  let admin: pg.Client
  let server: ChildProcess
  let output = ''

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${database}`)
    server = spawn(process.execPath, ['server.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: ORIGIN,
        DATABASE_URL: withDatabase(adminUrl, database),
        WEB_CONCURRENCY: String(WORKERS),
        SEED_DEMO_CONTENT: 'never',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk))
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk))
    await expect.poll(() => output, { timeout: 90_000 }).toContain('Tremplin est prêt')
  })

  test.afterAll(async () => {
    if (server.exitCode === null) server.kill('SIGKILL')
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
  })

  test('each worker listens on the port itself, and a burst of new connections is served', async () => {
    expect(listeningSockets()).toBe(SOCKETS_WHILE_SERVING)
    // Twenty connections opened at once, as a page's visitors arriving together would.
    const contexts = await Promise.all(
      Array.from({ length: 20 }, () => newRequest.newContext({ baseURL: ORIGIN })),
    )
    const statuses = await Promise.all(
      contexts.map(async (context) => (await context.get('/healthz')).status()),
    )
    expect(statuses).toEqual(Array(20).fill(200))
    await Promise.all(contexts.map((context) => context.dispose()))
    expect(output).not.toContain('n’a pas pu démarrer')
  })

  test('stops on SIGTERM, its workers with it', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toContain('SIGTERM reçu')
    await expect.poll(listeningSockets).toBe(SOCKETS_WHILE_SERVING === null ? null : 0)
  })
})
