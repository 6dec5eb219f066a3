// Runs the app's routes the way React Router dispatches them, from app/routes.ts: a URL is
// matched against the route list, the root middleware (origin check, database start, session)
// runs, then the matched route's loader (GET) or action (any other method). Tests that must
// cover every route (access matrix, CSRF, no writes on GET) iterate over this list, so a route
// added to app/routes.ts is covered, or fails them, without anyone editing the tests.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { sql } from 'drizzle-orm'
import {
  matchRoutes,
  RouterContextProvider,
  type MiddlewareFunction,
  type RouteObject,
} from 'react-router'
import routeConfig from '../../app/routes'
import { middleware as rootMiddleware } from '../../app/root'
import { db } from '../../app/server/db/db.server'
import { getStorage } from '../../app/server/storage.server'

export const ORIGIN = 'http://localhost:3000'
const APP_DIRECTORY = fileURLToPath(new URL('../../app/', import.meta.url))

export interface AppRoute {
  /** React Router's id: the file without its extension, unless the entry names one. */
  id: string
  /** The module, relative to app/ (the key of the tests' tables). */
  file: string
  /** The full URL pattern, '/' for the index route. */
  path: string
}

type Handler = (args: unknown) => unknown

export interface RouteModule {
  loader?: Handler
  action?: Handler
  middleware?: MiddlewareFunction<Response>[]
  /** The page; a resource route has none. */
  default?: unknown
  /** A page's headers from its handlers' (React Router drops the rest but cookies). */
  headers?: Handler
}

const config = routeConfig as RouteConfigEntry[]

function routeId(entry: RouteConfigEntry): string {
  return entry.id ?? entry.file.replace(/\.[cm]?[jt]sx?$/, '')
}

