import { listSitemapEntries, renderSitemap } from '~/features/marketing/sitemap.server'
import { getEnv } from '~/server/env.server'

/** GET /sitemap.xml */
export async function loader() {
  const xml = renderSitemap(getEnv().PUBLIC_URL, await listSitemapEntries())
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
