import { LRUCache } from 'lru-cache'
import { documentEncoding } from './compress-document.server'
import { getEnv } from './env.server'
import { STYLESHEETS_COOKIE } from './inline-css.server'

/**
 * Visitors' pages kept whole for a few seconds (ADR 040): a page a visitor asks for is the same
 * for every visitor who asks for it with the same address, compression and stylesheet cookie,
 * so the answer rendered for the first is sent again to the others, as a CDN's micro-cache would,
 * until it is `seconds` old or this process accepts a write. Members' pages (any other cookie)
 * are never kept.
 */
export interface VisitorPageOptions {
  /** How long a page is sent again; 0 keeps nothing. */
  seconds: number
  /** The most bytes of pages kept by this process. */
  maxBytes: number
}

type Handler = (request: Request) => Promise<Response>

interface KeptPage {
  status: number
  headers: [string, string][]
  body: Uint8Array<ArrayBuffer>
}

/**
 * Set by the session middleware on the answer to a request that changed what visitors' pages
 * show (a post published or deleted, a vote, a comment, a profile, an account erased: each
 * action says so with `notePublicChange`), and taken off here before it is sent. Nothing else
 * ends the kept pages: a visitor's writes (signing in or up, the contact form, a vote sent to
 * /auth) and a member's private ones (saves, favourite communities, settings) change nothing a
 * visitor's page shows, and a script sending them could otherwise keep every page rendered anew.
 */
export const PUBLIC_CHANGE_HEADER = 'x-tremplin-public-change'

/** Whether an answer changed visitors' pages, and the answer without the header that says so. */
function takePublicChangeMark(response: Response): { changed: boolean; response: Response } {
  if (!response.headers.has(PUBLIC_CHANGE_HEADER)) return { changed: false, response }
  const unmarked = new Response(response.body, response)
  unmarked.headers.delete(PUBLIC_CHANGE_HEADER)
  return { changed: true, response: unmarked }
}

// View counts are written for visitors' pages as they are read (spec §2): not a change worth
// rendering every visitor's page again for; the counts shown catch up within `seconds`.
const WRITES_KEPT_PAGES_OUTLIVE = new Set(['/api/views'])

/**
 * A request that may write, answered without the mark; `onChange` runs when it changed what
 * visitors see, or threw, having perhaps changed it.
 */
async function answerWrite(
  handler: Handler,
  request: Request,
  onChange: () => void = () => {},
): Promise<Response> {
  let answer: ReturnType<typeof takePublicChangeMark> | undefined
  try {
    answer = takePublicChangeMark(await handler(request))
    return answer.response
  } finally {
    const changed = answer === undefined || answer.changed
    if (changed && !WRITES_KEPT_PAGES_OUTLIVE.has(new URL(request.url).pathname)) onChange()
  }
}

/** The key a request's page is kept under, or null when the page may not be shared. */
export function visitorPageKey(request: Request): string | null {
  if (request.method !== 'GET' || request.headers.has('authorization')) return null
  const url = new URL(request.url)
  // Documents only: JSON and the pages' data requests (`.data`) go their own way.
  if (url.pathname.startsWith('/api/') || url.pathname.endsWith('.data')) return null
  const cookie = request.headers.get('cookie')
  if (cookie !== null && !holdsOnlyStylesheetsCookie(cookie)) return null
  const encoding = documentEncoding(request.headers.get('accept-encoding')) ?? 'identity'
  // The stylesheet cookie's value decides whether the page carries the stylesheet inline.
  return `${encoding} ${cookie ?? ''} ${request.url}`
}

function holdsOnlyStylesheetsCookie(header: string): boolean {
  const pairs = header.split(';').filter((pair) => pair.trim() !== '')
  return (
    pairs.length === 1 && pairs[0]!.slice(0, pairs[0]!.indexOf('=')).trim() === STYLESHEETS_COOKIE
  )
}

/** Whether a response may be sent to every visitor who asks for the same page. */
function isShareable(response: Response): boolean {
  if (response.status !== 200) return false
  if (!response.headers.get('content-type')?.startsWith('text/html')) return false
  if (/\b(no-store|private)\b/.test(response.headers.get('cache-control') ?? '')) return false
  return response.headers
    .getSetCookie()
    .every((cookie) => cookie.startsWith(`${STYLESHEETS_COOKIE}=`))
}

function sent(page: KeptPage): Response {
  return new Response(page.body, { status: page.status, headers: page.headers })
}

/**
 * The app's request handler, answering visitors' pages from memory when it has rendered the
 * same page less than `seconds` ago. Requests for a page being rendered wait for it instead of
 * rendering it again.
 */
export function withVisitorPages(handler: Handler, options: VisitorPageOptions): Handler {
  if (options.seconds <= 0) {
    return async (request) =>
      request.method === 'GET' || request.method === 'HEAD'
        ? takePublicChangeMark(await handler(request)).response
        : answerWrite(handler, request)
  }
  const kept = new LRUCache<string, KeptPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => page.body.byteLength + 512,
    ttl: options.seconds * 1000,
  })
  const rendering = new Map<string, Promise<KeptPage | null>>()
  // Bumped by every write this process accepts: a render begun before it is not kept.
  let generation = 0

  async function render(request: Request, key: string): Promise<Response> {
    const began = generation
    const response = await handler(request)
    if (!isShareable(response) || generation !== began) return response
    const page: KeptPage = {
      status: response.status,
      headers: [...response.headers],
      body: new Uint8Array(await response.arrayBuffer()),
    }
    kept.set(key, page)
    return sent(page)
  }

  return async (request) => {
    const key = visitorPageKey(request)
    if (key === null) {
      if (request.method === 'GET' || request.method === 'HEAD') return handler(request)
      return answerWrite(handler, request, () => {
        generation += 1
        kept.clear()
      })
    }
    const page = kept.get(key)
    if (page) return sent(page)
    const pending = rendering.get(key)
    if (pending) {
      const shared = await pending
      return shared ? sent(shared) : handler(request)
    }
    let settle!: (page: KeptPage | null) => void
    rendering.set(key, new Promise((resolve) => (settle = resolve)))
    try {
      const response = await render(request, key)
      settle(kept.get(key) ?? null)
      return response
    } catch (error) {
      settle(null)
      throw error
    } finally {
      rendering.delete(key)
    }
  }
}

/** Pages kept by one process at most: about 1,300 visitor feed pages compressed. */
const MAX_BYTES = 32 * 1024 * 1024

/** withVisitorPages as the environment sets it (VISITOR_PAGE_SECONDS), for server.ts. */
export function keepVisitorPages(handler: Handler): Handler {
  return withVisitorPages(handler, { seconds: getEnv().VISITOR_PAGE_SECONDS, maxBytes: MAX_BYTES })
}
