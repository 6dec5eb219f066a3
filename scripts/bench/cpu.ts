// CPU time spent by the server and by PostgreSQL during a scenario, read from /proc (Linux).
// Requests per second move with whatever else shares the two cores; the CPU milliseconds a
// request costs move much less, which is what tells whether a change made a page cheaper.
import fs from 'node:fs'

/** Clock ticks per second of /proc's counters: 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100

interface ProcessTimes {
  pid: number
  parent: number
  command: string
  /**
   * User plus system time, in ticks, with that of its children that have ended (cutime,
   * cstime): a worker or a PostgreSQL backend that stops during a run still counts.
   */
  ticks: number
}

function readProcesses(): ProcessTimes[] {
  const list: ProcessTimes[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // Ended since the listing.
    }
    // 'pid (command) state ppid …': the command may hold spaces and parentheses.
    const close = stat.lastIndexOf(')')
    const fields = stat.slice(close + 2).split(' ')
    list.push({
      pid: Number(entry),
      parent: Number(fields[1]),
      command: stat.slice(stat.indexOf('(') + 1, close),
      ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
    })
  }
  return list
}

export interface CpuSample {
  /** The server process and its workers. */
  server: number
  /** Every PostgreSQL process of the machine (0 with PGlite, which runs inside the server). */
  database: number
}

/** CPU seconds used so far by the server's process tree and by PostgreSQL. */
export function sampleCpu(serverPid: number | undefined): CpuSample | null {
  if (process.platform !== 'linux' || serverPid === undefined) return null
  const processes = readProcesses()
  const server = processes
    .filter((item) => item.pid === serverPid || item.parent === serverPid)
    .reduce((sum, item) => sum + item.ticks, 0)
  const database = processes
    .filter((item) => item.command === 'postgres' || item.command.startsWith('postgres:'))
    .reduce((sum, item) => sum + item.ticks, 0)
  return { server: server / TICKS_PER_SECOND, database: database / TICKS_PER_SECOND }
}

/** Milliseconds of CPU per request between two samples. */
export function cpuPerRequest(
  before: CpuSample | null,
  after: CpuSample | null,
  requests: number,
): { serverMs: number; databaseMs: number } | undefined {
  if (!before || !after || requests === 0) return undefined
  const perRequest = (seconds: number) => Math.round((seconds * 10_000) / requests) / 10
  return {
    serverMs: perRequest(after.server - before.server),
    databaseMs: perRequest(after.database - before.database),
  }
}
