import { useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { Icon } from '~/components/icons/icon'
import { toast } from '~/components/toaster'
import { reviseKeptPost } from '~/features/feed/kept-pages'
import { formatCount } from '~/utils/format-count'
import { useHydrated } from '~/utils/use-hydrated'
import { SAVE_FAILED_MESSAGE, VOTE_FAILED_MESSAGE } from './interaction-messages'

type VoteType = 'up' | 'down'
type VoteState = { upvotes: number; downvotes: number; viewerVote: VoteType | null }

const BUTTON =
  'flex min-h-8 items-center gap-1.5 rounded-md px-1.5 hover:bg-accent hover:text-accent-foreground aria-pressed:font-medium aria-pressed:text-primary'

/** What a vote does to the counts: same type removes it, the other type switches it. */
export function applyVote(state: VoteState, type: VoteType): VoteState {
  const next = { ...state }
  if (state.viewerVote === type) {
    next[type === 'up' ? 'upvotes' : 'downvotes'] -= 1
    next.viewerVote = null
    return next
  }
  if (state.viewerVote) next[state.viewerVote === 'up' ? 'upvotes' : 'downvotes'] -= 1
  next[type === 'up' ? 'upvotes' : 'downvotes'] += 1
  next.viewerVote = type
  return next
}

/**
 * A plain form before hydration comes back here, at the post it acted on (`anchor`, rather than
 * the top of a long page); with a script the answer is JSON.
 */
function BackField({ anchor }: { anchor: string }) {
  const location = useLocation()
  const hydrated = useHydrated()
  return hydrated ? null : (
    <input
      type="hidden"
      name="redirectTo"
      value={`${location.pathname}${location.search}#${anchor}`}
    />
  )
}

/** A request the server answered with a refusal, and the French reason it gave, if any. */
class Refusal extends Error {
  constructor(readonly reason: string | undefined) {
    super(reason ?? 'refused')
  }
}

/** The `{ error }` of a refusal's JSON answer; undefined for any other body. */
async function refusalReason(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => null)
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  return typeof body.error === 'string' ? body.error : undefined
}

/**
 * State shown optimistically, replaced by the server's answer (also given to `onAnswer`, the
 * newest one the server confirmed), or put back with a French message when the request fails. Follows fresh data from the loader. Quick clicks each send
 * their request, one after the other: only the newest one's answer is shown, and a failure goes
 * back to what the server last said (an older request may have been kept while the newest
 * failed).
 */
function useOptimistic<T>(initial: T, onAnswer: (answer: T) => void) {
  const [state, setState] = useState(initial)
  const [seen, setSeen] = useState(JSON.stringify(initial))
  const key = JSON.stringify(initial)
  if (key !== seen) {
    setSeen(key)
    setState(initial)
  }
  const requests = useRef({
    latest: 0,
    pending: 0,
    latestFailed: false,
    confirmed: initial,
    confirmedBy: 0,
  })
  // One request at a time, in the order of the clicks: each says the state it meant from the
  // one before, so two requests taken in the other order would end on the other state.
  const queue = useRef<Promise<void>>(Promise.resolve())
  const submit = (
    form: HTMLFormElement,
    submitter: HTMLElement | null,
    next: T,
    failure: string,
  ) => {
    const track = requests.current
    // Nothing pending: what is shown is what the server (or the loader) said last.
    if (track.pending === 0) {
      track.confirmed = state
      track.confirmedBy = track.latest
    }
    const id = ++track.latest
    track.pending++
    track.latestFailed = false
    setState(next)
    // The form as it is now: its fields already say the next click's state.
    const body = new FormData(form, submitter)
    const send = async () => {
      try {
        const response = await fetch(form.action, {
          method: 'POST',
          body,
          headers: { accept: 'application/json' },
        })
        if (response.redirected && new URL(response.url).pathname === '/auth') {
          // The session ended meanwhile: to sign in, as a visitor's click does, and back here.
          setState(track.confirmed)
          window.location.assign(
            `/auth?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`,
          )
          return
        }
        if (!response.ok) throw new Refusal(await refusalReason(response))
        const answer = (await response.json()) as T
        if (id > track.confirmedBy) {
          track.confirmed = answer
          track.confirmedBy = id
          onAnswer(answer)
        }
        if (id === track.latest || (track.latestFailed && id === track.confirmedBy)) {
          setState(answer)
        }
      } catch (error) {
        if (id === track.latest) {
          track.latestFailed = true
          setState(track.confirmed)
          // The server's reason under the message when it gave one (too many votes, post gone).
          const reason = error instanceof Refusal ? error.reason : undefined
          toast.error(failure, reason ? { description: reason } : undefined)
        }
      } finally {
        track.pending--
      }
    }
    queue.current = queue.current.then(send)
    return queue.current
  }
  return [state, submit] as const
}

