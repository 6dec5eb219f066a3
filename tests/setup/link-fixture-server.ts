// A page with OpenGraph tags for the link preview journey of the Playwright tests:
//   LINK_FIXTURE_PORT=3127 node tests/setup/link-fixture-server.ts
// The e2e server may fetch it because LINK_PREVIEW_ALLOWED_ORIGINS names this origin.
import http from 'node:http'

const port = Number(process.env.LINK_FIXTURE_PORT ?? 3127)

const page = `<!doctype html>
<html lang="fr">
<head>
  <meta charset="utf-8">
  <title>Guide (titre de secours)</title>
  <meta property="og:title" content="Le guide de la levée de fonds">
  <meta property="og:description" content="Préparer son tour de table, étape par étape.">
  <meta property="og:site_name" content="Fixture Tremplin">
</head>
<body><h1>Le guide de la levée de fonds</h1></body>
</html>`

// A hostile page for the XSS journey: markup and script URLs in every tag a preview reads.
const hostilePage = `<!doctype html>
<html lang="fr">
<head>
  <meta charset="utf-8">
  <title><script>alert('titre')</script></title>
  <meta property="og:title" content="&lt;img src=x onerror=alert(1)&gt; Guide piégé">
  <meta property="og:description" content="&quot;&gt;&lt;svg/onload=alert(2)&gt;">
  <meta property="og:site_name" content="&lt;script&gt;alert(3)&lt;/script&gt;">
  <meta property="og:image" content="javascript:alert(4)">
</head>
<body></body>
</html>`

http
  .createServer((request, response) => {
    if (request.url === '/healthz') return response.writeHead(204).end()
    if (request.url?.startsWith('/page-piegee')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      return response.end(hostilePage)
    }
    if (request.url?.startsWith('/guide-levee-de-fonds')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      return response.end(page)
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found')
  })
  .listen(port, '127.0.0.1')
