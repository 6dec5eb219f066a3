// A search term's rules, the same in the browser (the search field compares the answer's term
// with what is typed) and on the server (search-query.server.ts).

export const SEARCH_MIN_LENGTH = 2
export const SEARCH_MAX_LENGTH = 100

/**
 * A search term as people type it: trimmed, inner spaces folded, capped, without NUL (which
 * PostgreSQL refuses in a query: the suggestions answered nothing and logged an error).
 */
export function normalizeSearchTerm(value: string | null | undefined): string {
  return (
    (value ?? '')
      // One form for an accented letter (é, not e + U+0301): the documents' and the patterns'.
      .normalize('NFC')
      .replaceAll('\0', '')
      .replaceAll(/\s+/g, ' ')
      .trim()
      .slice(0, SEARCH_MAX_LENGTH)
  )
}