/** J'aime / Je n'aime pas: optimistic, rolled back with a French message on failure. */
export function VoteButtons({
  postId,
  viewerId,
  initial,
}: {
  postId: string
  /** The member voting: their vote is noted for the feed's pages kept for Back. */
  viewerId: string | null
  initial: VoteState
}) {
  const [state, submit] = useOptimistic(initial, ({ upvotes, downvotes, viewerVote }) =>
    reviseKeptPost(viewerId, postId, { upvotes, downvotes, viewerVote }),
  )
  return (
    <form
      method="post"
      action={`/api/posts/${postId}`}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault()
        const submitter = (event.nativeEvent as SubmitEvent).submitter
        const type = submitter?.getAttribute('value') as VoteType
        void submit(event.currentTarget, submitter, applyVote(state, type), VOTE_FAILED_MESSAGE)
      }}
    >
      <input type="hidden" name="intent" value="vote" />
      {/* What the click changes: the server sets that state, so a form sent twice acts once. */}
      <input type="hidden" name="shown" value={state.viewerVote ?? 'none'} />
      <BackField anchor={`post-${postId}-title`} />
      {(
        [
          ['up', 'thumbs-up', 'J’aime', state.upvotes],
          ['down', 'thumbs-down', 'Je n’aime pas', state.downvotes],
        ] as const
      ).map(([type, icon, label, count]) => (
        <button
          key={type}
          type="submit"
          name="type"
          value={type}
          aria-pressed={state.viewerVote === type}
          className={BUTTON}
        >
          <Icon name={icon} filled={state.viewerVote === type} />
          {/* The name says the figure shown (WCAG 2.5.3): « J’aime : 1,2 k ». */}
          <span className="sr-only">{label} : </span>
          <span>{formatCount(count)}</span>
        </button>
      ))}
    </form>
  )
}

/** Sauvegarder: optimistic, rolled back with a French message on failure. */
export function SaveButton({
  postId,
  viewerId,
  initial,
}: {
  postId: string
  viewerId: string | null
  initial: boolean
}) {
  const [state, submit] = useOptimistic({ saved: initial }, ({ saved }) =>
    reviseKeptPost(viewerId, postId, { viewerSaved: saved }),
  )
  return (
    <form
      method="post"
      action={`/api/posts/${postId}`}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault()
        void submit(event.currentTarget, null, { saved: !state.saved }, SAVE_FAILED_MESSAGE)
      }}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="saved" value={String(!state.saved)} />
      <BackField anchor={`post-${postId}-title`} />
      {/* The state is in the name, as on screen (« Sauvegardé »): no aria-pressed, whose toggle
          would need a name that stays the same. */}
      <button type="submit" className={state.saved ? `${BUTTON} font-medium text-primary` : BUTTON}>
        <Icon name="bookmark" filled={state.saved} />
        {state.saved ? 'Sauvegardé' : 'Sauvegarder'}
      </button>
    </form>
  )
}
