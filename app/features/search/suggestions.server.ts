import { sql, type SQL } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import { perDatabase, prepareNamed } from '~/server/db/prepared.server'
import { categories, posts, profiles, sectors, users } from '~/server/db/schema'
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

interface SuggestionRow {
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
  // The ligatures too, whose first letter they start with: « la » already finds Lætitia.
  a: 'aàâäáãåæ',
  c: 'cç',
  e: 'eéèêë',
  i: 'iîïíì',
  n: 'nñ',
  o: 'oôöóòõœ',
  u: 'uùûüú',
  y: 'yÿý',
}

// What may precede a word of a name: its start, a space, a hyphen, an apostrophe (straight or
// typographic, as phones type it: N’Diaye) or a dot. pg_trgm still answers the pattern from its
// index (checked on PostgreSQL 2026-11-30: one row read for one match among 100,000 names).
const WORD_START = `(^|[ '’.-])`

/**
 * Member names are matched word by word, each word of the term being the start of a word of
 * the name, in any order ("mar cam" finds "Camille Martin"). The condition is a
 * case-insensitive regular expression on `first_name || ' ' || last_name`, the expression of
 * the profiles trigram index, so pg_trgm answers it from the index. Accents are folded by the
 * pattern itself: the term is stripped of its accents and each letter becomes a bracket
 * expression of its accented forms ("helene" → h[eé…]l[eé…]n[eé…]). unaccent() on the column
 * cannot be used: it is not immutable, so the index does not cover it.
 *
 * These are the words of the term, as they are matched.
 */
