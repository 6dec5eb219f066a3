import http from 'node:http'
import zlib from 'node:zlib'
import { expect, test } from '@playwright/test'
import { demoCard } from './demo-cards'
import { hydrated } from './helpers'
import { clientIp } from './mail'

/** The raw response, not decoded: what the server put on the wire. */
function getRaw(url: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(
      url,
      {
        headers: { 'accept-encoding': acceptEncoding, 'x-forwarded-for': clientIp(), ...headers },
      },
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
  // The same whether the browser says it navigates or says nothing (crawlers).
  const navigations: Record<string, string>[] = [
    {},
    { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
  ]
  for (const [[accepted, expected], navigation] of cases.flatMap((item) =>
    navigations.map((headers) => [item, headers] as const),
  )) {
    const { headers, body } = await getRaw(`${baseURL}/feed`, accepted, navigation)
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

test('JSON is compressed whole like a page, in zstd for Chromium, as it is when not accepted (ADR 056)', async ({
  baseURL,
}) => {
  const fetched = await getRaw(`${baseURL}/api/feed`, 'gzip, deflate, br, zstd', {
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
  })
  expect(fetched.headers['content-encoding']).toBe('zstd')
  expect(fetched.headers.vary).toContain('Accept-Encoding')
  expect(Number(fetched.headers['content-length'])).toBe(fetched.body.byteLength)
  const json = JSON.parse(zlib.zstdDecompressSync(fetched.body).toString('utf8')) as {
    posts: unknown
  }
  expect(json.posts).toBeDefined()
  // A crawler says nothing of what it fetches, and may take only gzip; typed in the address
  // bar, the same JSON is compressed too.
  const unnamed = await getRaw(`${baseURL}/api/feed`, 'gzip')
  expect(unnamed.headers['content-encoding']).toBe('gzip')
  const navigated = await getRaw(`${baseURL}/api/feed`, 'gzip, deflate, br', {
    'sec-fetch-dest': 'document',
    'sec-fetch-mode': 'navigate',
  })
  expect(navigated.headers['content-encoding']).toBe('br')
  // Not accepted: as it is.
  const plain = await getRaw(`${baseURL}/api/feed`, 'identity')
  expect(plain.headers['content-encoding']).toBeUndefined()
  // The same posts either way: other tests publish, vote and comment meanwhile, so the posts
  // both answers hold are compared, without their counts.
  const first = postsWithoutCounts(json)
  const second = postsWithoutCounts(JSON.parse(plain.body.toString('utf8')))
  const shared = [...first.keys()].filter((id) => second.has(id))
  expect(shared.length).toBeGreaterThanOrEqual(10)
  for (const id of shared) expect(second.get(id)).toEqual(first.get(id))
})

test('a navigation inside the app takes its data in zstd and shows the page (ADR 056)', async ({
  page,
}) => {
  await page.goto('/feed')
  await hydrated(page)
  // A demo post: the feed's first may be one another journey is about to delete.
  const title = (await demoCard(page, 0)).locator('h2 a')
  const name = (await title.textContent())!
  const [data] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('.data')),
    title.click(),
  ])
  expect(data.status()).toBe(200)
  expect(data.headers()['content-encoding']).toBe('zstd')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

/** The posts of a page of /api/feed by id, without the counts that other tests move. */
function postsWithoutCounts(page: { posts: unknown }) {
  type Counted = {
    id: string
    viewsCount?: number
    upvotes?: number
    downvotes?: number
    commentsCount?: number
  }
  return new Map(
    (page.posts as Counted[]).map(
      ({
        viewsCount: _views,
        upvotes: _up,
        downvotes: _down,
        commentsCount: _comments,
        ...post
      }) => [post.id, post],
    ),
  )
}
