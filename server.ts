// Production entry: serves the React Router build on node:http with static assets, compressed
// answers and a graceful shutdown (react-router-serve does not exit while a database is open).
// Runs directly on Node 24 (type stripping): `node server.ts`.
//
// With a PostgreSQL server (DATABASE_URL), one worker process per core shares the port
// (node:cluster): rendering a page is single-threaded work. PGlite admits one process, so
// without DATABASE_URL there is one. WEB_CONCURRENCY sets the number of workers (ADR 016).
import cluster, { type Worker } from 'node:cluster'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { RouterContextProvider, ServerBuild } from 'react-router'

// Before anything loads React: its entry picks the development or production build from
// NODE_ENV at import time, and static imports would run before this line.
process.env.NODE_ENV ||= 'production'
// The process count depends on DATABASE_URL: read .env as the application will (variables
// already set win over the file).
if (fs.existsSync('.env')) process.loadEnvFile('.env')

type AppBuild = ServerBuild & {
  entry: {
    module: {
      startApp(): Promise<void>
      stopApp(): Promise<void>
      isCrossOriginWriteOf(input: {
        method: string
        origin: string | null | undefined
        secFetchSite: string | null | undefined
        ownOrigin: string
      }): boolean
      CROSS_ORIGIN_MESSAGE: string
      baseSecurityHeaders(): Record<string, string>
      compressAnswer(request: Request, response: Response): Promise<Response>
      createLoadContext(request: Request): RouterContextProvider
      keepVisitorPages(
        handler: (request: Request) => Promise<Response>,
      ): (request: Request) => Promise<Response>
      wantsPage(accept: string | undefined): boolean
      refusalPage(refusal: { status: number; message: string }): {
        headers: Record<string, string>
        body: string
      }
    }
  }
}

// The project's folder (decoded: a folder named « Mes projets » has a space in its path).
const root = import.meta.dirname
const buildPath = path.join(root, 'build/server/index.js')
const DRAIN_TIMEOUT_MS = 10_000
// Read as env.server.ts reads them: an empty value is unset.
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST || undefined
const WORKER_LISTENING = 'tremplin:listening'

const workerCount = countWorkers()
if (cluster.isPrimary && workerCount > 1) await runPrimary(workerCount)
else await runServer()

function countWorkers(): number {
  const requested = Number.parseInt(process.env.WEB_CONCURRENCY ?? '', 10)
  if (!process.env.DATABASE_URL) {
    if (requested > 1) {
      console.warn('WEB_CONCURRENCY ignoré : PGlite n’admet qu’un processus (DATABASE_URL absent).')
    }
    return 1
  }
  return requested >= 1 ? requested : os.availableParallelism()
}

function announceReady() {
  console.log(`Tremplin est prêt sur http://${host ?? 'localhost'}:${port}`)
}

async function loadBuild(): Promise<AppBuild> {
  return (await import(buildPath)) as AppBuild
}

/**
 * The primary migrates the database once, starts the workers, replaces one that dies, and on
 * SIGTERM/SIGINT passes the signal on and exits once they have drained.
 */
