import { eq, or } from 'drizzle-orm'
import ogs from 'open-graph-scraper'
import { db } from '~/server/db/db.server'
import { linkPreviews, posts } from '~/server/db/schema'
import { logger } from '~/server/logger.server'
import { SharedWork } from '~/server/shared-work.server'
import { getEnv } from '~/server/env.server'
import {
  isPublicAddress,
  safeFetchText,
  type SafeFetchResult,
} from '~/server/net/safe-fetch.server'
import { truncateText } from '~/utils/truncate'
import type { LinkPreview } from './link-preview'

export type { LinkPreview } from './link-preview'

const HOUR = 60 * 60 * 1000
/** How long a cached answer is used without fetching again. */
export const LINK_PREVIEW_FRESH_MS = { ok: 7 * 24 * HOUR, failed: HOUR } as const
export const LINK_PREVIEW_URL_MAX = 2048
const LIMITS = { title: 300, description: 500, siteName: 100, image: LINK_PREVIEW_URL_MAX }

type Fetcher = (url: string) => Promise<SafeFetchResult>

/**
 * The strict fetch, except for `origins` an operator trusts (LINK_PREVIEW_ALLOWED_ORIGINS):
 * each one's IP address on its own port is let through too, and nothing else (not that port on
 * other hosts, nor the address on 80 or 443).
 */
export function fetcherTrusting(origins: readonly string[]): Fetcher {
  if (origins.length === 0) return (url) => safeFetchText(url)
  const trusted = origins.map((text) => {
    const origin = new URL(text)
    return {
      address: origin.hostname.replace(/^\[|\]$/g, ''),
      port: Number(origin.port || (origin.protocol === 'https:' ? 443 : 80)),
    }
  })
  return (url) =>
    safeFetchText(url, {
      isAllowedAddress: (address, port) =>
        trusted.some((origin) => origin.address === address && origin.port === port) ||
        ((port === 80 || port === 443) && isPublicAddress(address)),
      allowedPorts: [80, 443, ...trusted.map((origin) => origin.port)],
    })
}

const defaultFetcher: Fetcher = (url) => fetcherTrusting(getEnv().LINK_PREVIEW_ALLOWED_ORIGINS)(url)

let fetcher: Fetcher = defaultFetcher

/**
 * Tests only: replaces the fetch (to reach a loopback test server through safeFetchText's test
 * options); null restores the strict default.
 */
export function useLinkPreviewFetcher(replacement: Fetcher | null): void {
  fetcher = replacement ?? defaultFetcher
}

/** The URL as cached and fetched: trimmed, http(s) only, without its fragment; else null. */
export function normalizePreviewUrl(input: string | null | undefined): string | null {
  const trimmed = input?.trim() ?? ''
  if (!trimmed || trimmed.length > LINK_PREVIEW_URL_MAX) return null
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return null
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null
  url.hash = ''
  // Percent-encoding makes a letter up to 12 characters: the stored key stays within the limit.
  return url.href.length > LINK_PREVIEW_URL_MAX ? null : url.href
}

/** Whether some post links to `url` (as typed by its author or normalised). */
export async function isPostExternalUrl(url: string): Promise<boolean> {
  const trimmed = url.trim()
  // A NUL names no post (PostgreSQL cannot store one, nor read it in a query: a 500); the
  // normalised form percent-encodes it.
  const forms = new Set(
    [trimmed, normalizePreviewUrl(trimmed)].filter(
      (form): form is string => form !== null && !form.includes('\0'),
    ),
  )
  if (forms.size === 0) return false
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(or(...Array.from(forms, (form) => eq(posts.externalUrl, form))))
    .limit(1)
  return Boolean(row)
}

function clean(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null
  const text = value.replace(/\s+/g, ' ').trim()
  if (!text) return null
  return truncateText(text, max - 1).text
}

function absoluteHttpUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || !value.trim()) return null
  try {
    const url = new URL(value.trim(), base)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.href.length <= LIMITS.image ? url.href : null
  } catch {
    return null
  }
}

