import { Send, Trash2, X } from 'lucide-react'
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { MemberAvatar } from '~/components/member-avatar'
import { Button } from '~/components/ui/button'
import { Textarea } from '~/components/ui/textarea'
import { authorName } from '~/features/feed/feed-item'
import { cn } from '~/utils/cn'
import { CONNECTION_FAILED_MESSAGE } from '~/utils/form-kept-offline'
import { formatNumber } from '~/utils/format-count'
import { formatFullDate } from '~/utils/french-date'
import { formatRelativeTime } from '~/utils/relative-time'
import { useHydrated } from '~/utils/use-hydrated'
import { readSessionItem, removeSessionItem, writeSessionItem } from '~/utils/session-storage'
import { useJsonRequest } from '~/utils/use-json-request'
import { useTypedBeforeHydration } from '~/utils/use-typed-before-hydration'
import {
  OLDER_COMMENTS_PARAM,
  type CommentActionResponse,
  type CommentItem,
  type CommentsPage,
  type CommentsResponse,
  type RefusedComment,
} from './comment-item'
import {
  COMMENT_MAX_LENGTH,
  COMMENT_NOT_FOUND_MESSAGE,
  COMMENTS_LOAD_FAILED_MESSAGE,
} from './comment-messages'
import { opensElsewhere } from '~/utils/link-click'

export const EMPTY_COMMENTS_MESSAGE = "Aucun commentaire pour l'instant. Soyez le premier !"

const TEXT_LINK_CLASS =
  'inline-flex min-h-6 self-start items-center text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

export function commentsUrl(postId: string): string {
  return `/api/posts/${postId}/comments`
}

/** Three placeholder lines while the comments load. */
function CommentsSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex animate-pulse flex-col gap-3 motion-reduce:animate-none"
    >
      {['w-2/3', 'w-1/2', 'w-3/4'].map((width) => (
        <div key={width} className="flex items-center gap-3">
          <div className="size-8 shrink-0 rounded-full bg-muted" />
          <div className="flex flex-1 flex-col gap-1.5">
            <div className="h-3 w-1/4 rounded bg-muted" />
            <div className={cn('h-3 rounded bg-muted', width)} />
          </div>
        </div>
      ))}
    </div>
  )
}

/** A deletion answered « not found »: the comment was deleted meanwhile (another tab). */
function goneAlready(result: CommentActionResponse): boolean {
  return 'error' in result && result.error === COMMENT_NOT_FOUND_MESSAGE
}

/**
 * One comment; its author gets 'Supprimer', then 'Confirmer la suppression'. Without
 * JavaScript the button posts its own form (with `redirectTo`) and deletes at once.
 */
