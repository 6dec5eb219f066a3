import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import {
  formatMarkdown,
  meanWaitMs,
  median,
  scaleChecks,
  targetLines,
  type BenchReport,
  type ScenarioResult,
} from './report'

function result(name: string, requestsPerSecond: number, p99: number): ScenarioResult {
  return {
    name,
    description: name,
    requests: requestsPerSecond * 12,
    seconds: 12,
    requestsPerSecond,
    p50: p99 / 2,
    p95: p99 * 0.8,
    p99,
    errors: 0,
    statuses: { '200': requestsPerSecond * 12 },
  }
}

function report(results: ScenarioResult[]): BenchReport {
  return {
    date: '2026-11-28T15:37:00.000Z',
    machine: { cpus: 2, memoryGiB: 24 },
    node: 'v24.21.0',
    database: {
      driver: 'postgres',
      version: 'PostgreSQL 15',
      posts: 1_000_000,
      members: 83_334,
      poolSize: 10,
    },
    load: { connections: 50, warmupSeconds: 3, durationSeconds: 12, acceptEncoding: 'zstd' },
    results,
  }
}

describe('median', () => {
  it('is the middle figure of unsorted rounds, by nearest rank', () => {
    expect(median([2.4, 1.9, 2.1])).toBe(2.1)
    expect(median([0.8, 0.7])).toBe(0.7)
    expect(median([])).toBe(0)
  })
})

describe('meanWaitMs', () => {
  it('is the connections over the throughput (Little’s law for a closed loop)', () => {
    expect(meanWaitMs(50, 500)).toBe(100)
    expect(meanWaitMs(50, 1_000)).toBe(50)
    expect(meanWaitMs(1, 250)).toBe(4)
  })

  it('is unbounded when nothing was answered', () => {
    expect(meanWaitMs(50, 0)).toBe(Infinity)
  })
})

describe('targetLines', () => {
  it('states the mean wait beside the signed-in feed’s and the floor’s p99', () => {
    const lines = targetLines(
      report([result('feed-signed-in', 534, 239.1), result('feed-floor', 1_398, 93.1)]),
    )
    expect(lines[0]).toContain('534 req/s, p99 239.1 ms')
    expect(lines[0]).toContain('attente moyenne 50 connexions ÷ 534 req/s = 93.6 ms')
    expect(lines[0]).toMatch(/— \*\*manqué\*\*$/)
    expect(lines[1]).toContain('attente moyenne 50 connexions ÷ 1398 req/s = 35.8 ms')
    expect(lines[1]).toMatch(/— atteint$/)
  })

  it('judges the feed on its throughput and its p99 together', () => {
    const [fast] = targetLines(report([result('feed-signed-in', 1_200, 95)]))
    const [slow] = targetLines(report([result('feed-signed-in', 390, 95)]))
    expect(fast).toMatch(/— atteint$/)
    expect(slow).toMatch(/— \*\*manqué\*\*$/)
  })
})

describe('formatMarkdown', () => {
  it('states the pause between the warm-up and the run, where the run had one', () => {
    const paused = report([result('feed-signed-in', 534, 239.1)])
    paused.load.warmupPauseSeconds = 1
    expect(formatMarkdown(paused)).toContain('3 s de chauffe, 1 s de pause, puis 12 s')
    expect(formatMarkdown(report([result('feed-signed-in', 534, 239.1)]))).toContain(
      '3 s de chauffe puis 12 s',
    )
  })
})

describe('scaleChecks', () => {
  function fullRun(posts: number, p50: number, bootId: string | undefined, date: string) {
    const run = report([{ ...result('feed-signed-in-1c', 300, 8), p50 }])
    run.date = date
    run.database.posts = posts
    run.machine.bootId = bootId
    return run
  }

  const directories: string[] = []
  afterAll(() => {
    for (const directory of directories) fs.rmSync(directory, { recursive: true, force: true })
  })

  function resultsDirectory(runs: BenchReport[]): string {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tremplin-scale-checks-test-'))
    directories.push(directory)
    for (const run of runs) {
      const size = run.database.posts >= 1_000_000 ? '1m' : '10k'
      const time = run.date.slice(11, 16).replace(':', '')
      fs.writeFileSync(
        path.join(directory, `${run.date.slice(0, 10)}-postgres-${size}-${time}.json`),
        JSON.stringify(run),
      )
    }
    return directory
  }

  it('compares the two sizes measured on this machine since it started', () => {
    const directory = resultsDirectory([
      fullRun(10_000, 4, 'boot-a', '2026-11-29T10:00:00.000Z'),
      fullRun(1_000_000, 5, 'boot-a', '2026-11-29T11:00:00.000Z'),
      // Later, but on another machine (three times slower): not compared.
      fullRun(10_000, 12, 'boot-b', '2026-11-29T12:00:00.000Z'),
    ])
    const lines = scaleChecks(directory, 'postgres', 'boot-a')
    expect(lines).toContain('feed-signed-in-1c : 5 ms ÷ 4 ms = 1.25 — atteint')
    expect(lines).toContain('10 k le 2026-11-29 10:00 UTC')
  })

  it('compares nothing when one size was measured on another machine or before a restart', () => {
    const directory = resultsDirectory([
      fullRun(10_000, 4, 'boot-b', '2026-11-29T10:00:00.000Z'),
      fullRun(1_000_000, 5, 'boot-a', '2026-11-29T11:00:00.000Z'),
      fullRun(10_000, 4, undefined, '2026-11-29T12:00:00.000Z'),
    ])
    expect(scaleChecks(directory, 'postgres', 'boot-a')).toMatch(
      /^Échelle : il faut un passage complet à 10 000 et un à 1 000 000 publications sur cette machine/,
    )
    expect(scaleChecks(directory, 'postgres', undefined)).toMatch(/^Échelle : il faut/)
  })
})
