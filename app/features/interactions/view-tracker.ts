// Counts card views without a request per card: mounted cards queue their post id; the queue
// is sent as one batch, at most once a second, starting with the first scroll (a page that is
// only opened costs no data request) or when the page is hidden.
const queue = new Set<string>()
let started = false
let timer: ReturnType<typeof setTimeout> | undefined
let lastSent = 0
const INTERVAL_MS = 1000
const MAX_BATCH = 50

function send() {
  timer = undefined
  if (queue.size === 0) return
  const postIds = [...queue].slice(0, MAX_BATCH)
  for (const id of postIds) queue.delete(id)
  lastSent = Date.now()
  void fetch('/api/views', {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ postIds }),
  }).catch(() => {
    // A lost view is only logged by no one: the spec counts views best-effort.
  })
  if (queue.size > 0) schedule()
}

function schedule() {
  if (!started || timer) return
  timer = setTimeout(send, Math.max(0, lastSent + INTERVAL_MS - Date.now()))
}

function start() {
  if (started) return
  started = true
  schedule()
}

let listening = false

function listen() {
  if (listening || typeof window === 'undefined') return
  listening = true
  // A page scrolled before its cards were hydrated has had its first scroll already.
  if (window.scrollY > 0) start()
  else window.addEventListener('scroll', start, { once: true, passive: true })
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      started = true
      send()
    }
  })
}

/** Registers one view of a post for this mount of its card. */
export function registerView(postId: string): void {
  listen()
  queue.add(postId)
  schedule()
}
