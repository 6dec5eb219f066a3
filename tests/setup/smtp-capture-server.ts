// SMTP capture for the Playwright tests, started as a second web server:
//   SMTP_CAPTURE_PORT=2525 SMTP_CAPTURE_HTTP_PORT=2580 node tests/setup/smtp-capture-server.ts
// GET /messages?to=<address> lists the captured mails (oldest first, without raw);
// DELETE /messages forgets them.
import http from 'node:http'
import { startSmtpCapture } from './smtp.ts'

const smtpPort = Number(process.env.SMTP_CAPTURE_PORT ?? 2525)
const httpPort = Number(process.env.SMTP_CAPTURE_HTTP_PORT ?? 2580)

const capture = await startSmtpCapture({ port: smtpPort })

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  if (url.pathname !== '/messages') return send(response, 404, { error: 'not found' })
  if (request.method === 'DELETE') {
    capture.clear()
    return send(response, 204)
  }
  if (request.method !== 'GET') return send(response, 405, { error: 'method not allowed' })
  const to = url.searchParams.get('to')?.toLowerCase()
  const mails = capture.messages
    .filter((mail) => !to || mail.to.includes(to))
    .map(({ raw: _raw, ...mail }) => mail)
  return send(response, 200, mails)
})

function send(response: http.ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' })
  response.end(body === undefined ? undefined : JSON.stringify(body))
}

server.listen(httpPort, '127.0.0.1', () => {
  console.log(`SMTP capture: smtp://127.0.0.1:${smtpPort}, http://127.0.0.1:${httpPort}/messages`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close()
    void capture.close().then(() => process.exit(0))
  })
}
