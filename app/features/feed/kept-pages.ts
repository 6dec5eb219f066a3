import type { FeedItem } from './feed-item'

export interface FeedPageData {
  posts: FeedItem[]
  nextCursor: string | null
}

// The pages loaded by scrolling, kept in this tab for the history entry they were loaded on
// (the latest one only): back on it from a post, the list is as long as it was, and the scroll
// position the router gives back finds the post it was on. Only within the same page load and
// for the same member: a full load starts afresh (every such load has the history key
// "default"), and on a shared browser the next member never gets another's votes and saves.
const KEPT_PAGES_KEY = 'tremplin.feed-pages'
// What the member did since to the posts of kept pages (a vote, a save, a comment, a deletion),
// in this page load: the kept pages are copies of what the server said when they were loaded.
const REVISIONS_KEY = 'tremplin.feed-revisions'
const REVISIONS_MAX = 500
const THIS_DOCUMENT = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

interface KeptPages {
  document: string
  viewer: string | null
  /** The history entry (the location's key) and the list (its API address) they belong to. */
  entry: string
  list: string
  /** The list's first page as it was: newer posts since push its last ones out of the new one. */
  first: FeedItem[]
  pages: FeedPageData[]
}

/** What changed on a post: the counts and the member's own state, or the post deleted. */
export type PostRevision =
  | Partial<
      Pick<FeedItem, 'upvotes' | 'downvotes' | 'viewerVote' | 'viewerSaved' | 'commentsCount'>
    >
  | { deleted: true }

type Revisions = Record<string, PostRevision>

const isPostList = (value: unknown): value is FeedItem[] =>
  Array.isArray(value) &&
  value.every((post) => typeof (post as Partial<FeedItem> | null)?.id === 'string')

const isPage = (value: unknown): value is FeedPageData => {
  const page = value as Partial<FeedPageData> | null
  return (
    isPostList(page?.posts) && (page.nextCursor === null || typeof page.nextCursor === 'string')
  )
}

function readItem<T>(key: string): Partial<T> | null {
  try {
    return JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as Partial<T> | null
  } catch {
    return null
  }
}

function writeItem(key: string, value: object): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify({ ...value, document: THIS_DOCUMENT }))
  } catch {
    // Storage refused (a private mode, a full quota): back on the page, the first page only.
  }
}

function readRevisions(): Revisions {
  const kept = readItem<{ document: string; revisions: Revisions }>(REVISIONS_KEY)
  return kept?.document === THIS_DOCUMENT && typeof kept.revisions === 'object'
    ? (kept.revisions ?? {})
    : {}
}

/**
 * Notes what the member just did to a post, as the server answered it: pages kept before show
 * it when they are given back (a post deleted is left out).
 */
export function reviseKeptPost(postId: string, revision: PostRevision): void {
  const revisions = readRevisions()
  const merged = { ...revisions[postId], ...revision }
  // The latest last: the oldest go first past the bound.
  delete revisions[postId]
  revisions[postId] = merged
  const ids = Object.keys(revisions)
  for (const id of ids.slice(0, Math.max(0, ids.length - REVISIONS_MAX))) delete revisions[id]
  writeItem(REVISIONS_KEY, { revisions })
}

/**
 * The pages kept for this history entry and list, after the list's own first page `shown`:
 * without the posts it now holds, with what the member did since, the first page's posts it no
 * longer holds (pushed out by newer ones) before the next pages, so that none is skipped.
 */
export function readKeptPages(
  at: Pick<KeptPages, 'entry' | 'list' | 'viewer'>,
  shown: readonly FeedItem[],
): FeedPageData[] {
  const kept = readItem<KeptPages>(KEPT_PAGES_KEY)
  if (
    kept?.document !== THIS_DOCUMENT ||
    kept.viewer !== at.viewer ||
    kept.entry !== at.entry ||
    kept.list !== at.list ||
    !isPostList(kept.first) ||
    !Array.isArray(kept.pages) ||
    !kept.pages.every(isPage) ||
    kept.pages.length === 0
  ) {
    return []
  }
  const revisions = readRevisions()
  const seen = new Set(shown.map((post) => post.id))
  const unseen = (posts: readonly FeedItem[]) =>
    posts.flatMap((post) => {
      if (seen.has(post.id)) return []
      seen.add(post.id)
      const revision = revisions[post.id]
      if (!revision) return [post]
      return 'deleted' in revision ? [] : [{ ...post, ...revision }]
    })
  const pushedOut = unseen(kept.first)
  const pages = kept.pages.map((page) => ({ ...page, posts: unseen(page.posts) }))
  return [{ posts: pushedOut, nextCursor: null }, ...pages]
}

export function keepPages(kept: Omit<KeptPages, 'document'>): void {
  writeItem(KEPT_PAGES_KEY, kept)
}
