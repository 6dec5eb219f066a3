import { makeSignature } from 'better-auth/crypto'
import { describe, expect, it } from 'vitest'
import { verifiedToken } from './signed-token.server'

const SECRET = 'a-secret-for-this-test-only-0123456789'

describe('verifiedToken', () => {
  it('gives the token of a value Better Auth signed with the secret', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345'
    const value = `${token}.${await makeSignature(token, SECRET)}`
    expect(verifiedToken(value, SECRET)).toBe(token)
  })

  it('refuses another token, another secret, a cut signature or no signature', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345'
    const signature = await makeSignature(token, SECRET)
    expect(verifiedToken(`${token}x.${signature}`, SECRET)).toBeNull()
    expect(verifiedToken(`${token}.${signature}`, `${SECRET}!`)).toBeNull()
    expect(verifiedToken(`${token}.${signature.slice(0, -2)}`, SECRET)).toBeNull()
    expect(verifiedToken(token, SECRET)).toBeNull()
    expect(verifiedToken(`.${signature}`, SECRET)).toBeNull()
  })

  it('still refuses a forged value, or another secret, once the good value has been checked', async () => {
    const token = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa987654'
    const signature = await makeSignature(token, SECRET)
    const value = `${token}.${signature}`
    expect(verifiedToken(value, SECRET)).toBe(token)
    expect(verifiedToken(value, SECRET)).toBe(token)
    expect(verifiedToken(value, `${SECRET}!`)).toBeNull()
    const forged = `${token}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    expect(verifiedToken(forged, SECRET)).toBeNull()
    expect(verifiedToken(`${token}x.${signature}`, SECRET)).toBeNull()
  })
})
