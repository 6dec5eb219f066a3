import { sql, type SQL } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import { categories, posts, profiles, sectors } from '~/server/db/schema'
import { postPath, type ReadableRouteParts } from '~/features/posts/post-url'
import { readableRouteJson } from '~/features/posts/post-url.server'
import {
  findNewestMatchingPosts,
  normalizeSearchTerm,
  SEARCH_MIN_LENGTH,
} from './search-query.server'

/** Spec §9: at most 8 suggestions in all. */
export const SUGGESTION_LIMIT = 8
// Communities and members shown at most, before posts fill the rest.
const GROUP_LIMIT = 3
// Matching members read before sorting by name: bounds the work for a short, common prefix.
const AUTHOR_CANDIDATES = 50
const EXCERPT_LENGTH = 120

export type CommunityType = 'category' | 'sector'

export type Suggestion =
  | { kind: 'post'; id: string; title: string; excerpt: string; url: string }
  | { kind: 'author'; profileId: string; userId: string; name: string; avatar: string | null }
  | { kind: 'community'; type: CommunityType; name: string; displayName: string }

export interface SearchSuggestions {
  /** The term as searched (normalised). */
  term: string
  /** Communities first, then members, then posts newest first. */
  results: Suggestion[]
  /** The number of suggestions returned ('N résultat(s) trouvé(s)'). */
  count: number
}

interface SuggestionRow extends Record<string, unknown> {
  kind: Suggestion['kind']
  key: string
  label: string
  detail: string | null
  avatar: string | null
  route: ReadableRouteParts | null
}

/** `value` for a LIKE pattern escaped with a backslash: its own wildcards are taken literally. */
function escapeLike(value: string): string {
  return value.replaceAll(/[\\%_]/g, (character) => `\\${character}`)
}

// The letters French names carry accents on; a name regex matches any of these for the letter.
const ACCENTED: Record<string, string> = {
  a: 'aàâäáãå',
  c: 'cç',
  e: 'eéèêë',
  i: 'iîïíì',
  n: 'nñ',
  o: 'oôöóòõ',
  u: 'uùûüú',
  y: 'yÿý',
}

// What may precede a word of a name: its start, a space, a hyphen, an apostrophe or a dot.
// (The typographic apostrophe is left out: pg_trgm then extracts no trigram from the pattern.)
const WORD_START = `(^|[ '.-])`

/**
 * Member names are matched word by word, each word of the term being the start of a word of
 * the name, in any order ("mar cam" finds "Camille Martin"). The condition is a
 * case-insensitive regular expression on `first_name || ' ' || last_name`, the expression of
 * the profiles trigram index, so pg_trgm answers it from the index. Accents are folded by the
 * pattern itself: the term is stripped of its accents and each letter becomes a bracket
 * expression of its accented forms ("helene" → h[eé…]l[eé…]n[eé…]). unaccent() on the column
 * cannot be used: it is not immutable, so the index does not cover it.
 */
