import { describe, expect, it } from 'vitest'

import { formatCount } from './format-count'

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1_000, '1\u00A0k'],
    [1_049, '1\u00A0k'],
    [1_050, '1,1\u00A0k'],
    [1_200, '1,2\u00A0k'],
    [1_249, '1,2\u00A0k'],
    [1_250, '1,3\u00A0k'],
    [9_949, '9,9\u00A0k'],
    [9_950, '10\u00A0k'],
    [9_999, '10\u00A0k'],
    [15_300, '15,3\u00A0k'],
    [100_000, '100\u00A0k'],
    [999_949, '999,9\u00A0k'],
    [999_950, '1\u00A0M'],
    [999_999, '1\u00A0M'],
    [1_000_000, '1\u00A0M'],
    [1_500_000, '1,5\u00A0M'],
    [1_250_000, '1,3\u00A0M'],
    [999_949_999, '999,9\u00A0M'],
    [999_950_000, '1\u00A0Md'],
    [2_345_678_901, '2,3\u00A0Md'],
    [-5, '0'],
    [12.7, '12'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
  ])('formats %d as %j', (n, expected) => {
    expect(formatCount(n)).toBe(expected)
  })

  it('separates number and unit with a no-break space (U+00A0), never a plain space', () => {
    const formatted = formatCount(1_200)
    expect(formatted.codePointAt(3)).toBe(0x00a0)
    expect(formatted).not.toContain(' ')
  })
})
