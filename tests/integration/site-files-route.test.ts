import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loader as manifestLoader } from '../../app/routes/api/manifest'
import { loader as robotsLoader } from '../../app/routes/api/robots'
import { SITEMAP_KEPT_MS, loader as sitemapLoader } from '../../app/routes/api/sitemap'
import { BLOG_ARTICLES } from '../../app/features/marketing/blog-articles'
import { db } from '../../app/server/db/db.server'
import { profiles, users } from '../../app/server/db/schema'
import { countListingChange } from '../../app/server/public-changes.server'
import { createPost, createProfile } from '../factories'

// NODE_ENV=test leaves PUBLIC_URL at its default.
const ORIGIN = 'http://localhost:3000'

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
}

describe('GET /sitemap.xml', () => {
  // Each test starts without the XML a test before it kept.
  beforeEach(() => {
    countListingChange()
  })

  it('lists the static pages, the posts at their readable URLs and confirmed members’ profiles', async () => {
    const author = await createProfile(db, { firstName: 'Élodie', lastName: 'Ndiaye' })
    await createPost(db, { authorId: author.id, title: 'Mon premier salon : le bilan' })
    await createPost(db, { authorId: author.id, title: 'Mon premier salon : le bilan' })
    const unconfirmed = await createProfile(db, { firstName: 'Paul', lastName: 'Nouveau' })
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.userId))

    const response = await sitemapLoader()
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const xml = await response.text()
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    )
    const urls = locations(xml)
    for (const path of [
      '/',
      '/feed',
      '/pricing',
      '/moderation',
      '/terms',
      '/careers',
      '/privacy',
      '/contact',
      '/about',
      '/blog',
      '/faq',
      '/mentions-legales',
      '/accessibilite',
      ...BLOG_ARTICLES.map((article) => `/blog/${article.slug}`),
    ]) {
      expect(urls).toContain(`${ORIGIN}${path}`)
    }
    // The same title twice: the older keeps the short route, the newer gets its date.
    const postUrls = urls.filter((url) => url.includes('/post/'))
    expect(postUrls).toHaveLength(2)
    expect(postUrls).toContain(`${ORIGIN}/post/elodie-ndiaye/mon-premier-salon-le-bilan`)
    expect(
      postUrls.some((url) => /\/mon-premier-salon-le-bilan\/\d{4}-\d{2}-\d{2}/.test(url)),
    ).toBe(true)
    expect(urls).toContain(`${ORIGIN}/profile/${author.userId}`)
    expect(urls).not.toContain(`${ORIGIN}/profile/${unconfirmed.userId}`)
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/)
  })

  it('tells no one when a member last edited their profile: newest members first, no lastmod', async () => {
    const older = await createProfile(db, { firstName: 'Anne', lastName: 'Ancienne' })
    const newer = await createProfile(db, { firstName: 'Noé', lastName: 'Nouveau' })
    await db
      .update(profiles)
      .set({ createdAt: new Date('2026-01-05T09:00:00Z'), updatedAt: new Date() })
      .where(eq(profiles.id, older.id))
    await db
      .update(profiles)
      .set({
        createdAt: new Date('2026-02-05T09:00:00Z'),
        updatedAt: new Date('2026-02-05T09:00:00Z'),
      })
      .where(eq(profiles.id, newer.id))
    const xml = await (await sitemapLoader()).text()
    const profileEntries = [
      ...xml.matchAll(/<url><loc>[^<]+\/profile\/([^<]+)<\/loc>(.*?)<\/url>/g),
    ]
    expect(profileEntries.map((entry) => entry[1])).toEqual([newer.userId, older.userId])
    for (const entry of profileEntries) expect(entry[2]).toBe('')
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('is built once for ten minutes, whoever asks meanwhile, then again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const author = await createProfile(db, { firstName: 'Inès', lastName: 'Moreau' })
    await createPost(db, { authorId: author.id, title: 'Premier bilan' })
    const first = await (await sitemapLoader()).text()
    expect(first).toContain('/post/ines-moreau/premier-bilan')
    // Published meanwhile: not listed until the kept XML is ten minutes old.
    await createPost(db, { authorId: author.id, title: 'Second bilan' })
    const asked = await Promise.all([sitemapLoader(), sitemapLoader()])
    for (const response of asked) {
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=600')
      expect(await response.text()).toBe(first)
    }
    vi.setSystemTime(Date.now() + SITEMAP_KEPT_MS)
    expect(await (await sitemapLoader()).text()).toContain('/post/ines-moreau/second-bilan')
  })

  it('is built again once this process accepts a change of its listing', async () => {
    const author = await createProfile(db, { firstName: 'Léa', lastName: 'Petit' })
    await sitemapLoader()
    await createPost(db, { authorId: author.id, title: 'Nouveau départ' })
    expect(await (await sitemapLoader()).text()).not.toContain('/post/lea-petit/nouveau-depart')
    countListingChange()
    expect(await (await sitemapLoader()).text()).toContain('/post/lea-petit/nouveau-depart')
  })
})

describe('GET /robots.txt', () => {
  it('keeps the API and member-only pages out and announces the sitemap at PUBLIC_URL', async () => {
    const response = robotsLoader()
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    const text = await response.text()
    expect(text).toContain('User-agent: *\n')
    for (const path of ['/api/', '/settings', '/auth']) {
      expect(text).toContain(`Disallow: ${path}\n`)
    }
    expect(text).not.toMatch(/^Disallow: \/$/m)
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`)
  })

  it('blocks the composer, not the posts of an author whose address starts with « create »', async () => {
    // As search engines read a rule: a prefix, `*` any run of characters, `$` the end.
    const rules = [...(await robotsLoader().text()).matchAll(/^Disallow: (.+)$/gm)].map(
      ([, rule]) =>
        // Every character taken literally but `*` and a final `$`.
        new RegExp(`^${rule!.replaceAll(/[.+?^{}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}`),
    )
    const blocked = (path: string) => rules.some((rule) => rule.test(path))
    expect(blocked('/post/create')).toBe(true)
    expect(blocked('/post/create?brouillon=1')).toBe(true)
    expect(blocked('/settings')).toBe(true)
    expect(blocked('/post/create-dupont/mon-lancement')).toBe(false)
    expect(blocked('/post/createur-ba/mon-lancement')).toBe(false)
    expect(blocked('/profile/0b8f3c2e-1d6a-4f57-9a1e-2c3d4e5f6a7b')).toBe(false)
  })
})

describe('GET /manifest.webmanifest', () => {
  it('names the app in French and lists PNG icons of 192 and 512 px', async () => {
    const response = manifestLoader()
    expect(response.headers.get('Content-Type')).toBe('application/manifest+json; charset=utf-8')
    const manifest = await response.json()
    expect(manifest).toMatchObject({ lang: 'fr', short_name: 'Tremplin', display: 'standalone' })
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ src: '/icon-192.png', sizes: '192x192' }),
        expect.objectContaining({ src: '/icon-512.png', sizes: '512x512' }),
        expect.objectContaining({ purpose: 'maskable' }),
      ]),
    )
  })
})
