// Crash safety (issue 10): 20 clients publish posts while the server is killed with SIGKILL at
// a random moment, 20 rounds. Every post acknowledged (the redirect to its page) must be there
// after the restart, the restart must take under 10 s, and the database must open cleanly.
//
//   npm run test:stress:crash -- pglite      (DATA_DIR=data/stress-pglite)
//   npm run test:stress:crash -- postgres    (database tremplin_stress on 127.0.0.1:5432)
//
// Prints one line per round and a JSON summary; exits 1 when a check fails.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const driver = process.argv[2] === 'postgres' ? 'postgres' : 'pglite'
const ROUNDS = Number(process.env.STRESS_ROUNDS ?? 20)
const CLIENTS = 20
const MEMBERS_PER_CLIENT = 5
const PORT = 3190
const ORIGIN = `http://127.0.0.1:${PORT}`
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const dataDir = path.join(root, 'data/stress-pglite')
const adminUrl = process.env.STRESS_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const databaseUrl =
  process.env.STRESS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tremplin_stress'

const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: ORIGIN,
  DATA_DIR: dataDir,
  SEED_DEMO_CONTENT: 'never',
  LOG_LEVEL: 'warn',
  ...(driver === 'postgres' ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
}
// This script opens the same database between rounds to create members: same settings.
Object.assign(process.env, serverEnv)

const { startDatabase, closeDatabase } = await import('../app/server/db/db.server')
const { createProfiles } = await import('../app/server/db/seed/factories.server')
const { db } = await import('../app/server/db/db.server')
const { sessions } = await import('../app/server/db/schema')
const { makeSignature } = await import('better-auth/crypto')
const { getEnv } = await import('../app/server/env.server')

/**
 * A session row and its signed cookie, as Better Auth writes them at sign-in (its own module
 * loads assets through Vite, so this script writes the row itself).
 */
async function sessionCookie(userId: string): Promise<string> {
  const token = crypto.randomUUID().replaceAll('-', '')
  await db.insert(sessions).values({
    id: crypto.randomUUID(),
    token,
    userId,
    expiresAt: new Date(Date.now() + 24 * 3_600_000),
  })
  const signature = await makeSignature(token, getEnv().BETTER_AUTH_SECRET)
  return `tremplin.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

async function freshDatabase() {
  if (driver === 'pglite') {
    fs.rmSync(dataDir, { recursive: true, force: true })
    return
  }
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query('drop database if exists tremplin_stress with (force)')
  await admin.query('create database tremplin_stress')
  await admin.end()
}

/** Opens the database (which must recover from the crash), creates this round's members. */
async function createMembers(count: number): Promise<string[]> {
  await startDatabase()
  try {
    const profiles = await createProfiles(
      db,
      Array.from({ length: count }, () => ({})),
    )
    return await Promise.all(profiles.map((profile) => sessionCookie(profile.userId)))
  } finally {
    await closeDatabase()
  }
}

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['server.ts'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    if (/error|fatal/i.test(text)) process.stderr.write(`[serveur] ${text}`)
  })
  return child
}

/** Milliseconds until /healthz answers 200 with the database up; throws after 30 s. */
async function waitUntilHealthy(started: number): Promise<number> {
  while (Date.now() - started < 30_000) {
    try {
      const response = await fetch(`${ORIGIN}/healthz`)
      if (response.ok) return Date.now() - started
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the server did not become healthy within 30 s')
}

interface Ack {
  title: string
  location: string
}

/** One client: publishes with its members in turn until the server dies. */
async function client(index: number, cookies: string[], round: number, acks: Ack[]) {
  for (let attempt = 0; ; attempt += 1) {
    const cookie = cookies[attempt % cookies.length]!
    const title = `Crash ${driver} r${round} c${index} n${attempt}`
    const body = new URLSearchParams({
      title,
      content: 'Publié pendant un test de résistance aux arrêts brutaux.',
      categories: 'feedback',
    })
    try {
      const response = await fetch(`${ORIGIN}/post/create`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      })
      const location = response.headers.get('location')
      if (response.status === 302 && location?.startsWith('/post/')) acks.push({ title, location })
      // Past the per-member limit (one post per 10 s), pause instead of spinning.
      if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 200))
    } catch {
      return // The server is gone.
    }
  }
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

async function verify(acks: Ack[]): Promise<string[]> {
  const missing: string[] = []
  for (const ack of acks) {
    const response = await fetch(`${ORIGIN}${ack.location}`)
    const html = response.ok ? await response.text() : ''
    if (!html.includes(ack.title)) missing.push(`${ack.title} (${response.status})`)
  }
  return missing
}

await freshDatabase()
const rounds: { round: number; acknowledged: number; restartMs: number; missing: string[] }[] = []
let previous: Ack[] = []
for (let round = 1; round <= ROUNDS; round += 1) {
  const cookies = await createMembers(CLIENTS * MEMBERS_PER_CLIENT)
  const started = Date.now()
  const server = startServer()
  const restartMs = await waitUntilHealthy(started)
  // What was acknowledged before the last crash is still there.
  const missing = await verify(previous)
  const acks: Ack[] = []
  const clients = Array.from({ length: CLIENTS }, (_, index) =>
    client(
      index,
      cookies.slice(index * MEMBERS_PER_CLIENT, (index + 1) * MEMBERS_PER_CLIENT),
      round,
      acks,
    ),
  )
  await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 3000))
  await kill(server)
  await Promise.all(clients)
  rounds.push({ round, acknowledged: previous.length, restartMs, missing })
  console.log(
    `[${driver}] manche ${round}: ${acks.length} posts acquittés avant l'arrêt, redémarrage en ${restartMs} ms, ${missing.length} manquant(s) de la manche précédente`,
  )
  previous = acks
}
// The last round's posts, after one more restart.
await createMembers(0)
const server = startServer()
const restartMs = await waitUntilHealthy(Date.now())
const missing = await verify(previous)
rounds.push({ round: ROUNDS + 1, acknowledged: previous.length, restartMs, missing })
await kill(server)

const summary = {
  driver,
  rounds: ROUNDS,
  clients: CLIENTS,
  acknowledged: rounds.reduce((sum, round) => sum + round.acknowledged, 0),
  missing: rounds.flatMap((round) => round.missing),
  slowestRestartMs: Math.max(...rounds.map((round) => round.restartMs)),
}
console.log(JSON.stringify(summary, null, 2))
const ok = summary.missing.length === 0 && summary.slowestRestartMs < 10_000
if (!ok) console.error('ÉCHEC : posts perdus ou redémarrage trop lent')
process.exit(ok ? 0 : 1)
