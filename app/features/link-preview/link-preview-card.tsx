import { useEffect, useState, useSyncExternalStore } from 'react'
import { cn } from '~/utils/cn'
import { useHydrated } from '~/utils/use-hydrated'
import type { LinkPreview } from './link-preview'

type Loaded = { url: string; preview: LinkPreview | null }

/** GET /api/link-preview; any failure (network, status, body) means "no preview". */
async function loadPreview(url: string, signal: AbortSignal): Promise<LinkPreview | null> {
  const response = await fetch(`/api/link-preview?url=${encodeURIComponent(url)}`, {
    signal,
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) return null
  const body = (await response.json()) as { preview?: LinkPreview | null }
  return body.preview ?? null
}

/** The placeholder while a preview loads: the card's shape, announced as loading. */
function LinkPreviewSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-busy="true"
      data-slot="link-preview-skeleton"
      className={cn('flex overflow-hidden rounded-lg border bg-card', className)}
    >
      <output className="sr-only">Chargement de l’aperçu…</output>
      <div aria-hidden="true" className="flex w-full animate-pulse motion-reduce:animate-none">
        <div className="aspect-square w-24 shrink-0 bg-muted sm:w-32" />
        <div className="flex flex-1 flex-col gap-2 p-3">
          <div className="h-3 w-1/4 rounded bg-muted" />
          <div className="h-4 w-3/4 rounded bg-muted" />
          <div className="h-3 w-full rounded bg-muted" />
        </div>
      </div>
    </div>
  )
}

/** A loaded preview: the whole card is the link, opened in a new tab. */
function LinkPreviewView({ preview, className }: { preview: LinkPreview; className?: string }) {
  const [imageFailed, setImageFailed] = useState(false)
  const siteName = preview.siteName ?? hostOf(preview.url)
  const showImage = preview.image !== null && !imageFailed
  return (
    <a
      href={preview.url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-slot="link-preview"
      className={cn(
        'group flex overflow-hidden rounded-lg border bg-card text-card-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      {showImage ? (
        <img
          src={preview.image ?? undefined}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setImageFailed(true)}
          className="aspect-square w-24 shrink-0 border-r bg-muted object-cover sm:w-32"
        />
      ) : null}
      <span className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        {siteName ? (
          <span className="truncate text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {siteName}
          </span>
        ) : null}
        {preview.title ? (
          <span className="line-clamp-2 leading-snug font-semibold break-words group-hover:underline">
            {preview.title}
          </span>
        ) : null}
        {preview.description ? (
          <span className="line-clamp-2 text-sm break-words text-muted-foreground">
            {preview.description}
          </span>
        ) : null}
        <span className="sr-only"> (nouvel onglet)</span>
      </span>
    </a>
  )
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return null
  }
}

// Whether the visitor has scrolled, pointed or typed yet: until then a page whose cards lack a
// cached preview makes no data request (the feed's budget, ADR 013).
let engaged = false
const engagedListeners = new Set<() => void>()
const ENGAGING_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const
// Takes the window's listeners off at once, as they were added (in the capture phase).
let stopListening: AbortController | null = null

function onEngaged() {
  engaged = true
  stopListening?.abort()
  stopListening = null
  for (const listener of engagedListeners) listener()
}

function subscribeEngaged(listener: () => void) {
  if (!engaged && !stopListening) {
    stopListening = new AbortController()
    for (const event of ENGAGING_EVENTS) {
      window.addEventListener(event, onEngaged, {
        passive: true,
        capture: true,
        signal: stopListening.signal,
      })
    }
  }
  engagedListeners.add(listener)
  return () => engagedListeners.delete(listener)
}

function useEngaged(): boolean {
  return useSyncExternalStore(
    subscribeEngaged,
    () => engaged,
    () => false,
  )
}

/**
 * The preview card of an external link, loaded from /api/link-preview once the page is
 * interactive (nothing in the server HTML, nothing without JavaScript). Renders nothing when
 * the link has no preview or loading fails. `initialPreview` skips the request when the page
 * already has the preview; `afterEngagement` waits for the first scroll, pointer or key before
 * asking (cards in a list: the cache normally answers, filled when the post was published).
 */
function LinkPreviewCard({
  url,
  initialPreview,
  afterEngagement = false,
  className,
}: {
  url: string
  initialPreview?: LinkPreview | null
  afterEngagement?: boolean
  className?: string
}) {
  const engagedNow = useEngaged()
  const hydrated = useHydrated() && (!afterEngagement || engagedNow)
  const [loaded, setLoaded] = useState<Loaded | null>(
    initialPreview === undefined ? null : { url, preview: initialPreview },
  )
  const current = loaded?.url === url ? loaded : null

  useEffect(() => {
    if (!hydrated || current) return
    const controller = new AbortController()
    void loadPreview(url, controller.signal)
      .catch(() => null)
      .then((preview) => {
        if (!controller.signal.aborted) setLoaded({ url, preview })
      })
    return () => controller.abort()
  }, [hydrated, url, current])

  if (current) {
    const preview = current.preview
    if (!preview || (!preview.title && !preview.description)) return null
    return <LinkPreviewView key={preview.url} preview={preview} className={className} />
  }
  if (!hydrated) return null
  return <LinkPreviewSkeleton className={className} />
}

export { LinkPreviewCard, LinkPreviewSkeleton }
