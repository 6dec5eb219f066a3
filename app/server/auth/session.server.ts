import {
  createContext,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from 'react-router'
import { countListingChange } from '../public-changes.server'
import { PUBLIC_CHANGE_HEADER } from '../visitor-pages.server'
import { getAuth } from './auth.server'
import {
  readSignedInMember,
  sessionOpenedBy,
  sessionTokenOf,
  type CarriedMemberRead,
} from './session-read.server'
import type { MemberProfileRow } from './session-sql.server'

export interface SessionUser {
  id: string
  email: string
  firstName: string
  lastName: string
  emailVerified: boolean
  twoFactorEnabled: boolean
}

export interface CurrentSession {
  user: SessionUser
  session: { id: string; token: string; expiresAt: Date }
}

interface RequestState {
  /** The signed-in member, looked up at most once per request and only when asked. */
  getSession(): Promise<CurrentSession | null>
  /**
   * The member's profile row when the session was read with it (ADR 020), null when they have
   * none, undefined when Better Auth read the session: then it is read on its own.
   */
  profile?: MemberProfileRow | null
  /** A page's statement that reads the member with its rows (ADR 030), if one started first. */
  carried?: CarriedMemberRead
  /** Whether the lookup has started (a page can no longer carry the member's read). */
  started: boolean
  /** Set-Cookie values added to the response by the middleware. */
  responseCookies: string[]
  /** Whether the request changed what visitors see (`notePublicChange`). */
  publicChange?: boolean
  /** The session that replaced the member's during this request (`addSessionCookies`). */
  replacedSession?: CurrentSession['session']
}

const requestStateContext = createContext<RequestState>()

export const SESSION_COOKIE = 'tremplin.session_token'

function hasSessionCookie(request: Request): boolean {
  return (request.headers.get('cookie') ?? '').includes(SESSION_COOKIE)
}

/**
 * Root middleware: provides the lazy session lookup, writes every cookie set during the
 * request (refreshed session, flash messages) onto the response, and keeps a member's answers
 * out of every cache unless the route said otherwise.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  let lookup: Promise<CurrentSession | null> | undefined
  const state: RequestState = {
    responseCookies: [],
    started: false,
    getSession: () => {
      const replaced = state.replacedSession
      if (!replaced) return readSession()
      return readSession().then((current) => current && { ...current, session: replaced })
    },
  }
  const readSession = () =>
    (lookup ??= (async () => {
      state.started = true
      if (!hasSessionCookie(request)) return null
      const member = await readSignedInMember(request, state.carried)
      if (member) {
        state.profile = member.profile
        return member.current
      }
      const { headers, response } = await getAuth().api.getSession({
        headers: request.headers,
        returnHeaders: true,
      })
      // Better Auth extends a session that is used (updateAge): pass its new cookie on.
      state.responseCookies.push(...headers.getSetCookie())
      if (!response) return null
      const user = response.user as typeof response.user & Partial<SessionUser>
      return {
        user: {
          id: user.id,
          email: user.email,
          firstName: user.firstName ?? '',
          lastName: user.lastName ?? '',
          emailVerified: user.emailVerified,
          twoFactorEnabled: user.twoFactorEnabled ?? false,
        },
        session: {
          id: response.session.id,
          token: response.session.token,
          expiresAt: new Date(response.session.expiresAt),
        },
      }
    })())
  context.set(requestStateContext, state)
  const response = await next()
  // A member's answer holds their data: a page's data (`/settings.data`) as much as its HTML,
  // which entry.server.tsx marks itself. Not kept by the browser's cache nor by any proxy.
  const uncached = hasSessionCookie(request) && !response.headers.has('Cache-Control')
  // An answer that sets a cookie (a dead session's removal, say) is this browser's alone, even
  // where the route let caches keep it (a visitor's /api/feed): no shared cache hands it on.
  const setsCookie = state.responseCookies.length > 0 || response.headers.has('Set-Cookie')
  const keptWithCookie = setsCookie && sharedCacheMayKeep(response.headers)
  if (state.responseCookies.length === 0 && !state.publicChange && !uncached && !keptWithCookie) {
    return response
  }
  const answer = new Response(response.body, response)
  for (const cookie of state.responseCookies) answer.headers.append('Set-Cookie', cookie)
  // Visitors' kept pages are rendered anew after it (visitor-pages.server.ts).
  if (state.publicChange) answer.headers.set(PUBLIC_CHANGE_HEADER, '1')
  if (uncached || keptWithCookie) answer.headers.set('Cache-Control', 'private, no-store')
  return answer
}

/** Whether a shared cache may keep an answer: its Cache-Control says neither private nor no-store. */
function sharedCacheMayKeep(headers: Headers): boolean {
  const cacheControl = headers.get('Cache-Control')
  return cacheControl !== null && !/\b(private|no-store)\b/i.test(cacheControl)
}

/**
 * Says that this request changed what visitors' pages show (a post, a vote, a comment, a
 * profile), once its write has committed: the pages kept for visitors (ADR 040) are rendered
 * anew after it. `listing`: it also changed which pages there are or their addresses (a post
 * published or deleted, a member renamed or gone), so the sitemap a process keeps is built
 * again too.
 */
export function notePublicChange(
  context: Readonly<RouterContextProvider>,
  { listing = false } = {},
): void {
  requestState(context).publicChange = true
  if (listing) countListingChange()
}

function requestState(context: Readonly<RouterContextProvider>): RequestState {
  return context.get(requestStateContext)
}

/** The signed-in member, or null for a visitor. */
export function getCurrentSession(
  context: Readonly<RouterContextProvider>,
): Promise<CurrentSession | null> {
  return requestState(context).getSession()
}

/**
 * The signed-in member's profile row if it was read with their session (ADR 020): null for a
 * member without a profile, undefined when it has to be read on its own.
 */
export async function getProfileReadWithSession(
  context: Readonly<RouterContextProvider>,
): Promise<MemberProfileRow | null | undefined> {
  const state = requestState(context)
  await state.getSession()
  return state.profile
}

/** What a page read with the member's session (ADR 030), and for whom. */
export interface ReadWithSession<Result> {
  result: Result
  /**
   * The member whose state the result shows (the session's), null for a visitor's result,
   * undefined for a result that shows no one's state (an empty page).
   */
  viewerId: string | null | undefined
  /** sessionMemberJson's text as the statement read it; undefined if it read no row. */
  memberJson: string | null | undefined
}

/**
 * Runs a page's statement that reads the signed-in member with its own rows (ADR 030), so
 * that a signed-in page costs the database one statement: `read` is given the session cookie's
 * verified token, and the session lookup then takes the member from its answer instead of
 * sending a statement of its own. To be called before anything asks for the session (in a
 * route's middleware, or first in a resource route's loader). Undefined when the request has no
 * such cookie, when `read` cannot carry the member (it returns undefined), or when the lookup
 * has started: the page then reads as it would without.
 */
export async function readWithSession<Result>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  read: (token: string) => Promise<ReadWithSession<Result>> | undefined,
): Promise<ReadWithSession<Result> | undefined> {
  const state = requestState(context)
  if (state.started || !hasSessionCookie(request)) return undefined
  const token = await sessionTokenOf(request)
  if (!token || state.started) return undefined
  const reading = read(token)
  if (!reading) return undefined
  const answer = await reading
  state.carried = { token, memberJson: answer.memberJson }
  return answer
}

