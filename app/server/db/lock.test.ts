import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openPgliteDirectory } from './client.server'
import { lockDirectory } from './lock.server'

const fixture = path.resolve('tests/fixtures/open-embedded-database.ts')
const directories: string[] = []

function temporaryDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tremplin-lock-'))
  directories.push(directory)
  return directory
}

/** Runs the fixture in a separate Node process, as a second `npm start` would. */
function openFromAnotherProcess(directory: string) {
  const started = Date.now()
  const result = spawnSync('npx', ['tsx', fixture, directory], { encoding: 'utf8' })
  return { status: result.status, output: result.stdout + result.stderr, ms: Date.now() - started }
}

afterEach(() => {
  for (const directory of directories.splice(0))
    fs.rmSync(directory, { recursive: true, force: true })
})

describe('embedded database lock', () => {
  it('refuses a second process at once with a clear French message, then lets it in after close', async () => {
    const directory = temporaryDirectory()
    const handle = await openPgliteDirectory(directory)
    try {
      const refused = openFromAnotherProcess(directory)
      expect(refused.status).toBe(1)
      expect(refused.output).toContain(`est déjà ouverte par le processus ${process.pid}`)
      expect(refused.output).toContain('DATABASE_URL')
    } finally {
      await handle.close()
    }
    const admitted = openFromAnotherProcess(directory)
    expect(admitted.output).toContain('opened')
    expect(admitted.status).toBe(0)
  }, 60_000)

  it('takes over a lock left by a process that no longer exists', () => {
    const directory = temporaryDirectory()
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
      encoding: 'utf8',
    })
    fs.writeFileSync(path.join(directory, 'tremplin.pid'), dead.stdout.trim())
    const release = lockDirectory(directory)
    expect(fs.readFileSync(path.join(directory, 'tremplin.pid'), 'utf8')).toBe(String(process.pid))
    release()
    expect(fs.existsSync(path.join(directory, 'tremplin.pid'))).toBe(false)
  })
})
