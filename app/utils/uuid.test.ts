import { describe, expect, it } from 'vitest'
import { isUuid } from './uuid'

describe('isUuid', () => {
  it('accepts a row id, in either case', () => {
    expect(isUuid('0b0e7c1e-3f7a-4c2b-9a51-2d4f6e8a1b3c')).toBe(true)
    expect(isUuid('0B0E7C1E-3F7A-4C2B-9A51-2D4F6E8A1B3C')).toBe(true)
  })

  it('refuses anything else, so that it is not found rather than a database error', () => {
    expect(isUuid('')).toBe(false)
    expect(isUuid('mon-article')).toBe(false)
    expect(isUuid('0b0e7c1e-3f7a-4c2b-9a51-2d4f6e8a1b3c ')).toBe(false)
    expect(isUuid("0b0e7c1e-3f7a-4c2b-9a51-2d4f6e8a1b3'; --")).toBe(false)
  })
})
