import type { MetaDescriptor } from 'react-router'

type RouteMatches = readonly ({ id: string; loaderData?: unknown } | undefined)[]

/** Where a page is (a meta function's arguments): its path, and the routes matched. */
interface PageAt {
  location: { pathname: string }
  matches: RouteMatches
}

/** The site's public origin as the root loader gives it (PUBLIC_URL, without its last slash). */
export function originOf(matches: RouteMatches): string | null {
  const root = matches.find((match) => match?.id === 'root')?.loaderData
  const origin = (root as { origin?: unknown } | undefined)?.origin
  return typeof origin === 'string' ? origin : null
}

/** A page's one address for search engines and shared links: canonical link and og:url. */
export function canonicalTags(url: string | null): MetaDescriptor[] {
  if (!url) return []
  return [
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:url', content: url },
  ]
}

/**
 * A site page's path as its canonical address writes it: routes match whatever the case and
 * a last slash (`/About/` shows /about), and the site's own paths are lower-case.
 */
function canonicalPath(pathname: string): string {
  return pathname.replace(/\/+$/, '').toLowerCase() || '/'
}

/**
 * The French <title> ('… · Tremplin') and description of a page, with their OpenGraph twins,
 * and, for a page that exists (`page`), its canonical address: its path without the query
 * (a link's tracking parameters, a confirmation's `?confirmation=ok`) on the public origin.
 */
export function pageMeta(title: string, description: string, page?: PageAt): MetaDescriptor[] {
  const fullTitle = title.includes('Tremplin') ? title : `${title} · Tremplin`
  const origin = page ? originOf(page.matches) : null
  const url = page && origin ? `${origin}${canonicalPath(page.location.pathname)}` : null
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    ...canonicalTags(url),
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:site_name', content: 'Tremplin' },
  ]
}
