import fs from 'node:fs'
import path from 'node:path'

export class DatabaseLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly ownerPid: number,
  ) {
    super(
      `La base embarquée ${directory} est déjà ouverte par le processus ${ownerPid}. ` +
        `Arrêtez-le (un seul processus peut ouvrir PGlite) ou définissez DATABASE_URL pour utiliser un serveur PostgreSQL.`,
    )
    this.name = 'DatabaseLockedError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwner(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/**
 * Takes the directory's lock file (like PostgreSQL's postmaster.pid) or throws at once.
 * A lock left by a dead process, or by this very PID after a container restart, is stale.
 * Returns the function that releases it.
 */
export function lockDirectory(directory: string): () => void {
  fs.mkdirSync(directory, { recursive: true })
  const lockFile = path.join(directory, 'tremplin.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => {
        if (readOwner(lockFile) === process.pid) fs.rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(lockFile)
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(directory, owner)
      }
      fs.rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Impossible de verrouiller ${directory}.`)
}
