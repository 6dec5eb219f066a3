// Production entry: serves the React Router build on node:http with static assets, compression
// and a graceful shutdown (react-router-serve does not exit while a database is open).
// Runs directly on Node 24 (type stripping): `node server.ts`.
import http from 'node:http'
import path from 'node:path'
import type { ServerBuild } from 'react-router'

// Before anything loads React: its entry picks the development or production build from
// NODE_ENV at import time, and static imports would run before this line.
process.env.NODE_ENV ||= 'production'
const { createRequestListener } = await import('@react-router/node')
const { default: compression } = await import('compression')
const { default: sirv } = await import('sirv')

type AppBuild = ServerBuild & {
  entry: { module: { startApp(): Promise<void>; stopApp(): Promise<void> } }
}

const root = path.dirname(new URL(import.meta.url).pathname)
const buildPath = path.join(root, 'build/server/index.js')
const build = (await import(buildPath)) as AppBuild
const { startApp, stopApp } = build.entry.module

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST || undefined
const DRAIN_TIMEOUT_MS = 10_000

// Fingerprinted assets never change; other public files may.
const assets = sirv(path.join(root, 'build/client'), {
  immutable: true,
  maxAge: 31_536_000,
  gzip: true,
  brotli: true,
  dotfiles: false,
})
const publicFiles = sirv(path.join(root, 'build/client'), { maxAge: 3600, dotfiles: false })
const compress = compression()
const handleRequest = createRequestListener({ build, mode: 'production' })

try {
  await startApp()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const server = http.createServer((req, res) => {
  compress(req as never, res as never, () => {
    const serveApp = () => void handleRequest(req, res)
    if (req.url?.startsWith('/assets/')) assets(req, res, serveApp)
    else publicFiles(req, res, serveApp)
  })
})

server.listen(port, host, () => {
  console.log(`Tremplin est prêt sur http://${host ?? 'localhost'}:${port}`)
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`${signal} reçu : arrêt en cours…`)
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
