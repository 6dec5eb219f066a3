import type { MiddlewareFunction } from 'react-router'
import { safeRedirectPath } from '~/server/auth/session.server'
import { flashToast } from '~/server/toast.server'
import { UNEXPECTED_ERROR_MESSAGE } from '~/utils/unexpected-error'

/**
 * React Router's own answer when a resource route fails unexpectedly (the database gone in the
 * middle of a vote, say): 500, `text/plain` with no charset, « Unexpected Server Error »
 * (returnLastResortErrorResponse in its server runtime). The app's own text answers name their
 * charset, so this header is React Router's alone.
 */
function isLastResort(response: Response): boolean {
  return response.status === 500 && response.headers.get('Content-Type') === 'text/plain'
}

/**
 * A resource route's unexpected failure, told in French (React Router answers it in English,
 * after handleError has logged it). A form sent without scripts goes back to its page with the
 * message as a toast, as a refusal does; anything else (a script's request, an address opened)
 * gets the message as text, which a script reads as its own failure.
 */
export const lastResortMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const response = await next()
  if (!isLastResort(response)) return response
  const page = formPage(request)
  if (page) {
    await flashToast(context, { type: 'error', message: UNEXPECTED_ERROR_MESSAGE })
    return new Response(null, { status: 303, headers: { Location: page } })
  }
  return new Response(UNEXPECTED_ERROR_MESSAGE, {
    status: 500,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/** The page of this site a form was sent from by the browser itself, or null. */
function formPage(request: Request): string | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null
  if (request.headers.get('sec-fetch-mode') !== 'navigate') return null
  const referrer = URL.parse(request.headers.get('referer') ?? '')
  if (!referrer || referrer.origin !== new URL(request.url).origin) return null
  return safeRedirectPath(referrer.pathname + referrer.search)
}
