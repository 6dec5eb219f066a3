import { describe, expect, it } from 'vitest'
import { createNonce } from './security-headers.server'

describe('createNonce', () => {
  it('gives a different 144-bit base64 nonce to every page, past the pool it draws from', () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce())
    expect(new Set(nonces).size).toBe(1000)
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/)
  })
})
