import { randomBytes } from 'node:crypto'
import { getEnv } from './env.server'

const NONCE_BYTES = 18
// Random bytes drawn 256 nonces at a time (one call to the system's generator instead of one
// per page, as crypto.randomUUID does); each byte serves one nonce only.
let noncePool = Buffer.alloc(0)
let nonceOffset = 0

/** A fresh random nonce (144 bits, base64) for one HTML response's scripts. */
export function createNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256)
    nonceOffset = 0
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES)
  nonceOffset += NONCE_BYTES
  return nonce
}

function isHttps(): boolean {
  return new URL(getEnv().PUBLIC_URL).protocol === 'https:'
}

/**
 * The Content-Security-Policy of an HTML page: scripts only with this response's nonce (and
 * what they load), no plugins, no <base>, no framing; images from anywhere over https (link
 * previews, video thumbnails, an S3 bucket), the video player from YouTube's no-cookie domain.
 * Inline styles stay allowed: Radix and the toasts position elements with them.
 */
export function contentSecurityPolicy(nonce: string): string {
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    'frame-src https://www.youtube-nocookie.com',
    "worker-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...(isHttps() ? ['upgrade-insecure-requests'] : []),
  ]
  return directives.join('; ')
}

/** Headers every response carries, static files included (set by server.ts). */
export function baseSecurityHeaders(): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(getEnv().NODE_ENV === 'production' && isHttps()
      ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' }
      : {}),
  }
}

/**
 * An HTML page's own headers: its CSP (not in development, where Vite injects scripts) and,
 * for a signed-in member, no caching anywhere (the page holds their data).
 */
export function setDocumentHeaders(
  headers: Headers,
  input: { nonce: string; signedIn: boolean },
): void {
  if (getEnv().NODE_ENV !== 'development') {
    headers.set('Content-Security-Policy', contentSecurityPolicy(input.nonce))
  }
  if (input.signedIn) headers.set('Cache-Control', 'private, no-store')
}
