// `npm run bench:trace`: what the browser's main thread does while a page loads, with the CPU
// slowed as Lighthouse's phone is (four times by default). The production server runs on the
// benchmark database (DATABASE_URL, or DATA_DIR — data/bench by default); Chromium loads the
// page as a first-time visitor, with a Chrome trace and V8's sampling profiler. For each long
// task (over 50 ms, the kind Lighthouse's blocking time counts) it prints when it started, its
// length, the browser's own steps in it (parsing, layout…) and the functions that held it, their
// callees included (ADR 049 was found this way; a build without minification names React's).
//
//   npm run bench:trace -- [--path /feed] [--runs 3] [--slowdown 4] [--width 412]
//
// The traces are written to bench/profiles/ (not committed), to open in Chrome's DevTools.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/setup/chromium'
import { benchDatabase } from './bench/database'
import { productionServerEnv, startProcess, stopProcess, waitForUrl } from './bench/server'

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/feed' },
    runs: { type: 'string', default: '3' },
    slowdown: { type: 'string', default: '4' },
    width: { type: 'string', default: '412' },
    port: { type: 'string', default: '3320' },
  },
})
const ORIGIN = `http://127.0.0.1:${args.port}`
const LONG_TASK_US = 50_000
const TOP_FUNCTIONS = 8

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  id?: string
  args?: {
    name?: string
    data?: {
      startTime?: number
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
      timeDeltas?: number[]
    }
  }
}
interface ProfileNode {
  id: number
  parent?: number
  // V8 leaves out the URL of its own frames ('(garbage collector)'…).
  callFrame: { functionName: string; url?: string; lineNumber: number }
}

/** The page's main thread: its long tasks, each with the functions its samples fell in. */
function longTasks(events: TraceEvent[]) {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  )
  const onMain = (event: TraceEvent) => mainThreads.has(`${event.pid}:${event.tid}`)
  // Top-level tasks only: a task run inside another is part of it.
  const tasks: TraceEvent[] = []
  const runTasks = events
    .filter((event) => event.ph === 'X' && event.name === 'RunTask' && onMain(event))
    .toSorted((a, b) => a.ts - b.ts)
  for (const task of runTasks) {
    const last = tasks.at(-1)
    if (!last || task.ts >= last.ts + (last.dur ?? 0)) tasks.push(task)
  }
  const navigationStart =
    events.find((event) => event.name === 'navigationStart' && onMain(event))?.ts ??
    tasks[0]?.ts ??
    0

  // V8's samples: a 'Profile' event per thread, then 'ProfileChunk's of nodes and time deltas.
  const profiles = events.filter((event) => event.name === 'Profile' && onMain(event))
  const nodes = new Map<string, ProfileNode>()
  const samples: { node: string; ts: number }[] = []
  for (const profile of profiles) {
    let time = profile.args?.data?.startTime ?? profile.ts
    for (const chunk of events) {
      if (chunk.name !== 'ProfileChunk' || chunk.pid !== profile.pid || chunk.id !== profile.id) {
        continue
      }
      const data = chunk.args?.data
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(`${chunk.id}:${node.id}`, node)
      const deltas = data?.timeDeltas ?? []
      ;(data?.cpuProfile?.samples ?? []).forEach((sample, index) => {
        time += deltas[index] ?? 0
        samples.push({ node: `${chunk.id}:${sample}`, ts: time })
      })
    }
  }
  const frameName = (node: ProfileNode) => {
    const file = node.callFrame.url?.split('/').pop() ?? ''
    return `${node.callFrame.functionName || '(anonyme)'}${file ? ` ${file}:${node.callFrame.lineNumber + 1}` : ''}`
  }

  return tasks
    .filter((task) => (task.dur ?? 0) > LONG_TASK_US)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0)
      const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end)
      const inclusive = new Map<string, number>()
      for (const sample of inTask) {
        const seen = new Set<string>()
        const [profileId] = sample.node.split(':')
        for (let node = nodes.get(sample.node); node;) {
          const name = frameName(node)
          if (!seen.has(name) && !/^\((root|program|idle)\)/.test(name)) {
            inclusive.set(name, (inclusive.get(name) ?? 0) + 1)
            seen.add(name)
          }
          node = node.parent === undefined ? undefined : nodes.get(`${profileId}:${node.parent}`)
        }
      }
      // What the browser did in it besides scripts: parsing, style, layout, paint.
      const steps = events
        .filter(
          (event) =>
            event.ph === 'X' &&
            event.name !== 'RunTask' &&
            onMain(event) &&
            event.ts >= task.ts &&
            event.ts < end &&
            (event.dur ?? 0) >= 3_000,
        )
        .toSorted((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 5)
        .map((event) => `${event.name} ${Math.round((event.dur ?? 0) / 1000)} ms`)
      return {
        steps,
        startMs: Math.round((task.ts - navigationStart) / 1000),
        durationMs: Math.round((task.dur ?? 0) / 1000),
        samples: inTask.length,
        functions: [...inclusive]
          .toSorted((a, b) => b[1] - a[1])
          .slice(0, TOP_FUNCTIONS)
          .map(([name, count]) => ({ name, share: count / Math.max(1, inTask.length) })),
      }
    })
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })
const server = startProcess(
  process.execPath,
  ['server.ts'],
  productionServerEnv(benchDatabase(), Number(args.port)),
)
let exitCode = 0
try {
  await waitForUrl(`${ORIGIN}/healthz`, server)
  // A server in service has rendered the page before (as for bench:lighthouse).
  for (let visit = 0; visit < 20; visit++) await (await fetch(`${ORIGIN}${args.path}`)).text()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const profilesDir = path.join(root, 'bench/profiles')
  fs.mkdirSync(profilesDir, { recursive: true })
  for (let run = 1; run <= Number(args.runs); run++) {
    const context = await browser.newContext({
      viewport: { width: Number(args.width), height: 823 },
    })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.slowdown) })
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
      ],
    })
    await page.goto(`${ORIGIN}${args.path}`, { waitUntil: 'load' })
    await page.waitForTimeout(3000)
    const buffer = await browser.stopTracing()
    await context.close()
    const file = path.join(profilesDir, `trace-${args.path.replace(/\W+/g, '_')}-${run}.json`)
    fs.writeFileSync(file, buffer)

    const parsed = JSON.parse(buffer.toString()) as TraceEvent[] | { traceEvents: TraceEvent[] }
    const tasks = longTasks(Array.isArray(parsed) ? parsed : parsed.traceEvents)
    const blocking = tasks.reduce((sum, task) => sum + task.durationMs - 50, 0)
    console.log(
      `\n${args.path}, passage ${run} (CPU ralenti ${args.slowdown} fois) : ${tasks.length} tâches longues, ` +
        `${blocking} ms au-delà de 50 ms ; trace : ${path.relative(root, file)}`,
    )
    for (const task of tasks) {
      console.log(
        `  à ${task.startMs} ms, ${task.durationMs} ms (${task.samples} échantillons) : ${task.steps.join(' · ')}`,
      )
      for (const { name, share } of task.functions) {
        console.log(`    ${String(Math.round(share * 100)).padStart(3)} %  ${name}`)
      }
    }
  }
  await browser.close()
} catch (error) {
  console.error('Échec de la trace :', error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await stopProcess(server)
}
process.exit(exitCode)