/** Every route of app/routes.ts, nested children included, with its full path. */
export function appRoutes(): AppRoute[] {
  const routes: AppRoute[] = []
  const visit = (entries: readonly RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${parent.replace(/\/$/, '')}/${entry.path}` : parent || '/'
      routes.push({ id: routeId(entry), file: entry.file, path: full })
      if (entry.children) visit(entry.children, full)
    }
  }
  visit(config, '')
  return routes
}

function toRouteObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: routeId(entry), index: true }
      : {
          id: routeId(entry),
          path: entry.path,
          caseSensitive: entry.caseSensitive,
          children: entry.children ? toRouteObjects(entry.children) : undefined,
        },
  )
}

const routeObjects = toRouteObjects(config)
const routesById = new Map(appRoutes().map((route) => [route.id, route]))
const modules = new Map<string, Promise<RouteModule>>()

/** The route module of a file of app/routes.ts (imported once). */
export function routeModule(file: string): Promise<RouteModule> {
  let loaded = modules.get(file)
  if (!loaded) {
    loaded = import(/* @vite-ignore */ path.join(APP_DIRECTORY, file)) as Promise<RouteModule>
    modules.set(file, loaded)
  }
  return loaded
}

/** The route React Router picks for a URL, with its params (null when nothing matches). */
export function resolveUrl(
  url: string,
): { route: AppRoute; params: Record<string, string> } | null {
  const pathname = new URL(url, ORIGIN).pathname
  const matches = matchRoutes(routeObjects, pathname)
  const leaf = matches?.at(-1)
  if (!leaf) return null
  const route = routesById.get(leaf.route.id!)
  if (!route) return null
  return { route, params: leaf.params as Record<string, string> }
}

/** Concrete values for a pattern's params: enough to reach the handler, not a real resource. */
export function samplePath(
  pattern: string,
  value = '00000000-0000-4000-8000-000000000000',
): string {
  return pattern
    .split('/')
    .map((segment) =>
      segment === '*' ? 'fichier.webp' : segment.startsWith(':') ? value : segment,
    )
    .join('/')
}

export interface Call {
  url: string
  /** GET unless a body is given (then POST). */
  method?: string
  cookie?: string | null
  /**
   * The request's headers; without them, a write carries this site's Origin as a browser's
   * would (given headers replace that default: an attack may send no Origin at all).
   */
  headers?: Record<string, string>
  body?: BodyInit | null
}

export interface Answer {
  route: AppRoute
  status: number
  location: string | null
  headers: Headers
  /** The body as text: a Response's body, or the JSON of what the handler returned. */
  text: string
  /** Whether the route's loader or action ran (false when a middleware answered first). */
  reached: boolean
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'DataWithResponseInit'
  )
}

/**
 * A handler's outcome as the response React Router derives from it: a Response as is, `data()`
 * with its status and headers, any other value as 200 JSON, an unexpected thrown error as 500
 * (a page's with the stack in the body, so that the failure says where it came from).
 */
function toResponse(
  outcome: { value: unknown } | { thrown: unknown },
  module: RouteModule,
  handler: 'loader' | 'action',
): Response {
  const resource = !module.default
  const value = 'value' in outcome ? outcome.value : outcome.thrown
  if (value instanceof Response) return value
  // A resource route (no page) that throws `data()`: React Router answers its status with its
  // own English message, whatever the data (errorResponseToJson in its server runtime).
  if (resource && 'thrown' in outcome && isDataWithInit(value)) {
    return Response.json(
      { message: 'Unexpected Server Error' },
      { status: value.init?.status ?? 500 },
    )
  }
  if (isDataWithInit(value)) {
    const given = new Headers(value.init?.headers)
    const headers = resource || 'thrown' in outcome ? given : pageHeaders(module, handler, given)
    headers.set('Content-Type', 'application/json; charset=utf-8')
    const status = value.init?.status ?? ('thrown' in outcome ? 500 : 200)
    return new Response(JSON.stringify(value.data ?? null), { ...value.init, status, headers })
  }
  // An unexpected error: React Router answers a resource route's with its last resort (in
  // development mode, the error after it), handleError having logged it. The shape is copied
  // from returnLastResortErrorResponse in its server runtime: read it again on each upgrade of
  // React Router (ADR 060).
  if (resource && 'thrown' in outcome) {
    console.error(outcome.thrown)
    return new Response(`Unexpected Server Error\n\n${String(outcome.thrown)}`, {
      status: 500,
      headers: { 'Content-Type': 'text/plain' },
    })
  }
  if ('thrown' in outcome) {
    const error = outcome.thrown
    return new Response(error instanceof Error ? (error.stack ?? error.message) : String(error), {
      status: 500,
    })
  }
  return Response.json(value ?? null)
}

/**
 * The headers React Router sends for a page's `data()`: what the route's `headers` function
 * makes of them, or without one none but their cookies (getDocumentHeaders in its server
 * runtime, for documents and for scripts' data requests alike; this route being the only one,
 * its parents add nothing).
 */
function pageHeaders(module: RouteModule, handler: 'loader' | 'action', given: Headers): Headers {
  const empty = new Headers()
  const headers = new Headers(
    module.headers?.({
      loaderHeaders: handler === 'loader' ? given : empty,
      actionHeaders: handler === 'action' ? given : empty,
      parentHeaders: empty,
      errorHeaders: undefined,
    }) as HeadersInit | undefined,
  )
  for (const cookie of given.getSetCookie()) {
    if (!headers.getSetCookie().includes(cookie)) headers.append('Set-Cookie', cookie)
  }
  return headers
}

/** Requests a URL of the app through the root middleware and the matched route's handler. */
export async function callRoute(call: Call): Promise<Answer> {
  const resolved = resolveUrl(call.url)
  if (!resolved) throw new Error(`No route matches ${call.url}`)
  const { route, params } = resolved
  const method = (call.method ?? (call.body == null ? 'GET' : 'POST')).toUpperCase()
  const safe = method === 'GET' || method === 'HEAD'
  const headers = new Headers(call.headers ?? (safe ? {} : { origin: ORIGIN }))
  if (call.cookie) headers.set('cookie', call.cookie)
  const request = new Request(new URL(call.url, ORIGIN), {
    method,
    headers,
    body: safe ? undefined : call.body,
  })
  const module = await routeModule(route.file)
  const handler = safe ? module.loader : module.action
  const context = new RouterContextProvider()
  const args = { request, context, params, unstable_pattern: route.path }
  let reached = false
  const chain = [...rootMiddleware, ...(module.middleware ?? [])]
  const run = async (index: number): Promise<Response> => {
    const middleware = chain[index]
    if (middleware) return (await middleware(args as never, () => run(index + 1))) as Response
    // A route without an action refuses a POST (405); one without a loader renders its page.
    if (!handler) return new Response(null, { status: safe ? 200 : 405 })
    reached = true
    const kind = safe ? 'loader' : 'action'
    try {
      return toResponse({ value: await handler(args) }, module, kind)
    } catch (thrown) {
      return toResponse({ thrown }, module, kind)
    }
  }
  const response = await run(0)
  return {
    route,
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    text: await response.text(),
    reached,
  }
}

/** The flash toast an answer sets, decoded (React Router's signed cookie: base64 JSON). */
export function flashedToast(
  answer: Pick<Answer, 'headers'>,
): { type: string; message: string; description?: string } | null {
  const cookie = answer.headers
    .getSetCookie()
    .find((value) => value.startsWith('tremplin.toast=') && !/Max-Age=0/i.test(value))
  if (!cookie) return null
  const value = decodeURIComponent(cookie.slice('tremplin.toast='.length).split(';')[0]!)
  const payload = value.slice(0, value.lastIndexOf('.'))
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
    type: string
    message: string
    description?: string
  }
}

/** A multipart body from plain fields (repeated names as arrays). */
export function form(fields: Record<string, string | Blob | readonly (string | Blob)[]>): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item as string)
  }
  return body
}

let tableNames: Promise<string[]> | undefined

/**
 * Every table of the database with its row count and a hash of its rows, `except` some:
 * comparing two of these says whether a request wrote anything. One query for all tables.
 */
export async function databaseState(
  except: readonly string[] = [],
): Promise<Record<string, string>> {
  tableNames ??= db
    .execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'
          order by table_name`,
    )
    .then((result) => result.rows.map((row) => row.name))
  const names = (await tableNames).filter((name) => !except.includes(name))
  const query = names
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${name}" t`,
    )
    .join(' union all ')
  const result = await db.execute<{ name: string; rows: number; hash: string }>(sql.raw(query))
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.rows} rows, ${row.hash}`]))
}

/** Deletes the stored file of every image the database points at, and of `urls`. */
export async function removeStoredImages(urls: readonly string[] = []): Promise<void> {
  const stored = await db.execute<{ url: string | null }>(sql`
    select avatar as url from profiles union select banner_image from profiles
    union select image_url from posts`)
  await Promise.all(
    [...urls, ...stored.rows.map((row) => row.url)].map(async (url) => {
      const key = url ? getStorage().keyFromUrl(url) : null
      if (key)
        await getStorage()
          .remove(key)
          .catch(() => undefined)
    }),
  )
}
