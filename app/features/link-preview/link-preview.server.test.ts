import type http from 'node:http'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { db } from '~/server/db/db.server'
import { linkPreviews } from '~/server/db/schema'
import { safeFetchText, UnsafeUrlError } from '~/server/net/safe-fetch.server'
import { startPageServer, type PageServer } from '../../../tests/setup/page-server'
import {
  fetcherTrusting,
  getLinkPreview,
  isPostExternalUrl,
  normalizePreviewUrl,
  useLinkPreviewFetcher,
} from './link-preview.server'

// The site listens on 127.0.0.2, let through explicitly for these tests only (safeFetchText's
// test options); 127.0.0.1 on the same port stands for the inside of our network.
let site: PageServer
let victim: PageServer
let base: string

const PAGES: Record<string, string> = {
  '/article': `<html><head>
      <title>Titre du document</title>
      <meta property="og:title" content="  Lever des fonds   en 2026 ">
      <meta property="og:description" content="Le guide des premières levées &amp; des BSA-AIR.">
      <meta property="og:image" content="https://cdn.exemple.fr/couverture.jpg">
      <meta property="og:site_name" content="Le Journal des Fondateurs">
    </head><body><img src="/autre.png"></body></html>`,
  '/dossier/relative': `<head>
      <meta property="og:title" content="Image relative">
      <meta property="og:image" content="images/carte.png">
    </head>`,
  '/twitter': `<head>
      <title>Titre de la page</title>
      <meta name="twitter:title" content="Titre Twitter">
      <meta name="twitter:description" content="Description Twitter">
      <meta name="twitter:image" content="/tw.png">
    </head>`,
  '/plain': `<head><title>Simple page</title>
      <meta name="description" content="Une description classique.">
      <meta property="og:image" content="javascript:alert(1)"></head>`,
  '/image-only': `<head><meta property="og:image" content="/seule.png"></head><body><p>Rien</p></body>`,
  '/long': `<head><meta property="og:title" content="${'Très long titre '.repeat(40)}">
      <meta property="og:description" content="${'mot '.repeat(400)}"></head>`,
}

function handler(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = new URL(request.url ?? '/', 'http://x').pathname
  if (path === '/moved') {
    response.writeHead(301, { Location: '/dossier/relative' })
    return response.end()
  }
  const page = PAGES[path]
  if (!page) {
    response.writeHead(404, { 'Content-Type': 'text/html' })
    return response.end('<title>Introuvable</title>')
  }
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
  response.end(page)
}

beforeAll(async () => {
  victim = await startPageServer({ host: '127.0.0.1' })
  site = await startPageServer({ host: '127.0.0.2', port: victim.port, handler })
  base = `http://actu.example:${site.port}`
  useLinkPreviewFetcher((url) =>
    safeFetchText(url, {
      resolver: async (hostname) =>
        hostname === 'actu.example' ? [{ address: '127.0.0.2', family: 4 }] : [],
      isAllowedAddress: (address) => address === '127.0.0.2',
      allowedPorts: [site.port],
    }),
  )
})

afterAll(async () => {
  useLinkPreviewFetcher(null)
  await Promise.all([site.close(), victim.close()])
})

beforeEach(() => {
  site.reset()
  victim.reset()
})

async function cachedRow(url: string) {
  const [row] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, url))
  return row
}

async function age(url: string, interval: string) {
  await db
    .update(linkPreviews)
    .set({ fetchedAt: sql`now() - ${interval}::interval` })
    .where(eq(linkPreviews.url, url))
}