/**
 * The result a page read with the session (readWithSession) if it shows the member the request
 * turned out to be signed in as (Better Auth may have ended the session it read): else undefined,
 * and the page reads again for `viewerId`.
 */
export function resultFor<Result>(
  read: ReadWithSession<Result> | null | undefined,
  viewerId: string | null,
): Result | undefined {
  if (!read) return undefined
  return read.viewerId === undefined || read.viewerId === viewerId ? read.result : undefined
}

/** Adds Set-Cookie values to whatever response this request ends with. */
export function addResponseCookies(
  context: Readonly<RouterContextProvider>,
  cookies: readonly string[],
): void {
  requestState(context).responseCookies.push(...cookies)
}

/**
 * Adds the Set-Cookie values of a Better Auth answer; when they open a new session for the
 * member (a password changed, two-factor turned off: the old session is gone), the rest of the
 * request reads that session as the current one, so a page rendered after the action says
 * « cette session » of the right one.
 */
export async function addSessionCookies(
  context: Readonly<RouterContextProvider>,
  cookies: readonly string[],
): Promise<void> {
  addResponseCookies(context, cookies)
  const opened = await sessionOpenedBy(cookies)
  if (opened) requestState(context).replacedSession = opened
}

// Stands for this site while a path is resolved: only what stays on it is followed.
const THIS_SITE = 'http://tremplin.invalid'

/**
 * Where a visitor sent to /auth comes back to: a path on this site only. A browser resolves the
 * path against the site as the URL standard says, skipping tabs and line breaks and reading `\`
 * as `/`; so these are refused outright (`/\t/evil.example` would lead off the site), and what
 * remains must resolve to this site. The path is given back as the URL standard writes it,
 * percent-encoded: a `Location` header holds bytes, and `/€` would fail it with a 500.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/feed'
  // oxlint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/feed'
  const url = URL.parse(value, THIS_SITE)
  if (url?.origin !== THIS_SITE || url.pathname.startsWith('/auth')) return '/feed'
  const path = url.pathname + url.search + url.hash
  // Dot segments resolved can leave two slashes first (`/.//evil.example` is
  // `//evil.example`): the path given back must stay on this site as well.
  return URL.parse(path, THIS_SITE)?.origin === THIS_SITE ? path : '/feed'
}

/** The signed-in member; a visitor is sent to /auth and comes back here afterwards. */
export async function requireSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CurrentSession> {
  const current = await getCurrentSession(context)
  if (current) return current
  const page = pageUrlOf(request)
  const back = request.method === 'GET' ? page.pathname + page.search : page.pathname
  throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`)
}

/**
 * The address of the page a request is for. A client navigation asks React Router for the
 * page's data at `/notifications.data` (`/_root.data` for `/`, with `_routes` in the query):
 * sending a member back there after signing in would show them that data, not the page.
 */
export function pageUrlOf(request: Request): URL {
  const url = new URL(request.url)
  if (!url.pathname.endsWith('.data')) return url
  url.pathname = url.pathname === '/_root.data' ? '/' : url.pathname.slice(0, -'.data'.length)
  url.searchParams.delete('_routes')
  return url
}
