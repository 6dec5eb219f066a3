import { listSitemapEntries, renderSitemap } from '~/features/marketing/sitemap.server'
import { getEnv } from '~/server/env.server'
import { listingChangesAccepted } from '~/server/public-changes.server'

/**
 * How long a process keeps the XML it built: the two statements read 10,000 rows and the body
 * is about a megabyte, which a search engine (or anyone, whatever the query string) asking
 * again and again must not cost each time. A write this process accepts that changes which
 * pages there are (a post published or deleted, a member renamed or gone; not a vote nor a
 * comment) has it built again at the next request; another process's, within these minutes,
 * as the header says.
 */
export const SITEMAP_KEPT_MS = 10 * 60_000

let kept: { xml: Promise<string>; until: number; changes: number } | null = null

/** The sitemap's XML, built once per SITEMAP_KEPT_MS, shared by the requests that wait for it. */
function sitemapXml(): Promise<string> {
  const now = Date.now()
  const changes = listingChangesAccepted()
  if (kept && now < kept.until && kept.changes === changes) return kept.xml
  const xml = listSitemapEntries().then((entries) => renderSitemap(getEnv().PUBLIC_URL, entries))
  const entry = { xml, until: now + SITEMAP_KEPT_MS, changes }
  kept = entry
  // A failure is not kept: the next request tries again.
  xml.catch(() => {
    if (kept === entry) kept = null
  })
  return xml
}

/** GET /sitemap.xml */
export async function loader() {
  return new Response(await sitemapXml(), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': `public, max-age=${SITEMAP_KEPT_MS / 1000}`,
    },
  })
}
