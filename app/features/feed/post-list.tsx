import { use, useEffect, useEffectEvent, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { CachedFragment } from '~/components/cached-fragment'
import { DocumentJsonContext } from '~/utils/json-text'
import { useHydrated } from '~/utils/use-hydrated'
import type { FeedItem } from './feed-item'
import { keepPages, readKeptPages, type FeedPageData, type LoadedPage } from './kept-pages'
import { PostCard, PostCardSkeleton, postCardCacheKey } from './post-card'
import { opensElsewhere } from '~/utils/link-click'

/** Three placeholder cards, shown while a page of the feed loads. */
export function FeedSkeletons() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      <PostCardSkeleton />
      <PostCardSkeleton />
      <PostCardSkeleton />
    </div>
  )
}

/**
 * The feed's posts with 'Voir plus de publications': the next page comes from /api/feed (one
 * SQL query) when the link is clicked or scrolled into view; without JavaScript it leads to the
 * next page.
 */
export function PostList({
  posts,
  nextCursor,
  now,
  signedIn,
  viewerId,
  pageUrl,
  apiUrl,
  label = 'Publications',
  savedList = false,
}: {
  posts: FeedItem[]
  nextCursor: string | null
  now: string
  signedIn: boolean
  viewerId: string | null
  /** The feed URL with the current filters and a `cursor` placeholder to fill. */
  pageUrl: (cursor: string) => string
  apiUrl: (cursor: string) => string
  /** The list's accessible name: what it lists (a profile's saved posts…). */
  label?: string
  /** The member's saved posts: one unsaved since is left out of the pages given back. */
  savedList?: boolean
}) {
  const location = useLocation()
  const inDocument = use(DocumentJsonContext)
  const list = apiUrl('')
  // Not while hydrating: the server's list has the first page only.
  const hydrated = useHydrated()
  const [pages, setPages] = useState<LoadedPage[]>(() =>
    hydrated
      ? readKeptPages({ entry: location.key, list, viewer: viewerId }, posts, {
          dropUnsaved: savedList,
        })
      : [],
  )
  // The first page and when it came (this browser's clock): what the member does after, it
  // does not say.
  const first = useRef({ posts, at: 0 })
  useEffect(() => {
    first.current = { posts, at: Date.now() }
  }, [posts])
  const keep = useEffectEvent((loaded: LoadedPage[]) =>
    keepPages({
      viewer: viewerId,
      entry: location.key,
      list,
      first: first.current.posts,
      firstAt: first.current.at,
      pages: loaded,
    }),
  )
  useEffect(() => {
    if (pages.length > 0) keep(pages)
  }, [pages])
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const inFlight = useRef(false)
  const sentinel = useRef<HTMLAnchorElement>(null)
  // The first post of a page asked for with the link: it takes the focus once shown, so that the
  // next Tab goes through the new posts, not past them (the link is below them).
  const focusPost = useRef<string | null>(null)
  const focusNextPage = useRef(false)
  const cursor = pages.at(-1)?.nextCursor ?? (pages.length ? null : nextCursor)

  // After the render that shows the page's posts.
  useEffect(() => {
    if (!focusPost.current) return
    const title = document.getElementById(`post-${focusPost.current}-title`)
    title?.querySelector<HTMLElement>('a')?.focus()
    focusPost.current = null
  })

  const loadMore = async () => {
    if (!cursor || inFlight.current) return
    inFlight.current = true
    setLoading(true)
    setFailed(false)
    try {
      const response = await fetch(apiUrl(cursor), { headers: { accept: 'application/json' } })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const page = { ...((await response.json()) as FeedPageData), loadedAt: Date.now() }
      setPages((current) => [...current, page])
      if (focusNextPage.current && page.posts[0]) focusPost.current = page.posts[0].id
    } catch {
      setFailed(true)
    } finally {
      focusNextPage.current = false
      inFlight.current = false
      setLoading(false)
    }
  }

  useEffect(() => {
    const element = sentinel.current
    if (!element || !cursor) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !failed) void loadMore()
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  })

  const all = [...posts, ...pages.flatMap((page) => page.posts)]
  return (
    <>
      <ol className="flex flex-col gap-4" aria-label={label}>
        {all.map((post) => (
          <li key={post.id}>
            <CachedFragment
              cacheKey={() =>
                postCardCacheKey({
                  post,
                  now,
                  signedIn,
                  viewerId,
                  path: location.pathname + location.search,
                  inDocument,
                })
              }
            >
              <PostCard post={post} now={now} signedIn={signedIn} viewerId={viewerId} />
            </CachedFragment>
          </li>
        ))}
      </ol>
      {loading ? (
        <div className="mt-4">
          <FeedSkeletons />
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-4 text-center text-sm text-destructive">
          Impossible de charger la suite du fil. Réessayez.
        </p>
      ) : null}
      {cursor ? (
        <div className="mt-6 flex justify-center">
          <Link
            ref={sentinel}
            to={pageUrl(cursor)}
            onClick={(event) => {
              // A new tab or window (a modifier held) opens the next page itself.
              if (opensElsewhere(event)) return
              event.preventDefault()
              // Loading already (scrolled into view) or not, the page's posts take the focus.
              focusNextPage.current = true
              void loadMore()
            }}
            className="rounded-md border bg-background px-4 py-2 text-sm font-medium hover:bg-accent"
          >
            {loading ? 'Chargement...' : 'Voir plus de publications'}
          </Link>
        </div>
      ) : all.length > 0 ? (
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Vous avez tout vu. Revenez bientôt !
        </p>
      ) : null}
    </>
  )
}
