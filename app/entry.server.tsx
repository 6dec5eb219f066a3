import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { FragmentCacheContext } from './components/cached-fragment'
import { NonceContext } from './components/nonce'
import { readReferenceData } from './features/feed/feed.server'
import { encodeWhole, zstdCompressorKind } from './server/compress-document.server'
import { documentJsonTexts } from './server/document-json.server'
import { DocumentSink } from './server/document-sink.server'
import { SESSION_COOKIE } from './server/auth/session.server'
import { settleAfterAnswerWork } from './server/after-answer.server'
import { closeDatabase, startDatabase } from './server/db/db.server'
import { documentFragments } from './server/fragment-cache.server'
import { styleDocument } from './server/inline-css.server'
import { logger } from './server/logger.server'
import { startSweeping, stopSweeping } from './server/retention.server'
import { closeMailer } from './server/mail/mailer.server'
import { lowerModulePreloads } from './server/module-preloads.server'
import {
  baseSecurityHeaders,
  createNonce,
  setDocumentHeaders,
} from './server/security-headers.server'
import { DocumentJsonContext } from './utils/json-text'

export const streamTimeout = 5_000

/** Called by server.ts before it listens: the database is migrated and seeded first. */
export async function startApp(): Promise<void> {
  await startDatabase()
  if (zstdCompressorKind === 'node:zlib') {
    logger.warn(
      'zstd-napi is not installed: documents are compressed with a context per page (ADR 054)',
    )
  }
  // Read once per process before the first page, which then sends its one statement (ADR 036).
  await readReferenceData()
  // What the privacy policy limits in time, erased every hour whatever the traffic.
  startSweeping()
}

/** Called by server.ts on SIGTERM/SIGINT once requests have drained. */
export async function stopApp(): Promise<void> {
  stopSweeping()
  // Mails still being sent after their answer (ADR 058) go out before the pool closes.
  await settleAfterAnswerWork()
  closeMailer()
  await closeDatabase()
}

// server.ts refuses cross-origin writes with 403 before React Router's own check (a 400).
export { CROSS_ORIGIN_MESSAGE, isCrossOriginWriteOf } from './server/origin.server'
// …and sets these headers on every response, static files included.
export { baseSecurityHeaders }
// …and compresses JSON and data answers whole, as documents are (ADR 056).
export { compressAnswer } from './server/compress-document.server'
// …and gives React Router the load context it makes for each request (ADR 033).
export { createLoadContext } from './server/document-json.server'
// …and answers visitors' pages from memory for a few seconds (ADR 040).
export { keepVisitorPages } from './server/visitor-pages.server'

export { refusalPage, wantsPage } from './server/refusal-page.server'

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  // The path without its query: a mail link's token (/auth?token=…) stays out of the logs.
  logger.error(
    { err: error, method: request.method, path: new URL(request.url).pathname },
    'unhandled error',
  )
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = createNonce()
  // Development renders every fragment: a cached one would outlive an edit of its component.
  const fragments = import.meta.env.DEV ? null : documentFragments()
  setDocumentHeaders(responseHeaders, {
    nonce,
    signedIn: (request.headers.get('cookie') ?? '').includes(SESSION_COOKIE),
  })
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    )

    async function sendDocument(rendered: Buffer<ArrayBuffer>): Promise<Response> {
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      const html = lowerModulePreloads(rendered)
      const { page, setCookie } = await styleDocument({
        html: fragments ? fragments.splice(html) : html,
        hrefs: routerContext.manifest.routes.root?.css ?? [],
        nonce,
        cookieHeader: request.headers.get('cookie'),
      })
      if (setCookie) responseHeaders.append('Set-Cookie', setCookie)
      // Compressed here, whole (ADR 019), before the visitors' page cache keeps it (ADR 040):
      // server.ts's compressAnswer leaves an answer whose encoding is chosen as it is.
      const sent = encodeWhole(page, request.headers.get('accept-encoding'), responseHeaders)
      return new Response(sent, { headers: responseHeaders, status: responseStatusCode })
    }

    // The whole document is rendered before the first byte is sent: no loader defers data, so
    // streaming would only cut the page into ~100 small writes, each compressed and written to
    // the socket on its own (a fifth of the server's time under load, docs/performance.md).
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <FragmentCacheContext value={fragments?.renderer ?? null}>
          <DocumentJsonContext value={documentJsonTexts(loadContext)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </DocumentJsonContext>
        </FragmentCacheContext>
      </NonceContext>,
      {
        nonce,
        // The document is sent whole (above): no Suspense boundary is worth writing apart and
        // revealing by script, as React does past its default chunk of 12.5 KB.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          const body = new DocumentSink((html) => {
            clearTimeout(timeoutId)
            timeoutId = undefined
            sendDocument(html).then(resolve, reject)
          }, reject)
          // React's types ask for a Node stream; it calls only what DocumentSink has.
          pipe(body as unknown as NodeJS.WritableStream)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          logger.error({ err: error }, 'render error')
        },
      },
    )
  })
}