describe('getLinkPreview', () => {
  it('reads the title, description, image and site name of the page', async () => {
    expect(await getLinkPreview(`${base}/article`)).toEqual({
      url: `${base}/article`,
      title: 'Lever des fonds en 2026',
      description: 'Le guide des premières levées & des BSA-AIR.',
      image: 'https://cdn.exemple.fr/couverture.jpg',
      siteName: 'Le Journal des Fondateurs',
    })
  })

  it('answers from the cache the second time, without a request', async () => {
    const first = await getLinkPreview(`${base}/article`)
    // The fragment is not part of the page: same cache entry.
    const second = await getLinkPreview(`  ${base}/article#commentaires `)
    expect(second).toEqual(first)
    expect(site.requests).toHaveLength(1)
    expect((await cachedRow(`${base}/article`))?.ok).toBe(true)
  })

  it('fetches again once a good answer is a week old', async () => {
    await getLinkPreview(`${base}/article`)
    await age(`${base}/article`, '6 days')
    await getLinkPreview(`${base}/article`)
    expect(site.requests).toHaveLength(1)
    await age(`${base}/article`, '8 days')
    await getLinkPreview(`${base}/article`)
    expect(site.requests).toHaveLength(2)
  })

  it('caches a failure for an hour', async () => {
    expect(await getLinkPreview(`${base}/introuvable`)).toBeNull()
    expect(await getLinkPreview(`${base}/introuvable`)).toBeNull()
    expect(site.requests).toHaveLength(1)
    expect(await cachedRow(`${base}/introuvable`)).toMatchObject({ ok: false, title: null })

    await age(`${base}/introuvable`, '2 hours')
    await getLinkPreview(`${base}/introuvable`)
    expect(site.requests).toHaveLength(2)
  })

  it('shows nothing for a page with neither title nor description, and remembers it', async () => {
    expect(await getLinkPreview(`${base}/image-only`)).toBeNull()
    expect(await cachedRow(`${base}/image-only`)).toMatchObject({ ok: false, imageUrl: null })
  })

  it('resolves a relative og:image against the final URL, after redirects', async () => {
    const preview = await getLinkPreview(`${base}/moved`)
    expect(preview?.image).toBe(`${base}/dossier/images/carte.png`)
    // Cached under the URL asked for.
    expect(preview?.url).toBe(`${base}/moved`)
  })

  it('falls back on twitter:* then <title> and the meta description, and on the host name', async () => {
    expect(await getLinkPreview(`${base}/twitter`)).toMatchObject({
      title: 'Titre Twitter',
      description: 'Description Twitter',
      image: `${base}/tw.png`,
      siteName: 'actu.example',
    })
    expect(await getLinkPreview(`${base}/plain`)).toEqual({
      url: `${base}/plain`,
      title: 'Simple page',
      description: 'Une description classique.',
      // A javascript: image is dropped; the page's <img> elements are never guessed from.
      image: null,
      siteName: 'actu.example',
    })
  })

  it('bounds the title to 300 and the description to 500 characters', async () => {
    const preview = await getLinkPreview(`${base}/long`)
    expect(preview?.title?.length).toBeLessThanOrEqual(300)
    expect(preview?.title).toMatch(/…$/)
    expect(preview?.description?.length).toBeLessThanOrEqual(500)
  })

  it('does not fetch when the caller says no, but still serves what the cache holds', async () => {
    let asked = 0
    const refuse = async () => {
      asked++
      return false
    }
    expect(await getLinkPreview(`${base}/article`, { mayFetch: refuse })).toBeNull()
    expect(site.requests).toHaveLength(0)

    await getLinkPreview(`${base}/article`)
    expect(await getLinkPreview(`${base}/article`, { mayFetch: refuse })).not.toBeNull()
    expect(asked).toBe(1) // a fresh entry needs no permission
    await age(`${base}/article`, '8 days')
    expect((await getLinkPreview(`${base}/article`, { mayFetch: refuse }))?.title).toBe(
      'Lever des fonds en 2026',
    )
    expect(site.requests).toHaveLength(1)
  })

  it('shares one fetch between simultaneous requests for a URL', async () => {
    const previews = await Promise.all(
      Array.from({ length: 5 }, () => getLinkPreview(`${base}/article`)),
    )
    expect(new Set(previews.map((preview) => preview?.title))).toEqual(
      new Set(['Lever des fonds en 2026']),
    )
    expect(site.requests).toHaveLength(1)
  })

  it('refuses what is not an http(s) URL without fetching', async () => {
    const urls = ['', 'pas une url', 'ftp://actu.example/', 'javascript:alert(1)']
    const previews = await Promise.all(urls.map((url) => getLinkPreview(url)))
    expect(previews).toEqual(urls.map(() => null))
    expect(site.connections).toBe(0)
  })

  it('uses the strict safe fetch by default', async () => {
    useLinkPreviewFetcher(null)
    try {
      expect(await getLinkPreview(`http://127.0.0.1:${victim.port}/`)).toBeNull()
      expect(await getLinkPreview('http://127.0.0.1/')).toBeNull()
      expect(await getLinkPreview('http://169.254.169.254/latest/meta-data/')).toBeNull()
    } finally {
      useLinkPreviewFetcher((url) =>
        safeFetchText(url, {
          resolver: async () => [{ address: '127.0.0.2', family: 4 }],
          isAllowedAddress: (address) => address === '127.0.0.2',
          allowedPorts: [site.port],
        }),
      )
    }
    expect(victim.connections).toBe(0)
    expect(await cachedRow('http://127.0.0.1/')).toMatchObject({ ok: false })
  })
})

describe('fetcherTrusting', () => {
  it('lets each trusted origin through on its own port only', async () => {
    const fetch = fetcherTrusting([`http://127.0.0.2:${site.port}`])
    expect(await fetch(`http://127.0.0.2:${site.port}/article`)).toMatchObject({ status: 200 })
    // The victim listens on the same port at another address; the trusted address on 80 or 443.
    const urls = [`http://127.0.0.1:${victim.port}/`, 'http://127.0.0.2/', 'https://127.0.0.2/']
    const outcomes = await Promise.all(
      urls.map((url) =>
        fetch(url).then(
          () => 'fetched',
          (error: unknown) => (error instanceof UnsafeUrlError ? 'refused' : String(error)),
        ),
      ),
    )
    expect(outcomes).toEqual(urls.map(() => 'refused'))
    expect(victim.connections).toBe(0)
    await expect(fetcherTrusting([])(`http://127.0.0.2:${site.port}/`)).rejects.toBeInstanceOf(
      UnsafeUrlError,
    )
  })
})

describe('normalizePreviewUrl', () => {
  it('keeps http(s) URLs without their fragment', () => {
    expect(normalizePreviewUrl(' https://Exemple.fr/a?b=1#c ')).toBe('https://exemple.fr/a?b=1')
    expect(normalizePreviewUrl('http://exemple.fr')).toBe('http://exemple.fr/')
    expect(normalizePreviewUrl('mailto:a@b.fr')).toBeNull()
    expect(normalizePreviewUrl(`https://exemple.fr/${'a'.repeat(2100)}`)).toBeNull()
    // 319 characters as typed, 2,719 once percent-encoded: more than the cache's key may hold.
    expect(normalizePreviewUrl(`https://exemple.fr/${'中'.repeat(300)}`)).toBeNull()
    expect(normalizePreviewUrl(null)).toBeNull()
  })
})

describe('isPostExternalUrl', () => {
  it('answers no for a link holding a NUL, which no post can store, without failing the query', async () => {
    await expect(isPostExternalUrl('http://127.0.0.1:5432/a\u0000b')).resolves.toBe(false)
    await expect(isPostExternalUrl('\u0000')).resolves.toBe(false)
  })
})
