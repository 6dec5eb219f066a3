import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  compressAnswer,
  compressDocument,
  documentEncoding,
  encodeWhole,
  zstdCompressorKind,
} from './compress-document.server'

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

describe('compressAnswer', () => {
  const posts = JSON.stringify({
    posts: Array.from({ length: 20 }, (_, index) => ({
      id: `post-${index}`,
      title: 'Vos conseils pour financer un premier local commercial ?',
      content: 'Nous ouvrons une boutique à Nantes et la banque hésite.',
    })),
  })
  const asked = (acceptEncoding: string | null) =>
    new Request('http://localhost/api/feed', {
      headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
    })
  const json = (body: string | null = posts, headers: Record<string, string> = {}) =>
    new Response(body, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    })

  it('sends JSON whole in the encoding the client prefers, with its length and Vary', async () => {
    const decoders = {
      zstd: zlib.zstdDecompressSync,
      br: zlib.brotliDecompressSync,
      gzip: zlib.gunzipSync,
    } as const
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'zstd'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const sent = await compressAnswer(asked(accepted), json(posts, { 'x-kept': 'oui' }))
      expect(sent.headers.get('content-encoding')).toBe(encoding)
      expect(sent.headers.get('vary')).toBe('Accept-Encoding')
      expect(sent.headers.get('x-kept')).toBe('oui')
      const body = Buffer.from(await sent.arrayBuffer())
      expect(Number(sent.headers.get('content-length'))).toBe(body.byteLength)
      expect(body.byteLength).toBeLessThan(posts.length / 4)
      expect(Buffer.from(decoders[encoding](body)).toString('utf8')).toBe(posts)
    }
  })

  it('compresses the pages’ data and XML too, and keeps the status', async () => {
    const data = new Response(posts, { status: 404, headers: { 'content-type': 'text/x-script' } })
    const sent = await compressAnswer(asked('zstd'), data)
    expect(sent.status).toBe(404)
    expect(sent.headers.get('content-encoding')).toBe('zstd')
    const xml = new Response(`<urlset>${'<url><loc>/feed</loc></url>'.repeat(60)}</urlset>`, {
      headers: { 'content-type': 'application/xml' },
    })
    expect((await compressAnswer(asked('br'), xml)).headers.get('content-encoding')).toBe('br')
  })

  it('sends as it is what the client does not accept compressed, or what is under 1 KB', async () => {
    for (const accepted of [null, 'identity', 'deflate']) {
      const sent = await compressAnswer(asked(accepted), json())
      expect(sent.headers.get('content-encoding')).toBeNull()
      expect(sent.headers.get('vary')).toBe('Accept-Encoding')
      expect(await sent.text()).toBe(posts)
    }
    const small = await compressAnswer(asked('zstd'), json('{"ok":true}'))
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(small.headers.get('content-length')).toBe('11')
    expect(await small.text()).toBe('{"ok":true}')
  })

  it('leaves alone documents already compressed, images, streams, no-transform and empty answers', async () => {
    const untouched = [
      json(posts, { 'content-encoding': 'zstd' }),
      // A document sent as it is to a client that accepts no encoding: negotiated already.
      new Response(posts, {
        headers: { 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding' },
      }),
      new Response(Buffer.alloc(4096), { headers: { 'content-type': 'image/webp' } }),
      new Response(posts, { headers: { 'content-type': 'text/event-stream' } }),
      json(posts, { 'cache-control': 'private, no-transform' }),
      new Response(Buffer.from(posts)), // no type said
      new Response(null, { status: 204 }),
      new Response(null, { status: 302, headers: { location: '/feed' } }),
    ]
    for (const response of untouched) {
      expect(await compressAnswer(asked('gzip, deflate, br, zstd'), response)).toBe(response)
    }
  })
})

describe('encodeWhole', () => {
  it('compresses a document of any size and says so in its headers', () => {
    const page = new Uint8Array(Buffer.from('<!DOCTYPE html><title>Tremplin</title>'))
    const headers = new Headers({ vary: 'Cookie' })
    const sent = encodeWhole(page, 'gzip, br', headers)
    expect(headers.get('content-encoding')).toBe('br')
    expect(headers.get('vary')).toBe('Cookie, Accept-Encoding')
    expect(headers.get('content-length')).toBe(String(sent.byteLength))
    expect(Buffer.from(zlib.brotliDecompressSync(sent)).toString()).toBe(
      '<!DOCTYPE html><title>Tremplin</title>',
    )
  })

  it('sends the body as it is to a client that accepts no encoding', () => {
    const page = new Uint8Array(Buffer.from('<!DOCTYPE html>'))
    const headers = new Headers()
    expect(encodeWhole(page, null, headers)).toBe(page)
    expect(headers.get('content-encoding')).toBeNull()
    expect(headers.get('vary')).toBe('Accept-Encoding')
    expect(headers.get('content-length')).toBe('15')
  })
})
