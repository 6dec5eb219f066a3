import type { MiddlewareFunction } from 'react-router'
import { getEnv } from './env.server'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * True when a state-changing request may come from another site: its Origin is neither this
 * server's nor PUBLIC_URL's, or the browser says it is cross-site. Browsers send Origin on
 * every POST; a request with neither header is not a browser's and carries no victim's intent.
 */
export function isCrossOriginWrite(request: Request): boolean {
  return isCrossOriginWriteOf({
    method: request.method,
    origin: request.headers.get('origin'),
    secFetchSite: request.headers.get('sec-fetch-site'),
    ownOrigin: new URL(request.url).origin,
  })
}

/** The same rule on plain values, for server.ts (which sees node:http requests). */
export function isCrossOriginWriteOf(input: {
  method: string
  origin: string | null | undefined
  secFetchSite: string | null | undefined
  ownOrigin: string
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false
  if (input.origin) {
    return input.origin !== input.ownOrigin && input.origin !== new URL(getEnv().PUBLIC_URL).origin
  }
  const site = input.secFetchSite
  return site != null && site !== 'same-origin' && site !== 'none'
}

export const CROSS_ORIGIN_MESSAGE = 'Requête refusée : origine non autorisée.'

/** Refuses cross-origin writes to every action and resource route of the app. */
export const originMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (isCrossOriginWrite(request)) {
    return new Response(CROSS_ORIGIN_MESSAGE, {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  return next()
}
