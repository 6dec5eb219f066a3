import {
  getLinkPreview,
  isPostExternalUrl,
  normalizePreviewUrl,
  type LinkPreview,
} from '~/features/link-preview/link-preview.server'
import { clientAddressForLimits } from '~/server/auth/client-ip.server'
import { getCurrentSession } from '~/server/auth/session.server'
import {
  hitRateLimits,
  tooManyAttemptsMessage,
  RATE_LIMITS,
  retryAfterHeader,
} from '~/server/rate-limit.server'
import type { Route } from './+types/link-preview'

export type LinkPreviewResponse = { preview: LinkPreview | null } | { error: string }

/**
 * `GET /api/link-preview?url=…` → 200 `{ preview }`, null when there is nothing to show (a
 * failure is not an error for the card); 400 for a malformed URL, 429 past the rate limit.
 * A member may preview any URL (the composer); a visitor only a post's external link or what
 * the cache already holds, so this is no open fetch proxy.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('url')
  const url = normalizePreviewUrl(raw)
  if (!raw || !url) return json({ error: 'Adresse de lien invalide.' }, 400)

  const current = await getCurrentSession(context)
  let retryAfterSeconds = 0
  const preview = await getLinkPreview(url, {
    mayFetch: async () => {
      if (!current && !(await isPostExternalUrl(raw))) return false
      const limit = await hitRateLimits([
        {
          key: `link-preview:ip:${clientAddressForLimits(request)}`,
          rule: RATE_LIMITS.linkPreviewPerIp,
        },
        ...(current
          ? [
              {
                key: `link-preview:account:${current.user.id}`,
                rule: RATE_LIMITS.linkPreviewPerMember,
              },
            ]
          : []),
      ])
      retryAfterSeconds = limit.allowed ? 0 : limit.retryAfterSeconds
      return limit.allowed
    },
  })
  // A stale cached preview is still worth showing to a client over its limit.
  if (!preview && retryAfterSeconds > 0) {
    return json(
      { error: tooManyAttemptsMessage(retryAfterSeconds) },
      429,
      retryAfterHeader(retryAfterSeconds),
    )
  }
  return json({ preview }, 200, {
    'Cache-Control': preview ? 'private, max-age=300' : 'no-store',
  })
}

function json(body: LinkPreviewResponse, status: number, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}
