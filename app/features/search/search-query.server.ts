import { sql, type SQL } from 'drizzle-orm'
import { posts } from '~/server/db/schema'

export const SEARCH_MIN_LENGTH = 2
export const SEARCH_MAX_LENGTH = 100

/** A search term as people type it: trimmed, inner spaces folded, capped. */
export function normalizeSearchTerm(value: string | null | undefined): string {
  return (value ?? '').replaceAll(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_LENGTH)
}

/**
 * The French full-text condition on posts (title and content; accents folded, stems matched):
 * prefix matching on the last word, so "financ" finds "financement" while typing.
 */
export function postMatchesSearch(term: string): SQL {
  const words = term
    .toLowerCase()
    .split(' ')
    .map((word) => word.replaceAll(/[^\p{L}\p{N}]+/gu, ''))
    .filter(Boolean)
  if (words.length === 0) return sql`false`
  // Each word through the same configuration as the document; the last one, still being
  // typed, as a prefix of its stem or of the raw word (so a stop word like 'le' in 'levée'
  // still narrows the search).
  const parts = words.map((word, index) =>
    index === words.length - 1
      ? sql`(to_tsquery('tremplin_french', quote_literal(${word}) || ':*') || to_tsquery('simple', quote_literal(unaccent(${word})) || ':*'))`
      : sql`plainto_tsquery('tremplin_french', ${word})`,
  )
  return sql`${posts.searchVector} @@ (${sql.join(parts, sql` && `)})`
}
