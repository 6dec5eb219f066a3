import { createRequire } from 'node:module'
import zlib from 'node:zlib'
import compressible from 'compressible'
import Negotiator from 'negotiator'

/**
 * Brotli for dynamic responses, for browsers without zstd: quality 2 costs half of the default
 * (4) of the `compression` middleware used before ADR 056, for 8 % more bytes (ADR 016), and a
 * 256 KB window, larger than such a response, spares each response the 4 MB window brotli would
 * allocate by default (ADR 019).
 */
const DYNAMIC_BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
}

/**
 * zstd level 2: a third of brotli 2's time for a slightly smaller page (ADR 023). On the feed
 * (145 KB) it writes the same bytes as the default level 3 (0.04 % more) in 10 % less time,
 * as measured with the memory of a busy server (ADR 025).
 */
const ZSTD_LEVEL = 2
const ZSTD_PARAMS = { [zlib.constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL }

interface ZstdCompressor {
  compress(page: Uint8Array): Buffer
}

/**
 * One zstd context for every document of this process (ADR 054), from the optional native
 * package zstd-napi. `zlib.zstdCompressSync` makes a context, its tables and a stream around it
 * for each call: over 4,000 feed pages in one process, 0.22–0.29 ms more per page and twice the
 * full garbage collections. Each call is a frame of its own, its context reset first: nothing of
 * a page is kept for the next. Without the package (no prebuilt binary for the platform and no
 * compiler where it was installed), node:zlib writes the same frames, one context per call.
 */
const zstdContext: ZstdCompressor | null = (() => {
  try {
    const { Compressor } = createRequire(import.meta.url)('zstd-napi') as {
      Compressor: new () => ZstdCompressor & {
        setParameters(p: { compressionLevel: number }): void
      }
    }
    const compressor = new Compressor()
    compressor.setParameters({ compressionLevel: ZSTD_LEVEL })
    return compressor
  } catch {
    return null
  }
})()

/** What compresses documents in zstd here: the process's own context, or one per call. */
export const zstdCompressorKind: 'zstd-napi' | 'node:zlib' = zstdContext ? 'zstd-napi' : 'node:zlib'

const ENCODINGS = ['zstd', 'br', 'gzip'] as const

export type DocumentEncoding = (typeof ENCODINGS)[number]

/** The encoding to send a document in, from the request's Accept-Encoding (null: none). */
export function documentEncoding(acceptEncoding: string | null): DocumentEncoding | null {
  if (!acceptEncoding) return null
  const chosen = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(
    [...ENCODINGS],
    { preferred: [...ENCODINGS] },
  )
  return ENCODINGS.find((encoding) => encoding === chosen) ?? null
}

/**
 * A whole rendered document, or another answer (`compressAnswer`), compressed in one call
 * (ADR 019), where a streaming encoder per response would be made and fed the page.
 */
export function compressDocument(
  page: Uint8Array,
  encoding: DocumentEncoding,
): Uint8Array<ArrayBuffer> {
  switch (encoding) {
    case 'zstd':
      // One call: the frame states the page's size, and zstd sizes its window to it.
      return zstdContext
        ? (zstdContext.compress(page) as Buffer<ArrayBuffer>)
        : zlib.zstdCompressSync(page, { params: ZSTD_PARAMS })
    case 'br':
      return zlib.brotliCompressSync(page, {
        params: {
          ...DYNAMIC_BROTLI_PARAMS,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength,
        },
      })
    case 'gzip':
      return zlib.gzipSync(page)
  }
}

/**
 * A whole body as sent to a client that accepts `acceptEncoding`: compressed in the encoding it
 * prefers when it is `compressFrom` bytes or more, the headers saying so (its encoding, its
 * length, `Vary`). Documents (entry.server.tsx) and other answers (`compressAnswer`) alike.
 */
export function encodeWhole(
  body: Uint8Array<ArrayBuffer>,
  acceptEncoding: string | null,
  headers: Headers,
  compressFrom = 0,
): Uint8Array<ArrayBuffer> {
  const encoding = documentEncoding(acceptEncoding)
  headers.append('Vary', 'Accept-Encoding')
  let sent = body
  if (encoding && body.byteLength >= compressFrom) {
    sent = compressDocument(body, encoding)
    headers.set('Content-Encoding', encoding)
  }
  headers.set('Content-Length', String(sent.byteLength))
  return sent
}

/** Below this, an answer goes as it is: the encoding's frame would outweigh what it saves. */
const COMPRESS_FROM_BYTES = 1024

/** Whether an answer's encoding was chosen already (a document, by entry.server.tsx). */
function negotiated(response: Response): boolean {
  return (
    response.headers.has('content-encoding') ||
    /\baccept-encoding\b/i.test(response.headers.get('vary') ?? '')
  )
}

/**
 * The application's answer compressed whole for the client's encoding (ADR 056): JSON, the
 * pages' data (`.data`), XML, text. Documents arrive from entry.server.tsx compressed for the
 * client, or not if it accepts nothing, and are left as they are, as are answers without a
 * body, of a type not worth compressing (images), marked `no-transform`, or a stream of events,
 * which has no end to wait for.
 */
export async function compressAnswer(request: Request, response: Response): Promise<Response> {
  if (response.body === null || negotiated(response)) return response
  const type = response.headers.get('content-type')
  if (!type || !compressible(type) || type.startsWith('text/event-stream')) return response
  if (/\bno-transform\b/.test(response.headers.get('cache-control') ?? '')) return response
  const headers = new Headers(response.headers)
  const sent = encodeWhole(
    new Uint8Array(await response.arrayBuffer()),
    request.headers.get('accept-encoding'),
    headers,
    COMPRESS_FROM_BYTES,
  )
  return new Response(sent, { status: response.status, statusText: response.statusText, headers })
}
