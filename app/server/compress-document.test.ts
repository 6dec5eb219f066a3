import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressDocument, documentEncoding, zstdCompressorKind } from './compress-document.server'

describe('documentEncoding', () => {
  it('prefers zstd, then brotli, then gzip, as the browser allows', () => {
    expect(documentEncoding('gzip, deflate, br, zstd')).toBe('zstd')
    expect(documentEncoding('gzip, deflate, br')).toBe('br')
    expect(documentEncoding('gzip, deflate')).toBe('gzip')
    expect(documentEncoding('br;q=0, gzip;q=0.5, zstd')).toBe('zstd')
    expect(documentEncoding('br, gzip;q=0.5, zstd;q=0')).toBe('br')
    expect(documentEncoding('zstd;q=0, br;q=0, gzip')).toBe('gzip')
  })

  it('sends the document as it is when nothing it knows is accepted', () => {
    expect(documentEncoding(null)).toBeNull()
    expect(documentEncoding('')).toBeNull()
    expect(documentEncoding('identity')).toBeNull()
    expect(documentEncoding('deflate, compress')).toBeNull()
    expect(documentEncoding('*;q=0')).toBeNull()
  })
})

describe('compressDocument', () => {
  const page = Buffer.from(
    `<!DOCTYPE html><html lang="fr"><body>${'<p>Levée de fonds à Lyon, épisode 2</p>'.repeat(500)}</body></html>`,
  )

  it('gives back the same bytes in each encoding, smaller', () => {
    const decoders = {
      zstd: zlib.zstdDecompressSync,
      br: zlib.brotliDecompressSync,
      gzip: zlib.gunzipSync,
    } as const
    for (const encoding of ['zstd', 'br', 'gzip'] as const) {
      const compressed = compressDocument(page, encoding)
      expect(compressed.byteLength).toBeLessThan(page.byteLength / 10)
      expect(Buffer.from(decoders[encoding](compressed)).equals(page)).toBe(true)
    }
  })

  it('writes each document as a frame of its own, nothing kept from the one before', () => {
    const other = Buffer.from(
      `<!DOCTYPE html><html lang="fr"><body>${'<p>Atelier financement, Nantes</p>'.repeat(300)}</body></html>`,
    )
    const first = compressDocument(page, 'zstd')
    const second = compressDocument(other, 'zstd')
    expect(Buffer.from(zlib.zstdDecompressSync(second)).equals(other)).toBe(true)
    // The same page again gives the same bytes: the context starts each frame afresh.
    expect(Buffer.from(compressDocument(page, 'zstd')).equals(Buffer.from(first))).toBe(true)
    // As small as node:zlib's frame at the same level.
    const reference = zlib.zstdCompressSync(page, {
      params: { [zlib.constants.ZSTD_c_compressionLevel]: 2 },
    })
    expect(first.byteLength).toBeLessThanOrEqual(reference.byteLength * 1.01)
  })

  // `npm ci` builds zstd-napi where it has no prebuilt binary (ADR 054): CI's install must have
  // given the process its own context, not fallen back to one per call without a word.
  it.runIf(process.env.CI)('compresses with the process’s own zstd context in CI', () => {
    expect(zstdCompressorKind).toBe('zstd-napi')
  })
})