function CommentRow({
  comment,
  now,
  mine,
  action,
  redirectTo,
  onDeleted,
  onError,
}: {
  comment: CommentItem
  now: Date
  mine: boolean
  action: string
  redirectTo: string
  /** `commentsCount` null: the comment was gone already (deleted from another tab). */
  onDeleted: (id: string, commentsCount: number | null) => void
  onError: (message: string) => void
}) {
  const fetcher = useJsonRequest<CommentActionResponse>({ error: CONNECTION_FAILED_MESSAGE })
  const [confirming, setConfirming] = useState(false)
  const [handled, setHandled] = useState(fetcher.data)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const deleteRef = useRef<HTMLButtonElement>(null)
  const deleting = fetcher.state !== 'idle'
  const name = authorName(comment.author)
  const createdAt = new Date(comment.createdAt)

  // A refused deletion puts 'Supprimer' back (state adjusted while rendering, not in an effect),
  // with the keyboard on it: the confirmation button that had it is gone.
  const [refused, setRefused] = useState(0)
  if (fetcher.data !== handled) {
    setHandled(fetcher.data)
    if (fetcher.data && 'error' in fetcher.data && !goneAlready(fetcher.data)) {
      setConfirming(false)
      setRefused((count) => count + 1)
    }
  }
  useEffect(() => {
    if (refused > 0) deleteRef.current?.focus()
  }, [refused])

  const report = useEffectEvent((result: CommentActionResponse) => {
    if ('deleted' in result) onDeleted(result.deleted, result.commentsCount)
    else if (goneAlready(result)) onDeleted(comment.id, null)
    else if ('error' in result) onError(result.error)
  })
  useEffect(() => {
    if (fetcher.data) report(fetcher.data)
  }, [fetcher.data])

  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])

  return (
    <li className="flex gap-3" data-slot="comment">
      <MemberAvatar name={name} avatar={comment.author.avatar} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link
            to={`/profile/${comment.author.userId}`}
            className="inline-flex min-h-6 items-center font-medium text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {name}
          </Link>
          <time
            dateTime={comment.createdAt}
            title={formatFullDate(createdAt)}
            className="text-xs whitespace-nowrap text-muted-foreground"
            suppressHydrationWarning
          >
            {formatRelativeTime(createdAt, now)}
          </time>
        </p>
        <p className="text-sm whitespace-pre-wrap text-foreground wrap-anywhere">
          {comment.content}
        </p>
        {mine ? (
          <form
            method="post"
            action={action}
            className="flex flex-wrap items-center gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              if (!confirming) {
                setConfirming(true)
                return
              }
              const body = new FormData()
              body.set('intent', 'delete-comment')
              body.set('commentId', comment.id)
              void fetcher.submit(action, body)
            }}
          >
            <input type="hidden" name="intent" value="delete-comment" />
            <input type="hidden" name="commentId" value={comment.id} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {confirming ? (
              <>
                <Button
                  ref={confirmRef}
                  type="submit"
                  variant="destructive"
                  size="xs"
                  disabled={deleting}
                >
                  <Trash2 aria-hidden="true" className="size-3.5" />
                  {deleting ? 'Suppression...' : 'Confirmer la suppression'}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="xs"
                  disabled={deleting}
                  onClick={() => {
                    setConfirming(false)
                    // The 'Supprimer' button comes back: keep the keyboard where it was.
                    requestAnimationFrame(() => deleteRef.current?.focus())
                  }}
                >
                  Annuler
                </Button>
              </>
            ) : (
              <Button ref={deleteRef} type="submit" variant="quiet" size="xs">
                <Trash2 aria-hidden="true" className="size-3.5" />
                Supprimer
                <span className="sr-only"> votre commentaire</span>
              </Button>
            )}
          </form>
        ) : null}
      </div>
    </li>
  )
}

/** Keeps `text` in this tab as the draft under `key` (a visitor has none); blank, none is kept. */
function keepDraft(key: string | null, text: string) {
  if (!key) return
  if (text.trim()) writeSessionItem(key, text)
  else removeSessionItem(key)
}

/**
 * The draft kept in this tab under `key` once `sent` is published: only what was typed after it,
 * as the text box keeps (what was changed before it stays whole).
 */
function forgetPublishedDraft(key: string, sent: string) {
  const kept = readSessionItem(key)
  if (kept === null) return
  keepDraft(key, kept.startsWith(sent) ? kept.slice(sent.length).trimStart() : kept)
}

/**
 * The comments of a post (spec §2 'Feed', §4 'Comments panel'): loaded from
 * /api/posts/{postId}/comments when it mounts, oldest first, with a form to add one. The form
 * is a real form that works without JavaScript; with it, it posts through a script's request.
 */
