import { searchSuggestions } from '~/features/search/suggestions.server'
import { normalizeSearchTerm } from '~/features/search/search-query.server'
import { logger } from '~/server/logger.server'
import type { Route } from './+types/search-suggestions'

/**
 * Suggestions for the search field as JSON: `?q=` → { term, results, count }. Public content,
 * so no session is read; the browser may reuse an answer for the same term for 30 seconds.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get('q')
  try {
    const suggestions = await searchSuggestions({ term: q })
    return Response.json(suggestions, { headers: { 'Cache-Control': 'private, max-age=30' } })
  } catch (error) {
    // Like the feed (spec §8): logged, an empty list returned. An error status would make the
    // client's fetcher replace the whole page with the error boundary.
    logger.error({ err: error }, 'search suggestions failed')
    return Response.json(
      { term: normalizeSearchTerm(q), results: [], count: 0 },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  }
}

/** The same caching for the suggestions fetcher's request (/api/search/suggestions.data). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}
