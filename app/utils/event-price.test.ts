import { describe, expect, it } from 'vitest'

import { formatEventPrice } from './event-price'
import { mulberry32 } from './random'

// Intl's fr-FR output: U+00A0 (no-break space) before '€', U+202F (narrow no-break space) between
// thousands.
describe('formatEventPrice', () => {
  it.each([
    [15, '15\u00A0€'],
    [9.99, '9,99\u00A0€'],
    [9.5, '9,50\u00A0€'],
    [0.01, '0,01\u00A0€'],
    [0.5, '0,50\u00A0€'],
    [1, '1\u00A0€'],
    [15.001, '15\u00A0€'],
    [14.999, '15\u00A0€'],
    [1_234.5, '1\u202F234,50\u00A0€'],
    [1_500, '1\u202F500\u00A0€'],
  ])('formats %d as %j', (price, expected) => {
    expect(formatEventPrice(price)).toBe(expected)
  })

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['0', 0],
    ['-0', -0],
    ['a negative price', -5],
    ['a price rounding to 0 cents', 0.004],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('hides %s', (_label, price) => {
    expect(formatEventPrice(price)).toBeNull()
  })

  it('writes every price the database holds as Intl’s fr-FR currency format does (ADR 049)', () => {
    const withCents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
    const whole = new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    })
    // numeric(10, 2): up to 99 999 999,99 €. Seeded: a failure can be replayed.
    const random = mulberry32(49)
    const samples = [0.01, 0.1, 1, 10.05, 999.99, 1_000, 99_999_999.99]
    for (let digits = 1; digits <= 10; digits++) {
      for (let draw = 0; draw < 30; draw++) samples.push(Math.ceil(random() * 10 ** digits) / 100)
    }
    for (const price of samples) {
      const cents = Math.round(price * 100)
      const expected = cents % 100 === 0 ? whole.format(cents / 100) : withCents.format(cents / 100)
      expect(formatEventPrice(price)).toBe(expected)
    }
  })
})
