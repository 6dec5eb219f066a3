import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { VersionedKey } from '~/components/cached-fragment'
import { Icon, type IconName } from '~/components/icons/icon'
import { toast } from '~/components/toaster'
import { MemberAvatar } from '~/components/member-avatar'
import type { CommentsPage, RefusedComment } from '~/features/comments/comment-item'
import { cn } from '~/utils/cn'
import { codeOnFirstUse } from '~/utils/code-on-first-use'
import { CONNECTION_FAILED_MESSAGE } from '~/utils/form-kept-offline'
import { useHydrated } from '~/utils/use-hydrated'
import { formatEventDate } from '~/utils/event-date'
import { formatEventPrice } from '~/utils/event-price'
import { formatCount } from '~/utils/format-count'
import { formatFullDate } from '~/utils/french-date'
import { jsonTextOfItem, type DocumentJsonTexts } from '~/utils/json-text'
import { formatRelativeTime } from '~/utils/relative-time'
import { CONTENT_MAX, TITLE_MAX, truncateText } from '~/utils/truncate'
import { parseVideoLink } from '~/utils/video-link'
import { reviseKeptPost } from './kept-pages'
import { LinkPreviewCard } from '../link-preview/link-preview-card'
import { SaveButton, VoteButtons } from '../interactions/post-actions'
import { registerView } from '../interactions/view-tracker'
import { DeletePostControl, useDeletePost } from '../posts/delete-post-menu'
import { authorName, communityLabel, type FeedItem } from './feed-item'

/**
 * The comments panel's code (ADR 070): a list's cards open their panel once it has come, a
 * post's page has it with its own code.
 */
const commentsPanelCode = codeOnFirstUse(() => import('../comments/comments-panel'))

/** Rendered only once its code has come (a card's opening), or on a post's page (its own). */
const CommentsPanel = lazy(() =>
  commentsPanelCode.load().then((module) => ({ default: module.CommentsPanel })),
)

/**
 * The comments' button under a card; without JavaScript, a link to them on the post's page (on
 * that page, it leads down to them). Its own component, so that the switch after hydration
 * renders this button again and not the whole card (ADR 049).
 */
function CommentsToggle({
  commentsId,
  postUrl,
  count,
  open,
  onToggle,
}: {
  commentsId: string
  postUrl: string
  count: number
  open: boolean
  onToggle: () => void
}) {
  const hydrated = useHydrated()
  const content = (
    <>
      <Icon name="message-circle" />
      {/* The name says the figure shown (WCAG 2.5.3): « Commentaires : 1,2 k ». */}
      <span className="sr-only">Commentaires : </span>
      <span>{formatCount(count)}</span>
    </>
  )
  const className =
    'flex min-h-8 items-center gap-1.5 rounded-md px-1.5 hover:bg-accent hover:text-accent-foreground'
  return hydrated ? (
    <button
      type="button"
      id={`${commentsId}-toggle`}
      onClick={onToggle}
      // Pointing at it or focusing it fetches the panel's code before the click.
      onPointerEnter={commentsPanelCode.prefetch}
      onFocus={commentsPanelCode.prefetch}
      aria-expanded={open}
      aria-controls={commentsId}
      className={className}
    >
      {content}
    </button>
  ) : (
    <Link to={`${postUrl}#${commentsId}`} className={className}>
      {content}
    </Link>
  )
}

/** A video-site link: a thumbnail first, the embedded player after the play click. */
function VideoPreview({ url, title }: { url: string; title: string }) {
  const video = parseVideoLink(url)
  const [playing, setPlaying] = useState(false)
  const [thumbnail, setThumbnail] = useState(video?.thumbnailUrl)
  // The player takes the play button's place, and its focus: the keyboard goes on in it.
  const player = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    if (playing) player.current?.focus()
  }, [playing])
  if (!video) return null
  if (playing) {
    return (
      <iframe
        ref={player}
        src={video.embedUrl}
        title={`Vidéo : ${title}`}
        className="aspect-video w-full rounded-lg border-0"
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        // The player runs on YouTube's own origin, never ours: it needs its scripts and origin.
        // oxlint-disable-next-line react/iframe-missing-sandbox
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
      />
    )
  }
  const frame = 'group relative block aspect-video w-full overflow-hidden rounded-lg bg-muted'
  const preview = (
    <>
      <img
        src={thumbnail}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setThumbnail(video.fallbackThumbnailUrl)}
        className="size-full object-cover"
      />
      <span className="absolute inset-0 flex items-center justify-center bg-black/20 group-hover:bg-black/30">
        <span className="flex size-14 items-center justify-center rounded-full bg-white/95 text-black shadow">
          <Icon name="play" className="size-6 translate-x-0.5" />
        </span>
      </span>
    </>
  )
  return (
    <>
      <button type="button" onClick={() => setPlaying(true)} className={`${frame} noscript:hidden`}>
        {preview}
        <span className="sr-only">Lire la vidéo : {title}</span>
      </button>
      {/* Without JavaScript the player cannot open here: the preview leads to the video. */}
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className={`${frame} hidden noscript:block`}
      >
        {preview}
        <span className="sr-only">Voir la vidéo : {title} (nouvel onglet)</span>
      </a>
    </>
  )
}

