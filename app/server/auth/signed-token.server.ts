import { createHmac, timingSafeEqual } from 'node:crypto'

/** The token of a cookie value `token.signature` if Better Auth signed it, else null. */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const encoded = value.slice(dot + 1)
  // Better Auth's own check: a base64 SHA-256 HMAC is 44 characters, the last one '='.
  if (encoded.length !== 44 || !encoded.endsWith('=')) return null
  const signature = Buffer.from(encoded, 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null
}
