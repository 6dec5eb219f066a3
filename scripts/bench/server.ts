// The production server (server.ts) and other child processes of the benchmark scripts.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import type { BenchDatabase } from './database'

/** Signs the benchmark's session cookies; the server is given the same. */
export const BENCH_SECRET = 'tremplin-benchmark-secret-not-for-production-use'

/** Better Auth's session cookie with the app's prefix (app/server/auth/session.server.ts). */
export const SESSION_COOKIE = 'tremplin.session_token'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

/** The environment of server.ts on loopback against the benchmark database. */
export function productionServerEnv(
  target: BenchDatabase,
  port: number,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BETTER_AUTH_SECRET: BENCH_SECRET,
    SEED_DEMO_CONTENT: 'never',
    LOG_LEVEL: 'warn',
    ...(target.driver === 'pglite' ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.url }),
    ...extra,
  }
}

export function startProcess(
  command: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
): ChildProcess {
  const child = spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] })
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[serveur] ${chunk}`))
  return child
}

export async function waitForUrl(url: string, child: ChildProcess, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Le serveur s’est arrêté (code ${child.exitCode}).`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} ne répond pas après ${seconds} s.`)
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}