function Stat({
  icon,
  value,
  label,
  active,
}: {
  icon: IconName
  value: number
  label: string
  active?: boolean
}) {
  return (
    <span
      className={
        active ? 'flex items-center gap-1.5 font-medium text-primary' : 'flex items-center gap-1.5'
      }
    >
      <Icon name={icon} filled={active} />
      <span className="sr-only">{label} : </span>
      <span>{formatCount(value)}</span>
    </span>
  )
}

/** For a visitor, a vote, comment or save control leads to sign-in and back to this page. */
function SignInLink({ icon, value, label }: { icon: IconName; value?: number; label: string }) {
  const location = useLocation()
  return (
    <Link
      to={`/auth?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
      className="flex min-h-8 items-center gap-1.5 rounded-md px-1.5 hover:bg-accent hover:text-accent-foreground"
    >
      <Icon name={icon} />
      <span className="sr-only">
        {label}
        {value === undefined ? '' : ' : '}
      </span>
      {value === undefined ? null : <span>{formatCount(value)}</span>}
      <span className="sr-only"> (connexion requise)</span>
    </Link>
  )
}

/** The title link of the nearest card after this one in its list, else before it. */
function neighbourTitleLink(card: HTMLElement | null): HTMLElement | null {
  const item = card?.closest('li')
  if (!item) return null
  const titleIn = (element: Element) =>
    element.querySelector<HTMLElement>('[data-slot="post-card"] h2 a')
  for (let next = item.nextElementSibling; next; next = next.nextElementSibling) {
    const link = titleIn(next)
    if (link) return link
  }
  for (let before = item.previousElementSibling; before; before = before.previousElementSibling) {
    const link = titleIn(before)
    if (link) return link
  }
  return null
}

/**
 * A post in the feed (spec §2 'Post cards'), or whole on its own page with its comments open
 * and every community and tag; data from props only.
 */
function PostCard({
  post,
  now,
  signedIn = false,
  viewerId = null,
  variant = 'card',
  initialComments,
  refusedComment,
}: {
  post: FeedItem
  now: string
  /** Visitors' vote, comment and save buttons lead to sign-in (spec §4). */
  signedIn?: boolean
  /** The signed-in member's user id: the author sees the delete menu. */
  viewerId?: string | null
  variant?: 'card' | 'page'
  /** The comments the page's loader read: the panel opens with them, without a request. */
  initialComments?: CommentsPage
  /** On its page, a comment sent without a script and refused: back in the box (ADR 066). */
  refusedComment?: RefusedComment
}) {
  const page = variant === 'page'
  const [expanded, setExpanded] = useState(page)
  const [commentsOpen, setCommentsOpen] = useState(page)
  // The page's comments serve the first opening only: those added or deleted since live in the
  // panel, gone once it closes, so it opens again with the comments as the server has them.
  const [commentsClosedOnce, setCommentsClosedOnce] = useState(false)
  const closeComments = () => {
    setCommentsOpen(false)
    setCommentsClosedOnce(true)
  }
  // Opens once the panel's code is there; without it, says so and stays closed.
  const openComments = () =>
    commentsPanelCode.load().then(
      () => startTransition(() => setCommentsOpen(true)),
      () => toast.error(CONNECTION_FAILED_MESSAGE),
    )
  // From its own page, a deleted post sends back to the feed.
  const { hidden, requestDelete } = useDeletePost(post.id, viewerId, page ? '/feed' : undefined)
  // A card hidden as its deletion is asked takes its menu, and the keyboard's focus, with it:
  // the focus goes on to the next card's title (or the one before; the page's content when it
  // was the only one).
  const article = useRef<HTMLElement>(null)
  const focusAfterHiding = useRef<HTMLElement | null>(null)
  const confirmDelete = () => {
    focusAfterHiding.current = page
      ? null
      : (neighbourTitleLink(article.current) ?? document.getElementById('contenu'))
    requestDelete()
  }
  // Back when the deletion failed: the focus comes back to its menu's button, where it was,
  // unless the member has gone on elsewhere meanwhile.
  const wasHidden = useRef(false)
  const focusedOnHiding = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (hidden) {
      wasHidden.current = true
      focusAfterHiding.current?.focus()
      focusedOnHiding.current = focusAfterHiding.current
      focusAfterHiding.current = null
    } else if (wasHidden.current) {
      wasHidden.current = false
      const focused = document.activeElement
      const stayed =
        focused === null || focused === document.body || focused === focusedOnHiding.current
      focusedOnHiding.current = null
      if (stayed) article.current?.querySelector<HTMLElement>('[data-slot="post-options"]')?.focus()
    }
  }, [hidden])
  // One view per mount of the card, sent later in a batch.
  useEffect(() => registerView(post.id), [post.id])
  const name = authorName(post.author)
  const title = truncateText(post.title, TITLE_MAX)
  const content = truncateText(post.content, CONTENT_MAX)
  const canExpand = title.truncated || content.truncated
  const titleId = `post-${post.id}-title`
  const commentsId = `post-${post.id}-comments`
  const [commentsCount, setCommentsCount] = useState(post.commentsCount)
  const contentId = `post-${post.id}-content`
  const createdAt = new Date(post.createdAt)
  const price = formatEventPrice(post.price)
  const videoUrl = post.externalUrl && parseVideoLink(post.externalUrl) ? post.externalUrl : null

  // Hidden rather than unmounted while its deletion is asked: a failure shows it again as it
  // was, with the member's vote, save and comments since the page loaded. No longer one of the
  // list's cards meanwhile (the focus's next card, the tests' selectors).
  return (
    <article
      ref={article}
      hidden={hidden}
      aria-labelledby={titleId}
      data-slot={hidden ? 'post-card-deleted' : 'post-card'}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5"
    >
      <header className="flex items-center gap-3">
        <MemberAvatar name={name} avatar={post.author.avatar} size="md" />
        <div className="min-w-0 flex-1">
          <Link
            to={`/profile/${post.author.userId}`}
            className="block truncate font-medium hover:underline"
          >
            {name}
          </Link>
          <p className="text-sm text-muted-foreground">
            {communityLabel(post)} ·{' '}
            <time
              dateTime={post.createdAt}
              title={formatFullDate(createdAt)}
              className="whitespace-nowrap"
            >
              {formatRelativeTime(createdAt, new Date(now))}
            </time>
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
          {post.type.displayName}
        </span>
        {viewerId && viewerId === post.author.userId ? (
          <DeletePostControl
            postId={post.id}
            title={post.title}
            onConfirm={confirmDelete}
            redirectTo={page ? '/feed' : undefined}
          />
        ) : null}
      </header>

      {page ? (
        <h1 id={titleId} className="text-2xl leading-tight font-bold break-words sm:text-3xl">
          {post.title}
        </h1>
      ) : (
        <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
          <Link to={post.url} className="hover:underline">
            {expanded ? post.title : title.text}
          </Link>
        </h2>
      )}
      {post.content ? (
        <p
          id={contentId}
          className={
            page
              ? 'break-words whitespace-pre-line text-foreground/90 sm:text-lg sm:leading-relaxed'
              : 'break-words whitespace-pre-line text-muted-foreground'
          }
        >
          {expanded ? post.content : content.text}
        </p>
      ) : null}
      {canExpand && !page ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-controls={post.content ? contentId : titleId}
          // Without JavaScript the whole text is on the post's page, which the title links to.
          className="self-start text-sm font-medium text-primary hover:underline noscript:hidden"
        >
          {expanded ? 'Voir moins' : 'Voir plus'}
        </button>
      ) : null}

      {post.imageUrl ? (
        <img
          src={post.imageUrl}
          // In the author's words; without them, the image is taken as decoration (ADR 064).
          alt={post.imageAlt ?? ''}
          loading="lazy"
          decoding="async"
          // In the feed, a frame of its own before the image arrives: the cards below do not
          // move when it loads (its size is not stored).
          className={cn('w-full rounded-lg object-cover', page ? 'max-h-96' : 'aspect-video')}
        />
      ) : null}
      {videoUrl ? <VideoPreview url={videoUrl} title={post.title} /> : null}
      {post.externalUrl && !videoUrl ? (
        <LinkPreviewCard url={post.externalUrl} initialPreview={post.linkPreview} afterEngagement />
      ) : null}

      {post.type.name === 'evenement' && (post.eventDate || post.eventLocation || price) ? (
        <dl className="grid gap-1.5 rounded-lg bg-muted p-3 text-sm">
          {post.eventDate ? (
            <div className="flex items-center gap-2">
              <dt>
                <Icon name="calendar-days" />
                <span className="sr-only">Date</span>
              </dt>
              <dd>{formatEventDate(new Date(post.eventDate))}</dd>
            </div>
          ) : null}
          {post.eventLocation ? (
            <div className="flex items-center gap-2">
              <dt>
                <Icon name="map-pin" />
                <span className="sr-only">Lieu</span>
              </dt>
              {/* A pasted address has no space to break at: it wraps anywhere rather than widen the card. */}
              <dd className="min-w-0 wrap-anywhere">{post.eventLocation}</dd>
            </div>
          ) : null}
          {price ? (
            <div className="flex items-center gap-2">
              <dt className="font-medium">Prix :</dt>
              <dd>{price}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      <footer className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        {signedIn ? (
          <>
            <VoteButtons
              postId={post.id}
              viewerId={viewerId}
              initial={{
                upvotes: post.upvotes,
                downvotes: post.downvotes,
                viewerVote: post.viewerVote,
              }}
            />
            <CommentsToggle
              commentsId={commentsId}
              postUrl={post.url}
              count={commentsCount}
              open={commentsOpen}
              onToggle={() => (commentsOpen ? closeComments() : void openComments())}
            />
            <SaveButton postId={post.id} viewerId={viewerId} initial={post.viewerSaved} />
          </>
        ) : (
          <>
            <SignInLink icon="thumbs-up" value={post.upvotes} label="J’aime" />
            <SignInLink icon="thumbs-down" value={post.downvotes} label="Je n’aime pas" />
            <SignInLink icon="message-circle" value={post.commentsCount} label="Commentaires" />
            <SignInLink icon="bookmark" label="Sauvegarder" />
          </>
        )}
        <Stat icon="eye" value={post.viewsCount} label="Vues" />
        {/* A video too: the player plays it here, the link opens it on its site (or app). */}
        {post.externalUrl ? (
          <a
            href={post.externalUrl}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="ml-auto flex min-h-6 items-center gap-1.5 font-medium text-primary hover:underline"
          >
            <Icon name="external-link" />
            Ouvrir le lien
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
        ) : null}
      </footer>
      {commentsOpen ? (
        <div id={commentsId}>
          {/* Its code is there when it is rendered (above); on a post's page, being hydrated,
              it may still be a moment: the server's HTML stays meanwhile. */}
          <Suspense fallback={null}>
            <CommentsPanel
              headingLevel={page ? 2 : 3}
              postId={post.id}
              signedIn={signedIn}
              viewerId={viewerId}
              // A visitor has no toggle to open it again (their comments link leads to sign-in).
              onClose={
                signedIn
                  ? () => {
                      closeComments()
                      // Back to the button that opened the panel, for keyboard users.
                      document.getElementById(`${commentsId}-toggle`)?.focus()
                    }
                  : undefined
              }
              onCountChange={(count) => {
                setCommentsCount(count)
                reviseKeptPost(viewerId, post.id, { commentsCount: count })
              }}
              initialComments={commentsClosedOnce ? undefined : initialComments}
              postPage={page}
              refused={commentsClosedOnce ? undefined : refusedComment}
            />
          </Suspense>
        </div>
      ) : null}
    </article>
  )
}

/**
 * Everything a feed card's HTML depends on, for the server's fragment cache (ADR 022): the post
 * (with the viewer's vote and save), its age as shown, whether the viewer is signed in and is
 * its author, and the page's address, where its forms come back. A new input of PostCard's
 * 'card' variant belongs here.
 */
function postCardCacheKey({
  post,
  now,
  signedIn,
  viewerId,
  path,
  inDocument,
}: {
  post: FeedItem
  now: string
  signedIn: boolean
  viewerId: string | null
  path: string
  /** The document's JSON texts, which hold the post's as its loader made it. */
  inDocument: DocumentJsonTexts | null
}): VersionedKey {
  const age = formatRelativeTime(new Date(post.createdAt), new Date(now))
  const isAuthor = viewerId !== null && viewerId === post.author.userId
  return {
    key: JSON.stringify(['post-card', post.id, path, signedIn, isAuthor, age]),
    // The post's JSON text as the loader made it (no second serialisation), else made now: a
    // new count or vote replaces the card kept for the same key (ADR 034).
    version: jsonTextOfItem(post, inDocument),
  }
}

/** The loading placeholder of a card (three are shown while a page loads). */
function PostCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-xl border bg-card p-5">
      <div className="flex items-center gap-3">
        <div className="size-10 rounded-full bg-muted" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-3 w-1/3 rounded bg-muted" />
          <div className="h-3 w-1/4 rounded bg-muted" />
        </div>
      </div>
      <div className="mt-4 h-4 w-3/4 rounded bg-muted" />
      <div className="mt-3 flex flex-col gap-2">
        <div className="h-3 rounded bg-muted" />
        <div className="h-3 rounded bg-muted" />
        <div className="h-3 w-2/3 rounded bg-muted" />
      </div>
    </div>
  )
}

export { PostCard, PostCardSkeleton, postCardCacheKey }
