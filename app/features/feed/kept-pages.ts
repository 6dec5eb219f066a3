import { readSessionItem, writeSessionItem } from '~/utils/session-storage'
import type { FeedItem } from './feed-item'

export interface FeedPageData {
  posts: FeedItem[]
  nextCursor: string | null
}

/** A page as the list holds it: with when it came (this browser's clock). */
export interface LoadedPage extends FeedPageData {
  loadedAt: number
}

// The pages loaded by scrolling, kept in this tab for the history entry they were loaded on
// (the latest one only): back on it from a post, the list is as long as it was, and the scroll
// position the router gives back finds the post it was on. Only within the same page load and
// for the same member: a full load starts afresh (every such load has the history key
// "default"), and on a shared browser the next member never gets another's votes and saves.
const KEPT_PAGES_KEY = 'tremplin.feed-pages'
// What the member did since to the posts of kept pages (a vote, a save, a comment, a deletion),
// in this page load and as this member: the kept pages are copies of what the server said when
// they were loaded, and only what was done after a page came is applied to it.
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
  firstAt: number
  pages: LoadedPage[]
}

/** What changed on a post: the counts and the member's own state, or the post deleted. */
export type PostRevision = Partial<
  Pick<FeedItem, 'upvotes' | 'downvotes' | 'viewerVote' | 'viewerSaved' | 'commentsCount'> & {
    deleted: boolean
  }
>

type Revisions = Record<string, PostRevision & { at: number }>

const isPostList = (value: unknown): value is FeedItem[] =>
  Array.isArray(value) &&
  value.every((post) => typeof (post as Partial<FeedItem> | null)?.id === 'string')

const isPage = (value: unknown): value is LoadedPage => {
  const page = value as Partial<LoadedPage> | null
  return (
    isPostList(page?.posts) &&
    (page.nextCursor === null || typeof page.nextCursor === 'string') &&
    typeof page.loadedAt === 'number'
  )
}

function readItem<T>(key: string): Partial<T> | null {
  try {
    return JSON.parse(readSessionItem(key) ?? 'null') as Partial<T> | null
  } catch {
    return null
  }
}

// Refused (a private mode, a full quota): back on the page, the first page only.
function writeItem(key: string, value: object): void {
  writeSessionItem(key, JSON.stringify({ ...value, document: THIS_DOCUMENT }))
}

function readRevisions(viewer: string | null): Revisions {
  const kept = readItem<{ document: string; viewer: string | null; revisions: Revisions }>(
    REVISIONS_KEY,
  )
  return kept?.document === THIS_DOCUMENT &&
    kept.viewer === viewer &&
    typeof kept.revisions === 'object'
    ? (kept.revisions ?? {})
    : {}
}

/**
 * Notes what the member (`viewer`) just did to a post: pages kept before show it when they are
 * given back (a post deleted is left out).
 */
export function reviseKeptPost(viewer: string | null, postId: string, revision: PostRevision) {
  const revisions = readRevisions(viewer)
  const merged = { ...revisions[postId], ...revision, at: Date.now() }
  // The latest last: the oldest go first past the bound.
  delete revisions[postId]
  revisions[postId] = merged
  const ids = Object.keys(revisions)
  for (const id of ids.slice(0, Math.max(0, ids.length - REVISIONS_MAX))) delete revisions[id]
  writeItem(REVISIONS_KEY, { viewer, revisions })
}

/**
 * The pages kept for this history entry and list, after the list's own first page `shown`:
 * without the posts it now holds, with what the member did since, the first page's posts it no
 * longer holds (pushed out by newer ones) before the next pages, so that none is skipped.
 */
export function readKeptPages(
  at: Pick<KeptPages, 'entry' | 'list' | 'viewer'>,
  shown: readonly FeedItem[],
  options: { dropUnsaved?: boolean } = {},
): LoadedPage[] {
  const kept = readItem<KeptPages>(KEPT_PAGES_KEY)
  if (
    kept?.document !== THIS_DOCUMENT ||
    kept.viewer !== at.viewer ||
    kept.entry !== at.entry ||
    kept.list !== at.list ||
    !isPostList(kept.first) ||
    typeof kept.firstAt !== 'number' ||
    !Array.isArray(kept.pages) ||
    !kept.pages.every(isPage) ||
    kept.pages.length === 0
  ) {
    return []
  }
  const revisions = readRevisions(at.viewer)
  const seen = new Set(shown.map((post) => post.id))
  const unseen = (posts: readonly FeedItem[], loadedAt: number) =>
    posts.flatMap((post) => {
      if (seen.has(post.id)) return []
      seen.add(post.id)
      const found = revisions[post.id]
      // Done before the page came: the page says it already, or says what followed.
      if (!found || found.at <= loadedAt) return [post]
      const { at: _done, deleted, ...revision } = found
      if (deleted) return []
      // A saved post's list without the posts the member no longer saves.
      if (options.dropUnsaved && revision.viewerSaved === false) return []
      return [{ ...post, ...revision }]
    })
  const pushedOut = unseen(kept.first, kept.firstAt)
  const pages = kept.pages.map((page) => ({ ...page, posts: unseen(page.posts, page.loadedAt) }))
  return [{ posts: pushedOut, nextCursor: null, loadedAt: kept.firstAt }, ...pages]
}

export function keepPages(kept: Omit<KeptPages, 'document'>): void {
  writeItem(KEPT_PAGES_KEY, kept)
}
