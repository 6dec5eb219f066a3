import { redirect } from 'react-router'
import { getAuth } from '~/server/auth/auth.server'
import type { Route } from './+types/auth'

/**
 * Better Auth's own endpoints that a browser reaches: the links of the confirmation and reset
 * emails (the first leads to the page that confirms, ADR 062, which ignores the link's
 * `callbackURL`). Everything else a member does with their account goes through Tremplin's own
 * forms, which call Better Auth in the process with the app's rate limits and clean-up around it
 * (the account deletion's counters and files, the sign-in's per-account limit): the same
 * endpoints over HTTP would skip them, so they answer 404 (ADR 005).
 */
function reachableByMailLink(request: Request): boolean {
  const { pathname } = new URL(request.url)
  return (
    request.method === 'GET' &&
    (pathname === '/api/auth/verify-email' || /^\/api\/auth\/reset-password\/[^/]+$/.test(pathname))
  )
}

const notServed = () =>
  new Response('Page non trouvée', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })

export function loader({ request }: Route.LoaderArgs) {
  if (!reachableByMailLink(request)) return notServed()
  const url = new URL(request.url)
  // Opening a confirmation link confirms nothing: mail scanners open every link of a mail they
  // let in. Its page's button does (ADR 062).
  if (url.pathname === '/api/auth/verify-email') {
    const token = url.searchParams.get('token') ?? ''
    return redirect(`/auth?type=confirmation&token=${encodeURIComponent(token)}`)
  }
  return getAuth().handler(request)
}

export function action() {
  return notServed()
}
