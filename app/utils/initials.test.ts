import { describe, expect, it } from 'vitest'
import { initials } from './initials'

describe('initials', () => {
  it.each([
    ['Chloé Girard', 'CG'],
    ['  élodie   de la Fontaine ', 'ÉD'],
    ['Awa', 'A'],
    ['', ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })
})