function nameMatchesSearch(term: string): SQL {
  const words = term
    .normalize('NFD')
    .replaceAll(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  if (words.length === 0) return sql`false`
  // Only letters and digits remain: nothing in a word is special to the regex.
  const patterns = words.map((word) => {
    const letters = Array.from(word, (letter) => {
      const forms = ACCENTED[letter]
      if (forms) return `[${forms}${forms.toUpperCase()}]`
      // Other non-ASCII letters in both cases, should the database fold only ASCII.
      if (letter > '\u007f') return `[${letter}${letter.toUpperCase()}]`
      return letter
    })
    return `${WORD_START}${letters.join('')}`
  })
  return sql.join(
    patterns.map(
      (pattern) => sql`(${profiles.firstName} || ' ' || ${profiles.lastName}) ~* ${pattern}`,
    ),
    sql` and `,
  )
}

function excerptOf(content: string | null): string {
  const text = content ?? ''
  if (text.length <= EXCERPT_LENGTH) return text
  const cut = text.slice(0, EXCERPT_LENGTH)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

function toSuggestion(row: SuggestionRow): Suggestion {
  switch (row.kind) {
    case 'community':
      return {
        kind: 'community',
        type: row.detail === 'sector' ? 'sector' : 'category',
        name: row.key,
        displayName: row.label,
      }
    case 'author':
      return {
        kind: 'author',
        profileId: row.key,
        userId: row.detail ?? '',
        name: row.label || 'Utilisateur',
        avatar: row.avatar,
      }
    case 'post':
      return {
        kind: 'post',
        id: row.key,
        title: row.label,
        excerpt: excerptOf(row.detail),
        url: row.route ? postPath(row.route) : `/post/${row.key}`,
      }
  }
}

/**
 * Search suggestions for a term as typed (spec §2, §9): matching communities (at most 3),
 * members (at most 3), then the newest matching posts, `limit` in all, in one SQL statement.
 * A term under 2 characters returns nothing without querying the database.
 */
export async function searchSuggestions({
  term: rawTerm,
  limit = SUGGESTION_LIMIT,
}: {
  term: string | null | undefined
  limit?: number
}): Promise<SearchSuggestions> {
  const term = normalizeSearchTerm(rawTerm)
  const total = Math.min(Math.max(Math.trunc(limit), 0), SUGGESTION_LIMIT)
  if (term.length < SEARCH_MIN_LENGTH || total === 0) return { term, results: [], count: 0 }

  const groupLimit = Math.min(GROUP_LIMIT, total)
  const likeTerm = escapeLike(term)
  const postIds = (await findNewestMatchingPosts({ term, limit: total })).map((post) => post.id)

  const { rows } = await db.execute<SuggestionRow>(sql`
    with community_matches as (
      -- About fifty rows: folding every display name is cheap. A word starting with the term
      -- ranks first ("ma": Marketing before Informatique).
      select type, name, display_name, position, type_order,
        (' ' || lower(unaccent(display_name))) like lower(unaccent(${`% ${likeTerm}%`}::text)) escape '\\' as word_start
      from (
        select 'category' as type, ${categories.name} as name, ${categories.displayName} as display_name,
          ${categories.position} as position, 0 as type_order
        from ${categories}
        union all
        select 'sector', ${sectors.name}, ${sectors.displayName}, ${sectors.position}, 1
        from ${sectors}
      ) as community
      where name <> 'tous'
        and lower(unaccent(display_name)) like lower(unaccent(${`%${likeTerm}%`}::text)) escape '\\'
      order by word_start desc, type_order, position
      limit ${groupLimit}
    ),
    author_matches as (
      select id, user_id, first_name, last_name, avatar
      from (
        select ${profiles.id} as id, ${profiles.userId} as user_id, ${profiles.firstName} as first_name,
          ${profiles.lastName} as last_name, ${profiles.avatar} as avatar
        from ${profiles}
        where ${nameMatchesSearch(term)}
        limit ${AUTHOR_CANDIDATES}
      ) as candidate
      order by last_name, first_name, id
      limit ${groupLimit}
    ),
    -- The newest matching posts, found beforehand (findNewestMatchingPosts).
    post_matches as (
      select ${posts.id} as id, ${posts.createdAt} as created_at from ${posts}
      where ${posts.id} = any(string_to_array(${postIds.join(',')}, ',')::uuid[])
    )
    select kind, key, label, detail, avatar, route
    from (
      select 'community' as kind, 0 as group_order,
        row_number() over (order by word_start desc, type_order, position) as ord,
        name as key, display_name as label, type as detail, null::text as avatar, null::json as route
      from community_matches
      union all
      select 'author', 1, row_number() over (order by last_name, first_name, id),
        id::text, btrim(first_name || ' ' || last_name), user_id, avatar, null::json
      from author_matches
      union all
      select 'post', 2, row_number() over (order by m.created_at desc, m.id desc),
        m.id::text, ${posts.title}, left(regexp_replace(btrim(${posts.content}), '\\s+', ' ', 'g'), ${EXCERPT_LENGTH + 1}), null,
        ${readableRouteJson}
      from post_matches as m
      join ${posts} on ${posts.id} = m.id
    ) as suggestion
    order by group_order, ord
  `)

  const results = rows.slice(0, total).map(toSuggestion)
  return { term, results, count: results.length }
}
