// A small HTTP server on a loopback address for the link preview tests: it counts the TCP
// connections it accepts (a refused destination must leave that at 0) and records requests.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type PageHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void

export interface PageServer {
  host: string
  port: number
  /** http://host:port */
  origin: string
  /** TCP connections accepted since the start or the last reset(). */
  connections: number
  /** Requests received since the start or the last reset(). */
  requests: { path: string; headers: http.IncomingHttpHeaders }[]
  reset(): void
  close(): Promise<void>
}

const secret: PageHandler = (_request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
  response.end('<title>Interne</title><p>secret</p>')
}

/** Starts a server on `host` (127.0.0.1, 127.0.0.2, ::1…), on `port` or a random one. */
export async function startPageServer(
  options: { host: string; port?: number; handler?: PageHandler } = { host: '127.0.0.1' },
): Promise<PageServer> {
  const handler = options.handler ?? secret
  const state: PageServer = {
    host: options.host,
    port: 0,
    origin: '',
    connections: 0,
    requests: [],
    reset() {
      state.connections = 0
      state.requests = []
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  const server = http.createServer((request, response) => {
    state.requests.push({ path: request.url ?? '/', headers: request.headers })
    handler(request, response)
  })
  server.on('connection', () => {
    state.connections++
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host, () => resolve())
  })
  state.port = (server.address() as AddressInfo).port
  state.origin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${state.port}`
  return state
}
