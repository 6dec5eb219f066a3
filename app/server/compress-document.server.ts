import zlib from 'node:zlib'
import Negotiator from 'negotiator'

/** As server.ts compresses other dynamic responses (ADR 016). */
const BROTLI_QUALITY = 2
/** A 256 KB window, larger than a page: no 4 MB window to map per page (ADR 019). */
const BROTLI_WINDOW_BITS = 18
const ENCODINGS = ['br', 'gzip'] as const

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
 * A whole rendered document compressed in one call (ADR 019), where the `compression`
 * middleware would create a streaming encoder per response and feed it the page.
 */
export function compressDocument(
  page: Uint8Array,
  encoding: DocumentEncoding,
): Uint8Array<ArrayBuffer> {
  switch (encoding) {
    case 'br':
      return zlib.brotliCompressSync(page, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength,
        },
      })
    case 'gzip':
      return zlib.gzipSync(page)
  }
}
