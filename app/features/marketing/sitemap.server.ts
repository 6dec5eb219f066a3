import { eq, sql } from 'drizzle-orm'
import { readableRouteParts } from '~/features/posts/post-url.server'
import { postPath } from '~/features/posts/post-url'
import { db } from '~/server/db/db.server'
import { posts, profiles, users } from '~/server/db/schema'
import { STATIC_PAGE_PATHS } from './site-pages'

/** At most this many posts and this many profiles, newest first (a sitemap holds 50,000 URLs). */
export const SITEMAP_LIMIT = 5000

export interface SitemapEntry {
  path: string
  lastModified?: Date
}

/**
 * Every page a search engine may index: the static pages, the latest posts at their readable
 * URLs, and the profiles of confirmed members (an unconfirmed account's profile is empty).
 */
export async function listSitemapEntries(limit = SITEMAP_LIMIT): Promise<SitemapEntry[]> {
  // In the order of their indexes (`nulls last`, as they are built): a plain `desc` would sort
  // every post and every member for each request.
  const [postRows, profileRows] = await Promise.all([
    db
      .select({ route: readableRouteParts, updatedAt: posts.updatedAt })
      .from(posts)
      .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
      .limit(limit),
    // Newest members first, without a date: when a member last edited their profile (a field
    // only they see, perhaps) is not for anyone reading the sitemap.
    db
      .select({ userId: profiles.userId })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.emailVerified, true))
      .orderBy(sql`${profiles.createdAt} desc nulls last`, sql`${profiles.id} desc nulls last`)
      .limit(limit),
  ])
  return [
    ...STATIC_PAGE_PATHS.map((path) => ({ path })),
    ...postRows.map((row) => ({ path: postPath(row.route), lastModified: row.updatedAt })),
    ...profileRows.map((row) => ({ path: `/profile/${encodeURIComponent(row.userId)}` })),
  ]
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The sitemap protocol's XML for these entries under `origin` (PUBLIC_URL). */
export function renderSitemap(origin: string, entries: readonly SitemapEntry[]): string {
  const base = origin.replace(/\/+$/, '')
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>`
      : ''
    return `  <url><loc>${escapeXml(base + entry.path)}</loc>${lastmod}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** robots.txt: member-only and API paths stay out of the index; the sitemap is announced. */
export function renderRobots(origin: string): string {
  const base = origin.replace(/\/+$/, '')
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /auth',
    'Disallow: /settings',
    // The composer only: `$` ends the rule, which would else also block the posts of an author
    // whose address starts with « create » (/post/createur-ba/…).
    'Disallow: /post/create$',
    'Disallow: /post/create?',
    'Disallow: /profile/edit',
    'Disallow: /notifications',
    'Disallow: /messages',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}