/** The preview fields of a page, from its HTML only (open-graph-scraper does no request). */
export async function parseLinkPreview(
  html: string,
  pageUrl: string,
): Promise<Omit<LinkPreview, 'url'>> {
  const { result } = await ogs({
    html,
    // No guessing an image from the page's <img> elements: og:image or twitter:image only.
    onlyGetOpenGraphInfo: ['image'],
    // ogs fills ogTitle from <title> when og:title is missing; the raw tag says which it was.
    customMetaTags: [{ property: 'og:title', fieldName: 'metaOgTitle', multiple: false }],
  })
  const custom = (result.customMetaTags ?? {}) as Record<string, unknown>
  const title =
    clean(custom.metaOgTitle, LIMITS.title) ??
    clean(result.twitterTitle, LIMITS.title) ??
    clean(result.ogTitle, LIMITS.title)
  const description =
    clean(result.ogDescription, LIMITS.description) ??
    clean(result.twitterDescription, LIMITS.description)
  const image =
    absoluteHttpUrl(result.ogImage?.[0]?.url, pageUrl) ??
    absoluteHttpUrl(result.twitterImage?.[0]?.url, pageUrl)
  const siteName =
    clean(result.ogSiteName, LIMITS.siteName) ?? new URL(pageUrl).hostname.replace(/^www\./, '')
  return { title, description, image, siteName }
}

type CachedRow = typeof linkPreviews.$inferSelect

function toPreview(row: CachedRow): LinkPreview | null {
  if (!row.ok) return null
  return {
    url: row.url,
    title: row.title,
    description: row.description,
    image: row.imageUrl,
    siteName: row.siteName,
  }
}

/**
 * Whether a cached answer is still used as it is (7 days, an hour for a failure). A page that
 * lists a post with a stale one leaves its preview to the card, whose request fetches it again.
 */
export function isLinkPreviewFresh(
  row: { ok: boolean; fetchedAt: Date },
  now = Date.now(),
): boolean {
  const age = now - row.fetchedAt.getTime()
  return age < (row.ok ? LINK_PREVIEW_FRESH_MS.ok : LINK_PREVIEW_FRESH_MS.failed)
}

async function fetchAndStore(url: string): Promise<LinkPreview | null> {
  let fields: Omit<LinkPreview, 'url'> | null = null
  try {
    const page = await fetcher(url)
    fields = await parseLinkPreview(page.body, page.finalUrl)
  } catch (error) {
    logger.info({ url, err: error }, 'link preview fetch failed')
  }
  const ok = Boolean(fields && (fields.title || fields.description))
  const values = {
    title: ok ? (fields?.title ?? null) : null,
    description: ok ? (fields?.description ?? null) : null,
    imageUrl: ok ? (fields?.image ?? null) : null,
    siteName: ok ? (fields?.siteName ?? null) : null,
    ok,
    fetchedAt: new Date(),
  }
  const [row] = await db
    .insert(linkPreviews)
    .values({ url, ...values })
    .onConflictDoUpdate({ target: linkPreviews.url, set: values })
    .returning()
  return row ? toPreview(row) : null
}

// Requests for the same URL together share one fetch, including one whose cache read began
// before another's fetch stored its row and answered after (the row unseen).
const fetches = new SharedWork<LinkPreview | null>()

export interface GetLinkPreviewOptions {
  /**
   * Asked only when the cache has no fresh answer; false means: no fetch, the stale cached
   * preview if there is one, else null. The route uses it for permissions and rate limits.
   */
  mayFetch?: () => Promise<boolean>
}

/**
 * The preview of an external link: from the cache while fresh (7 days, 1 hour for a failure),
 * else fetched with safeFetchText, parsed and cached. Null when the URL is not http(s), the page
 * could not be read, or it has neither title nor description.
 */
export async function getLinkPreview(
  url: string,
  options: GetLinkPreviewOptions = {},
): Promise<LinkPreview | null> {
  const normalized = normalizePreviewUrl(url)
  if (!normalized) return null
  return fetches.reading(normalized, async (join) => {
    const [cached] = await db.select().from(linkPreviews).where(eq(linkPreviews.url, normalized))
    if (cached && isLinkPreviewFresh(cached, Date.now())) return toPreview(cached)
    if (options.mayFetch && !(await options.mayFetch())) return cached ? toPreview(cached) : null
    return join() ?? fetches.start(normalized, () => fetchAndStore(normalized))
  })
}