function CommentsPanel({
  postId,
  signedIn,
  viewerId,
  onClose,
  onCountChange,
  initialComments,
  headingLevel = 3,
  postPage = false,
  refused,
}: {
  postId: string
  /** Visitors see the form disabled and a link to sign in. */
  signedIn: boolean
  /** The signed-in member's user id: the author of a comment may delete it. */
  viewerId: string | null
  /** 'Fermer', where the panel can be opened again (a visitor on a post page has no toggle). */
  onClose?: () => void
  /** The post's comments count, after loading and after each comment added or deleted. */
  onCountChange?: (commentsCount: number) => void
  /** Comments already loaded (by a page's loader): no request on mount. */
  initialComments?: CommentsPage
  /** Under a post whose title is the page's h1 the panel's title is an h2, else an h3. */
  headingLevel?: 2 | 3
  /**
   * On the post's own page, the form sent without a script posts to the page (by id), which
   * shows a refused comment again (`refused`); elsewhere to the comments' API (ADR 066).
   */
  postPage?: boolean
  /** A comment the page refused: its text back in the box, the reason beside it. */
  refused?: RefusedComment
}) {
  const hydrated = useHydrated()
  const location = useLocation()
  const loader = useJsonRequest<CommentsResponse>({ error: COMMENTS_LOAD_FAILED_MESSAGE })
  const submitter = useJsonRequest<CommentActionResponse>({ error: CONNECTION_FAILED_MESSAGE })
  const [content, setContent] = useState(refused?.content ?? '')
  // The text being sent: what is typed after it, while it sends, is not the comment's.
  const [sentContent, setSentContent] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(refused?.message ?? null)
  // Whether the error is the text box's own (a comment refused), which marks it invalid, rather
  // than a deletion's or the older comments' loading.
  const [errorOfTextBox, setErrorOfTextBox] = useState(refused !== undefined)
  const [added, setAdded] = useState<CommentItem[]>([])
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set())
  // What the live region says; after a comment is published or deleted, the keyboard also goes
  // back to the text box.
  const [announcement, setAnnouncement] = useState({ id: 0, text: '', toTextBox: false })
  const [commentsCount, setCommentsCount] = useState(initialComments?.commentsCount ?? null)
  const [handledLoad, setHandledLoad] = useState(loader.data)
  // Older comments loaded here (with those listed when they came), and where the next ones
  // start. Fetched rather than through a fetcher, which React Router would load again after
  // every form sent on the page.
  const [earlier, setEarlier] = useState<CommentItem[]>([])
  const [olderCursor, setOlderCursor] = useState<string | null | undefined>(undefined)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [handledSubmit, setHandledSubmit] = useState(submitter.data)
  const [now, setNow] = useState(() => new Date())
  const listRef = useRef<HTMLOListElement>(null)
  // What is typed and not yet published is kept in this tab, for this member and post only, and
  // given back to the text box when it comes again: after the panel was closed, or after /auth
  // (a comment sent as the session ended). Published or emptied, it is gone.
  const draftKey = viewerId ? `tremplin.comment:${viewerId}:${postId}` : null
  const refusedContent = refused?.content
  useEffect(() => {
    if (!draftKey) return
    // A comment the page refused (sent before the script ran) is the draft from now on.
    if (refusedContent?.trim()) {
      writeSessionItem(draftKey, refusedContent)
      return
    }
    const kept = readSessionItem(draftKey)
    if (kept === null) return
    // oxlint-disable-next-line react/set-state-in-effect -- session storage exists only once hydrated
    setContent((current) => current || kept)
  }, [draftKey, refusedContent])
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  // A comment typed before the scripts ran (on a post's page) is the box's, and the draft.
  useTypedBeforeHydration(textareaRef, content, (typed) => {
    setContent(typed)
    keepDraft(draftKey, typed)
  })
  const ids = useId()
  const headingId = `${ids}-heading`
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const fieldId = `${ids}-content`
  const hintId = `${ids}-hint`
  const errorId = `${ids}-error`
  const action = commentsUrl(postId)
  const anchor = `#post-${postId}-comments`
  // A post's page showing older comments (`?avant=`) has its newer ones a link away.
  const search = new URLSearchParams(location.search)
  const showingOlder = initialComments?.olderPage === true
  search.delete(OLDER_COMMENTS_PARAM)
  const redirectTo = location.pathname + (search.size > 0 ? `?${search}` : '')
  // The post's own page, where older comments are read without JavaScript (or in a new tab).
  const postPath = location.pathname.startsWith('/post/') ? location.pathname : `/post/${postId}`
  // Where a plain form comes back: these comments, rather than the top of the page.
  const backToComments = `${redirectTo}${anchor}`
  const sending = submitter.state !== 'idle'

  // Answers are taken in while rendering (React's "adjusting state when a prop changes").
  if (loader.data !== handledLoad) {
    setHandledLoad(loader.data)
    if (loader.data && 'commentsCount' in loader.data) setCommentsCount(loader.data.commentsCount)
  }
  if (submitter.data !== handledSubmit) {
    const result = submitter.data
    setHandledSubmit(result)
    if (result && 'comment' in result) {
      // What was typed while it was sending stays, without the text now published.
      const left =
        sentContent !== null && content.startsWith(sentContent)
          ? content.slice(sentContent.length).trimStart()
          : content
      setSentContent(null)
      setAdded((current) => [...current, result.comment])
      setContent(left)
      setError(null)
      setCommentsCount(result.commentsCount)
      setAnnouncement((current) => ({
        id: current.id + 1,
        text: 'Commentaire publié',
        toTextBox: true,
      }))
    } else if (result && 'error' in result) {
      setSentContent(null)
      setError(result.error)
      setErrorOfTextBox(true)
      // The button pressed was disabled while sending: the keyboard goes back to the text.
      setAnnouncement((current) => ({ id: current.id + 1, text: '', toTextBox: true }))
    }
  }

  // « Réessayer », disabled while its request runs, loses the keyboard's focus: given back to
  // the comments once they came, or to the button if they failed again.
  const retryButton = useRef<HTMLButtonElement>(null)
  const retried = useRef(false)
  useEffect(() => {
    if (!retried.current || loader.state !== 'idle') return
    retried.current = false
    ;(retryButton.current ?? listRef.current ?? textareaRef.current)?.focus()
  }, [loader.state])

  const loadComments = useEffectEvent((url: string) => {
    if (!initialComments && loader.state === 'idle' && loader.data === undefined) {
      void loader.load(url)
    }
  })
  useEffect(() => loadComments(action), [action])

  const notifyCount = useEffectEvent((value: number) => onCountChange?.(value))
  useEffect(() => {
    if (commentsCount !== null) notifyCount(commentsCount)
  }, [commentsCount])

  async function loadOlder(query: string, shown: CommentItem[]) {
    setLoadingOlder(true)
    setError(null)
    try {
      const response = await fetch(`${action}${query}`, { headers: { accept: 'application/json' } })
      const result = (await response.json()) as CommentsResponse
      if ('error' in result) {
        setError(result.error)
        setErrorOfTextBox(false)
        return
      }
      setEarlier((current) => mergeComments(result.comments, current, shown))
      setOlderCursor(result.olderCursor)
      setCommentsCount(result.commentsCount)
      const count = result.comments.length
      const plural = count > 1 ? 's' : ''
      setAnnouncement((current) => ({
        id: current.id + 1,
        text: `${formatNumber(count)} commentaire${plural} précédent${plural} affiché${plural}`,
        toTextBox: false,
      }))
    } catch {
      setError(COMMENTS_LOAD_FAILED_MESSAGE)
      setErrorOfTextBox(false)
    } finally {
      setLoadingOlder(false)
    }
  }

  // The last older comments shown, their link goes: the keyboard goes to the list.
  useEffect(() => {
    if (olderCursor === null) listRef.current?.focus()
  }, [olderCursor])

  useEffect(() => {
    if (announcement.toTextBox) textareaRef.current?.focus()
  }, [announcement])

  // Relative times stay right while the panel stays open.
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(timer)
  }, [])

  const loaded = initialComments ?? loader.data
  const loadError = loaded && 'error' in loaded ? loaded.error : null
  const list = loaded && 'comments' in loaded ? loaded : null
  const comments = list
    ? mergeComments(earlier, list.comments, added).filter((comment) => !removed.has(comment.id))
    : null
  // Older comments than those listed, a page of 100 at a time.
  const nextOlder = olderCursor === undefined ? (list?.olderCursor ?? null) : olderCursor
  const olderQuery = nextOlder
    ? `?${new URLSearchParams({ [OLDER_COMMENTS_PARAM]: nextOlder })}`
    : ''
  // How many: the count less those shown, when the list runs to the most recent.
  const hidden =
    list && comments && !showingOlder
      ? Math.max(0, (commentsCount ?? list.commentsCount) - comments.length)
      : 0
  const empty = content.trim() === ''
  // Before hydration the server validates: a disabled button would block a form without JS.
  const disabled = !signedIn || sending || (hydrated && empty)

  return (
    <section
      aria-labelledby={headingId}
      data-slot="comments-panel"
      className="flex flex-col gap-4 rounded-lg border bg-muted/40 p-3 sm:p-4"
    >
      <div className="flex min-h-8 items-center justify-between gap-2">
        <Heading id={headingId} className="text-sm font-semibold">
          Commentaires
        </Heading>
        {/* Closing takes JavaScript: without it, no button that would do nothing. */}
        {onClose ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="noscript:hidden"
            onClick={onClose}
          >
            <X aria-hidden="true" />
            Fermer
          </Button>
        ) : null}
      </div>

      <output aria-live="polite" className="sr-only">
        {loaded && loader.state !== 'loading' ? null : 'Chargement des commentaires…'}
        <span key={announcement.id}>{announcement.text}</span>
      </output>

      {!loaded ? (
        <CommentsSkeleton />
      ) : loadError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {/* An alert: the live region that said « Chargement des commentaires… » goes quiet. */}
          <p role="alert">
            {loadError === COMMENTS_LOAD_FAILED_MESSAGE ? loadError : `Erreur: ${loadError}`}
          </p>
          {loadError === COMMENTS_LOAD_FAILED_MESSAGE ? (
            <Button
              ref={retryButton}
              type="button"
              variant="outline"
              size="sm"
              disabled={loader.state !== 'idle'}
              onClick={() => {
                retried.current = true
                void loader.load(action)
              }}
            >
              Réessayer
            </Button>
          ) : null}
        </div>
      ) : comments && comments.length > 0 ? (
        <>
          {nextOlder ? (
            // A link to the post's page with the older comments; with JavaScript they load here.
            <Link
              to={`${postPath}${olderQuery}${anchor}`}
              onClick={(event) => {
                // A new tab or window (a modifier held) opens the page itself.
                if (opensElsewhere(event)) return
                event.preventDefault()
                if (!loadingOlder) void loadOlder(olderQuery, list?.comments ?? [])
              }}
              aria-disabled={loadingOlder ? true : undefined}
              className={TEXT_LINK_CLASS}
            >
              {loadingOlder
                ? 'Chargement des commentaires précédents…'
                : hidden > 0
                  ? `Afficher les commentaires précédents (${formatNumber(hidden)})`
                  : 'Afficher les commentaires précédents'}
            </Link>
          ) : null}
          <ol
            ref={listRef}
            tabIndex={-1}
            className="flex flex-col gap-4 focus:outline-none"
            aria-label="Liste des commentaires"
          >
            {comments.map((comment) => (
              <CommentRow
                key={comment.id}
                comment={comment}
                now={now}
                mine={viewerId !== null && comment.author.userId === viewerId}
                action={action}
                redirectTo={backToComments}
                onDeleted={(id, count) => {
                  setRemoved((current) => new Set(current).add(id))
                  setError(null)
                  // Gone already: the count shown still had it.
                  setCommentsCount(
                    (current) => count ?? (current === null ? null : Math.max(0, current - 1)),
                  )
                  setAnnouncement((current) => ({
                    id: current.id + 1,
                    text: count === null ? 'Commentaire déjà supprimé' : 'Commentaire supprimé',
                    toTextBox: true,
                  }))
                }}
                onError={(message) => {
                  setError(message)
                  setErrorOfTextBox(false)
                }}
              />
            ))}
          </ol>
          {showingOlder ? (
            <Link to={`${redirectTo}${anchor}`} className={TEXT_LINK_CLASS}>
              Voir les commentaires les plus récents
            </Link>
          ) : null}
        </>
      ) : showingOlder ? (
        // A cursor before the first comment (they were deleted since, or the link is old).
        <div className="flex flex-col gap-2 text-sm">
          <p className="text-muted-foreground">Aucun commentaire plus ancien.</p>
          <Link to={`${redirectTo}${anchor}`} className={TEXT_LINK_CLASS}>
            Voir les commentaires les plus récents
          </Link>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{EMPTY_COMMENTS_MESSAGE}</p>
      )}

      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          Erreur: {error}
        </p>
      ) : null}

      <form
        method="post"
        // On a post's page, to the page by id, whose refusal gives the text back (ADR 066). No
        // fragment: a page opened at one does not take an autofocus.
        action={postPage ? `/post/${postId}` : action}
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (disabled || empty) return
          // No redirectTo: the route answers a script with JSON rather than a redirect.
          const formData = new FormData(event.currentTarget)
          formData.delete('redirectTo')
          setError(null)
          setSentContent(content)
          const sent = content
          void submitter.submit(action, formData).then((answer) => {
            // Also when the panel was closed before the answer came.
            if (draftKey && answer && 'comment' in answer) forgetPublishedDraft(draftKey, sent)
          })
        }}
      >
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="redirectTo" value={backToComments} />
        <label htmlFor={fieldId} className="text-sm font-medium">
          Votre commentaire
        </label>
        <Textarea
          ref={textareaRef}
          id={fieldId}
          name="content"
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          required
          disabled={!signedIn}
          // The page came back, in answer to this form, with the comment refused: the keyboard
          // goes back to its text, which the reason describes (no script to move it there).
          // oxlint-disable-next-line jsx-a11y/no-autofocus -- the member's own form, answered
          autoFocus={refused !== undefined}
          value={content}
          onChange={(event) => {
            const typed = event.target.value
            setContent(typed)
            keepDraft(draftKey, typed)
            if (error) setError(null)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault()
              event.currentTarget.form?.requestSubmit()
            }
          }}
          aria-invalid={error && errorOfTextBox ? true : undefined}
          aria-describedby={[hintId, error && errorOfTextBox ? errorId : null]
            .filter(Boolean)
            .join(' ')}
          placeholder={signedIn ? 'Partagez votre avis, une question, une ressource…' : undefined}
          className="field-sizing-content max-h-72 min-h-20 resize-y"
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {signedIn ? (
            <p id={hintId} className="text-xs text-muted-foreground">
              {formatNumber(content.length)} / {formatNumber(COMMENT_MAX_LENGTH)} caractères
            </p>
          ) : (
            <p id={hintId} className="text-sm">
              <Link
                to={`/auth?redirectTo=${encodeURIComponent(redirectTo)}`}
                className={TEXT_LINK_CLASS}
              >
                Connectez-vous pour commenter
              </Link>
            </p>
          )}
          <Button type="submit" size="sm" disabled={disabled}>
            <Send aria-hidden="true" />
            {sending ? 'Envoi...' : 'Commenter'}
          </Button>
        </div>
      </form>
    </section>
  )
}

/** Comments from several lists (loaded, older, added since), once each, oldest first. */
function mergeComments(...lists: CommentItem[][]): CommentItem[] {
  const filled = lists.filter((list) => list.length > 0)
  if (filled.length <= 1) return filled[0] ?? []
  const byId = new Map<string, CommentItem>()
  for (const list of filled) for (const comment of list) byId.set(comment.id, comment)
  return [...byId.values()].toSorted(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  )
}

export { CommentsPanel }
