import { describe, expect, it } from 'vitest'
import { withoutNul } from './text'

describe('withoutNul', () => {
  it('removes every U+0000 and keeps everything else', () => {
    expect(withoutNul('a\u0000b\u0000')).toBe('ab')
    expect(withoutNul('\u202Etexte\u200B\n')).toBe('\u202Etexte\u200B\n')
  })
})
