import { createHmac, timingSafeEqual } from 'node:crypto'
import { LRUCache } from 'lru-cache'

// Values whose signature was found good, with the secret that signed them. A member's requests
// carry the same cookie, and in a busy server an HMAC costs 15–60 µs (cold caches; 3 µs in a
// loop): 2 % of a signed-in feed page's CPU (docs/performance.md). Only good signatures are
// kept, so a forged value is checked, and refused, every time. 10,000 values ≈ 2 MB.
const verified = new LRUCache<string, { secret: string; token: string }>({ max: 10_000 })

/** The token of a cookie value `token.signature` if Better Auth signed it, else null. */
export function verifiedToken(value: string, secret: string): string | null {
  const kept = verified.get(value)
  if (kept && kept.secret === secret) return kept.token
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const encoded = value.slice(dot + 1)
  // Better Auth's own check: a base64 SHA-256 HMAC is 44 characters, the last one '='.
  if (encoded.length !== 44 || !encoded.endsWith('=')) return null
  const signature = Buffer.from(encoded, 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null
  verified.set(value, { secret, token })
  return token
}
