import { sql, type SQL } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import { posts } from '~/server/db/schema'

// The term's rules are shared with the search field (search-term.ts).
export { normalizeSearchTerm, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './search-term'

/**
 * The last word of a search, still being typed, as a prefix of its stem or of the raw word (so
 * a stop word like 'le' in 'levée' still narrows the search). When one prefix starts with the
 * other ('lyon' and 'lyon', 'marqu' and 'marques'), the shorter one alone matches the same
 * posts: the GIN index would otherwise gather every post of a common prefix twice
 * (« franchise Lyon »: 55,000 posts at 1 M).
 */
export function lastWordPrefix(word: string): SQL {
  return sql`(select case
      when numnode(stem) = 1 and numnode(raw) = 1 and starts_with(btrim(raw::text, ''':*'), btrim(stem::text, ''':*')) then stem
      when numnode(stem) = 1 and numnode(raw) = 1 and starts_with(btrim(stem::text, ''':*'), btrim(raw::text, ''':*')) then raw
      else stem || raw end
    from (select
      to_tsquery('tremplin_french', quote_literal(${word}) || ':*') as stem,
      to_tsquery('simple', quote_literal(unaccent(${word})) || ':*') as raw) as last_word)`
}

/**
 * The French full-text condition on posts (title and content; accents folded, stems matched):
 * prefix matching on the last word, so "financ" finds "financement" while typing. Words are
 * split where the documents' parser splits them, at every other character: « chiffre
 * d'affaires », « micro-entreprise », « R&D » are words of their own there, and an elided « d »
 * or « l » is a stop word, left out of the query.
 */
export function postMatchesSearch(term: string): SQL {
  const split = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  // A last word of one letter (not a digit) after others is an elision being typed (« chiffre
  // d ») or the « D » of « R&D », a stop word the documents do not hold: as a prefix it would
  // match every word that starts with it. It is left out, and the word before it is whole.
  const elided = split.length > 1 && /^\p{L}$/u.test(split.at(-1)!)
  const words = elided ? split.slice(0, -1) : split
  if (words.length === 0) return sql`false`
  // Each word through the same configuration as the document; the last one, still being
  // typed, as a prefix.
  const parts = words.map((word, index) =>
    index === words.length - 1 && !elided
      ? lastWordPrefix(word)
      : sql`plainto_tsquery('tremplin_french', ${word})`,
  )
  const byWords = sql.join(parts, sql` && `)
  // A version, a site or an address (« Industrie 4.0 », « bpifrance.fr ») is one word of the
  // documents, which the split above cuts up: the term as the documents' parser reads it also
  // matches then.
  const query = KEPT_WHOLE.test(term)
    ? sql`(${byWords}) || plainto_tsquery('tremplin_french', ${term})`
    : byWords
  // One sub-query: the whole query is made once per statement, not combined again per row.
  return sql`${posts.searchVector} @@ (select ${query})`
}

/** A dot, an at sign or a slash between letters or digits: a word the parser keeps whole. */
const KEPT_WHOLE = /[\p{L}\p{N}][.@/][\p{L}\p{N}]/u

/** Posts first looked for among this many newest ones (see findNewestMatchingPosts). */
export const RECENT_POSTS_WINDOW = 2000

/** The most newest posts read on a second, longer walk down the feed (ADR 039). */
export const LONGEST_WALK = 20_000

/**
 * How far down the feed the rest of a page may be looked for, from the hits among the
 * RECENT_POSTS_WINDOW newest posts: LONGEST_WALK when, at that density, the page would fill
 * within half of it; otherwise null, and the word is rare enough for the GIN index to give its
 * few matches. A walk stops at the page's last match, so LONGEST_WALK only bounds it.
 */
export function longerWalk(hits: number, limit: number): number | null {
  if (hits === 0) return null
  const rowsToFill = (limit * RECENT_POSTS_WINDOW) / hits
  return rowsToFill <= LONGEST_WALK / 2 ? LONGEST_WALK : null
}

export interface MatchingPost {
  id: string
  /** created_at at microsecond precision, as a cursor needs it. */
  createdAt: string
}

/**
 * The newest posts matching `term` (and `conditions`, written against the alias "posts"),
 * before the cursor, newest first, at most `limit`; never ranked, never all counted.
 *
 * Neither plan alone holds at a million posts: walking the feed index until enough posts
 * match reads the whole table for a rare word, and the GIN index's matches of a common word
 * are many thousands to sort. So the match is first looked for among the RECENT_POSTS_WINDOW
 * newest posts (bounded work): enough hits there are the answer, since every post outside the
 * window is older (ADR 013). A few hits there tell how far the page lies: when it is near,
 * a longer walk finds it (« franchise Lyon »: 7 hits among 2,000, the page within 7,600 posts,
 * where the GIN index would gather 55,000 posts for « lyon » to keep 2,151, ADR 039).
 * Otherwise the word is rare and the GIN index finds every match, few by then, which are
 * sorted by date.
 */
export async function findNewestMatchingPosts(input: {
  term: string
  limit: number
  cursor?: { createdAt: string; id: string } | null
  conditions?: SQL[]
}): Promise<MatchingPost[]> {
  const match = postMatchesSearch(input.term)
  const before = input.cursor
    ? sql`(${posts.createdAt}, ${posts.id}) < (${input.cursor.createdAt}::timestamptz, ${input.cursor.id}::uuid)`
    : sql`true`
  const conditions = sql.join([match, ...(input.conditions ?? [])], sql` and `)
  // Aliased "posts" so that the shared conditions apply to the window. NULLS LAST (the
  // columns are NOT NULL) is the order of posts_feed_idx: plain DESC would not use it. The
  // outer ORDER BY names the window's columns (a bare created_at would be the text selected,
  // a sort of every match that reads the whole window): in the index's order, the outer LIMIT
  // ends the walk at the page's last match.
  const amongNewest = async (windowSize: number) =>
    (
      await db.execute<{ id: string; created_at: string }>(sql`
        select id, created_at::text as created_at
        from (
          select id, created_at, author_id, search_vector from ${posts}
          where ${before}
          order by created_at desc nulls last, id desc nulls last
          limit ${windowSize}
        ) as posts
        where ${conditions}
        order by posts.created_at desc nulls last, posts.id desc nulls last
        limit ${input.limit}`)
    ).rows
  const recent = await amongNewest(RECENT_POSTS_WINDOW)
  if (recent.length >= input.limit) return recent.map(toMatchingPost)
  const walk = longerWalk(recent.length, input.limit)
  if (walk !== null) {
    const walked = await amongNewest(walk)
    if (walked.length >= input.limit) return walked.map(toMatchingPost)
  }
  // OFFSET 0 keeps the planner from walking the feed index instead of the GIN index.
  const every = await db.execute<{ id: string; created_at: string }>(sql`
    select id, created_at::text as created_at
    from (
      select id, created_at from ${posts}
      where ${before} and ${conditions}
      offset 0
    ) as every_match
    order by every_match.created_at desc, every_match.id desc
    limit ${input.limit}`)
  return every.rows.map(toMatchingPost)
}

function toMatchingPost(row: { id: string; created_at: string }): MatchingPost {
  return { id: row.id, createdAt: row.created_at }
}
