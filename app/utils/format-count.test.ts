import { describe, expect, it } from 'vitest'

import { formatCount, formatNumber } from './format-count'
import { mulberry32 } from './random'

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

describe('formatNumber', () => {
  const intl = new Intl.NumberFormat('fr-FR')

  it.each([
    [0, '0'],
    [999, '999'],
    [5_000, '5\u202F000'],
    [1_234_567, '1\u202F234\u202F567'],
    [-12_345, '-12\u202F345'],
  ])('writes %d as %j', (n, expected) => {
    expect(formatNumber(n)).toBe(expected)
  })

  it('writes whole numbers as Intl’s fr-FR format does, without it (ADR 049)', () => {
    const random = mulberry32(49)
    const samples = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 100, 1_000, 999_999]
    for (let digits = 1; digits <= 15; digits++) {
      for (let draw = 0; draw < 20; draw++) samples.push(Math.floor(random() * 10 ** digits))
    }
    for (const n of samples) expect(formatNumber(n)).toBe(intl.format(n))
  })

  it('leaves any other number to Intl', () => {
    expect(formatNumber(1234.5)).toBe(intl.format(1234.5))
    expect(formatNumber(Number.NaN)).toBe(intl.format(Number.NaN))
    expect(formatNumber(-0)).toBe(intl.format(-0))
  })
})