function nameWords(term: string): string[] {
  return term
    .normalize('NFD')
    .replaceAll(/\p{M}+/gu, '')
    .toLowerCase()
    .replaceAll('æ', 'ae')
    .replaceAll('œ', 'oe')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

// The ligatures of French names, each matched by its two letters as well (Lætitia, Laetitia).
const LIGATURES: Record<string, string> = { ae: 'æÆ', oe: 'œŒ' }

/** A letter's bracket expression: its accented forms, in both cases. */
function letterPattern(letter: string): string {
  const forms = ACCENTED[letter]
  if (forms) return `[${forms}${forms.toUpperCase()}]`
  // Other non-ASCII letters in both cases, should the database fold only ASCII.
  if (letter > '\u007f') return `[${letter}${letter.toUpperCase()}]`
  return letter
}

/** The regular expression of each word (nameWords), matched against members' names. */
function namePatterns(words: readonly string[]): string[] {
  // Only letters and digits remain: nothing in a word is special to the regex.
  return words.map((word) => {
    const letters = Array.from(word)
    let pattern = ''
    for (let index = 0; index < letters.length; index++) {
      const ligature = LIGATURES[`${letters[index]}${letters[index + 1] ?? ''}`]
      if (ligature) {
        pattern += `(?:${letterPattern(letters[index]!)}${letterPattern(letters[index + 1]!)}|[${ligature}])`
        index++
      } else {
        pattern += letterPattern(letters[index]!)
      }
    }
    return `${WORD_START}${pattern}`
  })
}

/** A member's name matches every pattern (values, or placeholders of a prepared statement). */
function nameMatches(patterns: readonly unknown[]): SQL {
  if (patterns.length === 0) return sql`false`
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

/** The values of the suggestions' statement, or its placeholders when prepared. */
interface SuggestionValues {
  /** The term anywhere in a community's name, as a LIKE pattern. */
  contains: unknown
  /** The term at the start of a word of it. */
  wordStart: unknown
  /** The matching posts' ids, comma-separated. */
  postIds: unknown
  /** One regular expression per word, matched against members' names. */
  names: readonly unknown[]
}

/**
 * Matching communities (at most 3), members (at most 3), then the posts found beforehand, in
 * one statement. Its limits are written into it, so that a reused (generic) plan knows them.
 */
function suggestionsQuery(
  { contains, wordStart, postIds, names }: SuggestionValues,
  { plannedEachTime = false } = {},
) {
  const groupLimit = sql.raw(String(GROUP_LIMIT))
  // The embedded database runs a text it has prepared as that statement (ADR 027): the one
  // planned for its values says so, and is another text.
  const planned = plannedEachTime ? sql.raw('/* planned for its values */ ') : sql``
  return db
    .select({
      kind: sql<Suggestion['kind']>`kind`,
      key: sql<string>`key`,
      label: sql<string>`label`,
      detail: sql<string | null>`detail`,
      avatar: sql<string | null>`avatar`,
      route: sql<ReadableRouteParts | null>`route`,
    })
    .from(
      sql`(${planned}
    with community_matches as (
      -- About fifty rows: folding every display name is cheap. A word starting with the term
      -- ranks first ("ma": Marketing before Informatique).
      select type, name, display_name, position, type_order,
        (' ' || lower(unaccent(display_name))) like lower(unaccent(${wordStart}::text)) escape '\\' as word_start
      from (
        select 'category' as type, ${categories.name} as name, ${categories.displayName} as display_name,
          ${categories.position} as position, 0 as type_order
        from ${categories}
        union all
        select 'sector', ${sectors.name}, ${sectors.displayName}, ${sectors.position}, 1
        from ${sectors}
      ) as community
      where name <> 'tous'
        and lower(unaccent(display_name)) like lower(unaccent(${contains}::text)) escape '\\'
      order by word_start desc, type_order, position
      limit ${groupLimit}
    ),
    author_matches as (
      select id, user_id, first_name, last_name, avatar
      from (
        select ${profiles.id} as id, ${profiles.userId} as user_id, ${profiles.firstName} as first_name,
          ${profiles.lastName} as last_name, ${profiles.avatar} as avatar
        from ${profiles}
        where ${nameMatches(names)}
          -- A member whose address is not confirmed yet has only typed a name: not suggested.
          and exists (
            select 1 from ${users}
            where ${users.id} = ${profiles.userId} and ${users.emailVerified}
          )
        limit ${sql.raw(String(AUTHOR_CANDIDATES))}
      ) as candidate
      order by last_name, first_name, id
      limit ${groupLimit}
    )
    select 'community' as kind, 0 as group_order,
      row_number() over (order by word_start desc, type_order, position) as ord,
      name as key, display_name as label, type as detail, null::text as avatar, null::json as route
    from community_matches
    union all
    select 'author', 1, row_number() over (order by last_name, first_name, id),
      id::text, btrim(first_name || ' ' || last_name), user_id, avatar, null::json
    from author_matches
    union all
    select 'post', 2, row_number() over (order by ${posts.createdAt} desc, ${posts.id} desc),
      ${posts.id}::text, ${posts.title}, left(regexp_replace(btrim(${posts.content}), '\\s+', ' ', 'g'), ${sql.raw(String(EXCERPT_LENGTH + 1))}), null,
      ${readableRouteJson}
    -- The newest matching posts, found beforehand (findNewestMatchingPosts), one per slot of
    -- their ids: a reused plan then expects as many as a plan made for the ids (an array it
    -- cannot see, it would take for ten).
    from generate_series(1, ${sql.raw(String(SUGGESTION_LIMIT))}) as slot
    join ${posts} on ${posts.id} = (string_to_array(${postIds}::text, ','))[slot]::uuid
  ) as suggestion`,
    )
    .orderBy(sql`group_order`, sql`ord`)
}

// Terms of more words than this (rare) are planned each time.
const PREPARED_NAME_WORDS = 3
// A shorter word starts thousands of names: planned with its value, the statement reads the
// members in turn and stops at AUTHOR_CANDIDATES, where the reused plan would gather all of
// them from the trigram index first.
const PREPARED_WORD_LENGTH = 3

/** The placeholders of the name patterns, `name0`…, one per word. */
function namePlaceholders(count: number) {
  return Array.from({ length: count }, (_, word) => sql.placeholder(`name${word}`))
}

/**
 * The statement prepared for terms of 1, 2… PREPARED_NAME_WORDS words of PREPARED_WORD_LENGTH
 * letters or more (ADR 042): planned for each keystroke, it took longer to plan than to run.
 */
const preparedSuggestions = Array.from({ length: PREPARED_NAME_WORDS }, (_, index) =>
  perDatabase(() =>
    prepareNamed(
      `search_suggestions_${index + 1}`,
      suggestionsQuery({
        contains: sql.placeholder('contains'),
        wordStart: sql.placeholder('wordStart'),
        postIds: sql.placeholder('postIds'),
        names: namePlaceholders(index + 1),
      }),
    ),
  ),
)

/**
 * Search suggestions for a term as typed (spec §2, §9): matching communities (at most 3),
 * members (at most 3), then the newest matching posts, `limit` in all. A term under 2
 * characters returns nothing without querying the database.
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

  const likeTerm = escapeLike(term)
  const postIds = (await findNewestMatchingPosts({ term, limit: total })).map((post) => post.id)
  const words = nameWords(term)
  const values = {
    contains: `%${likeTerm}%`,
    wordStart: `% ${likeTerm}%`,
    postIds: postIds.join(','),
    names: namePatterns(words),
  }
  const prepared = words.every((word) => word.length >= PREPARED_WORD_LENGTH)
    ? preparedSuggestions[words.length - 1]
    : undefined
  // In the order of the groups: the first `total` rows are what each group, cut at `total`
  // as well, would give.
  const rows: SuggestionRow[] = prepared
    ? await prepared().execute({
        contains: values.contains,
        wordStart: values.wordStart,
        postIds: values.postIds,
        ...Object.fromEntries(values.names.map((pattern, word) => [`name${word}`, pattern])),
      })
    : await suggestionsQuery(values, { plannedEachTime: true })

  const results = rows.slice(0, total).map(toSuggestion)
  return { term, results, count: results.length }
}