async function runPrimary(count: number) {
  const { startApp, stopApp } = (await loadBuild()).entry.module
  try {
    await startApp()
    await stopApp()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  let stopping = false
  const listening = new Set<number>()
  // A worker listening on its own socket (below) says so itself: the cluster's 'listening'
  // event is only for the ports the primary holds. The server is said ready once every worker
  // listens: the port answers as soon as one does, with one worker's share of the cores.
  // Worker ids are never reused nor removed from the set: its size reaches the count once.
  const workerListens = (worker: Worker) => {
    if (listening.has(worker.id)) return
    listening.add(worker.id)
    if (listening.size === count) announceReady()
  }
  cluster.on('listening', workerListens)
  cluster.on('message', (worker, message) => {
    if (message === WORKER_LISTENING) workerListens(worker)
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit()
      return
    }
    if (!listening.has(worker.id)) {
      // It could not even start (the database went away?): replacing it would loop.
      console.error(`Un processus n’a pas pu démarrer (${signal ?? code}) : arrêt.`)
      stop('SIGTERM')
      process.exitCode = 1
      return
    }
    console.error(`Processus ${worker.process.pid} arrêté (${signal ?? code}) : remplacé.`)
    cluster.fork()
  })
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} reçu : arrêt en cours…`)
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
  for (let index = 0; index < count; index += 1) cluster.fork()
}

/** One server process: the whole application (alone, or as one of the primary's workers). */
async function runServer() {
  const { createRequestHandler } = await import('react-router')
  const { createRequestListener } = await import('@remix-run/node-fetch-server')
  const { default: sirv } = await import('sirv')
  const build = await loadBuild()
  const {
    startApp,
    stopApp,
    isCrossOriginWriteOf,
    CROSS_ORIGIN_MESSAGE,
    baseSecurityHeaders,
    compressAnswer,
    createLoadContext,
    keepVisitorPages,
    wantsPage,
    refusalPage,
  } = build.entry.module

  // Fingerprinted assets never change; other public files may.
  const assets = sirv(path.join(root, 'build/client'), {
    immutable: true,
    maxAge: 31_536_000,
    gzip: true,
    brotli: true,
    dotfiles: false,
  })
  const publicFiles = sirv(path.join(root, 'build/client'), { maxAge: 3600, dotfiles: false })
  // The application's answers are compressed whole: documents by app/entry.server.tsx, JSON and
  // the pages' data by compressAnswer (ADR 056). Fingerprinted static files carry their
  // build-time .br/.gz (vite.config.ts), served by sirv as they are; the other public files are
  // images and a 192-byte icon.
  const handleAppRequest = createRequestHandler(build, 'production')
  const handleVisitorPage = keepVisitorPages((request) =>
    handleAppRequest(request, createLoadContext(request)),
  )
  const handleRequest = createRequestListener(async (request) =>
    compressAnswer(request, await handleVisitorPage(request)),
  )

  try {
    await startApp()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }

  // The client's address, for rate limits and session records. Whatever a client sends under
  // this name is overwritten; behind a reverse proxy (TRUST_PROXY=true), the address the proxy
  // appended to X-Forwarded-For is used.
  const CLIENT_IP_HEADER = 'x-tremplin-client-ip'
  // The values zod's stringbool takes as true, as env.server.ts validates TRUST_PROXY.
  const trustProxy = ['1', 'true', 'yes', 'on', 'y', 'enabled'].includes(
    (process.env.TRUST_PROXY ?? '').toLowerCase(),
  )

  function clientAddress(req: http.IncomingMessage): string {
    const forwarded = req.headers['x-forwarded-for']
    if (trustProxy && typeof forwarded === 'string') {
      const last = forwarded.split(',').at(-1)?.trim()
      if (last) return last
    }
    return req.socket.remoteAddress ?? 'unknown'
  }

  function isCrossOriginWrite(req: http.IncomingMessage): boolean {
    const site = req.headers['sec-fetch-site']
    return isCrossOriginWriteOf({
      method: req.method ?? 'GET',
      origin: req.headers.origin,
      secFetchSite: Array.isArray(site) ? site[0] : site,
      ownOrigin: `http://${req.headers.host ?? ''}`,
    })
  }

  const securityHeaders = Object.entries(baseSecurityHeaders())

  // The forms' actions read a request's body whole, so its size must be given up front and
  // bounded: Node then stops reading there, where a chunked body's size is known only at its
  // end, after it has filled the memory. The bound is twice the largest form's (a post with its
  // image, 6 Mo), whose own check answers in the form (« L’image dépasse 5 Mo. ») below it.
  const MAX_REQUEST_BODY_BYTES = 12 * 1024 * 1024
  function bodyRefusal(req: http.IncomingMessage): [status: number, message: string] | null {
    if (req.headers['transfer-encoding'] !== undefined) {
      return [411, 'Requête refusée : la taille de son contenu doit être annoncée.']
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES) {
      return [413, 'Requête refusée : son contenu dépasse 12 Mo.']
    }
    return null
  }

  /**
   * Answers a request refused before the app reads it: a browser gets a page in French (a form
   * sent without scripts lands there), any other client the sentence as text.
   */
  function refuse(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) {
    if (wantsPage(req.headers.accept)) {
      const page = refusalPage({ status, message })
      res.writeHead(status, { ...page.headers, ...headers }).end(page.body)
      return
    }
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }).end(message)
  }

  const server = http.createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = clientAddress(req)
    for (const [name, value] of securityHeaders) res.setHeader(name, value)
    if (isCrossOriginWrite(req)) {
      refuse(req, res, 403, CROSS_ORIGIN_MESSAGE)
      return
    }
    const refusal = bodyRefusal(req)
    if (refusal) {
      // The body is not kept. One of announced size is read to its end and dropped (Node does so
      // after the answer), so that a browser still sending it gets the answer rather than a
      // reset connection; a chunked one, which may never end, closes the connection.
      const [status, message] = refusal
      refuse(req, res, status, message, status === 411 ? { Connection: 'close' } : {})
      return
    }
    const serveApp = () => void handleRequest(req, res)
    if (req.url?.startsWith('/assets/')) assets(req, res, serveApp)
    else publicFiles(req, res, serveApp)
  })

  // On Linux each worker listens on a socket of its own on the same port (SO_REUSEPORT) and the
  // kernel spreads new connections among them; otherwise the primary accepts every connection
  // and hands it to one worker at a time, waiting for each to take it (ADR 055).
  const ownSocket = cluster.isWorker && process.platform === 'linux'
  server.listen({ port, host, reusePort: ownSocket }, () => {
    if (ownSocket) process.send?.(WORKER_LISTENING)
    // A worker's primary says it once all its workers listen.
    if (cluster.isPrimary) announceReady()
  })

  let stopping = false
  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    if (cluster.isPrimary) console.log(`${signal} reçu : arrêt en cours…`)
    const forced = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS)
    forced.unref()
    server.close(async () => {
      try {
        await stopApp()
      } finally {
        process.exit(0)
      }
    })
    server.closeIdleConnections()
  }

  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  // A worker whose primary was killed stops too (it receives no more connections).
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('disconnect'))
}
