import http from 'node:http'
import zlib from 'node:zlib'
import { expect, test } from '@playwright/test'
import { clientIp } from './mail'

/** The raw response, not decoded: what the server put on the wire. */
function getRaw(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { 'accept-encoding': acceptEncoding, 'x-forwarded-for': clientIp() } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

const DECODERS = {
  zstd: zlib.zstdDecompressSync,
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  identity: (body: Buffer) => body,
} as const

test('pages are compressed whole, with their length, in zstd, brotli or gzip as the browser accepts (ADR 019, 023)', async ({
  baseURL,
}) => {
  const cases = [
    ['gzip, deflate, br, zstd', 'zstd'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, zstd', 'zstd'],
    ['gzip', 'gzip'],
    ['identity', 'identity'],
  ] as const
  for (const [accepted, expected] of cases) {
    const { headers, body } = await getRaw(`${baseURL}/feed`, accepted)
    expect(headers['content-encoding'] ?? 'identity').toBe(expected)
    expect(headers.vary).toContain('Accept-Encoding')
    // Compressed in one call, its length known: the streaming middleware would send it chunked.
    expect(Number(headers['content-length'])).toBe(body.byteLength)
    const html = Buffer.from(DECODERS[expected](body)).toString('utf8')
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain('</html>')
    // Sent whole, the document has no Suspense boundary written apart and moved in by script
    // (ADR 025): the header stays one piece that the fragment cache can keep.
    expect(html).not.toContain('<!--$?-->')
    expect(html).not.toContain('$RC=')
  }
})

test('Chromium asks for zstd, gets the page in it and shows it (ADR 023)', async ({ page }) => {
  const response = await page.goto('/feed')
  expect(response?.headers()['content-encoding']).toBe('zstd')
  await expect(page.getByRole('heading', { level: 1, name: 'Fil d’actualité' })).toBeVisible()
})
