// `npm run bench`'s floor reference (feed-floor, PostgreSQL only): the signed-in feed's own
// statement (the page's session and rows in one, ADR 030) served with no framework at all —
// node:http, the session cookie's signature checked, the page's rows as JSON, zstd as for a
// document — in as many worker processes as server.ts. What no implementation that reads the
// database for each page can beat on this machine: the page's latency minus this one is what
// React Router, React and the document cost.
import cluster from 'node:cluster'
import http from 'node:http'
import os from 'node:os'
import { parseCookies } from 'better-auth/cookies'
import { listFeedWithSession, readReferenceData } from '../../app/features/feed/feed.server'
import { verifiedToken } from '../../app/server/auth/signed-token.server'
import { compressDocument, documentEncoding } from '../../app/server/compress-document.server'
import { startDatabase } from '../../app/server/db/db.server'
import { BENCH_SECRET, SESSION_COOKIE } from './server'

const workers = Number.parseInt(process.env.WEB_CONCURRENCY ?? '', 10) || os.availableParallelism()

if (cluster.isPrimary && workers > 1) {
  for (let index = 0; index < workers; index += 1) cluster.fork()
} else {
  await startDatabase()
  await readReferenceData() // as startApp does (ADR 036)
  http
    .createServer((request, response) => {
      answer(request, response).catch((error: unknown) => {
        console.error(error)
        response.statusCode = 500
        response.end()
      })
    })
    .listen(Number(process.env.PORT), '127.0.0.1')
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  if (request.url === '/healthz') {
    response.end('ok')
    return
  }
  const value = parseCookies(request.headers.cookie ?? '').get(SESSION_COOKIE)
  const token = value ? verifiedToken(value, BENCH_SECRET) : null
  if (!token) {
    response.statusCode = 401
    response.end()
    return
  }
  const page = await listFeedWithSession({ token })
  const body = Buffer.from(JSON.stringify(page!.result))
  const encoding = documentEncoding(request.headers['accept-encoding'] ?? null)
  const sent = encoding ? compressDocument(body, encoding) : body
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': sent.byteLength,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  })
  response.end(sent)
}
