import { describe, expect, it } from 'vitest'
import { fromParisLocalInput, toParisLocalInput } from './paris-time'

describe('fromParisLocalInput', () => {
  it.each([
    ['2026-12-04T18:30', '2026-12-04T17:30:00.000Z'],
    ['2026-07-14T09:00', '2026-07-14T07:00:00.000Z'],
    // The autumn overlap: 02:30 happens twice; the first (summer time) wins.
    ['2026-10-25T02:30', '2026-10-25T00:30:00.000Z'],
    // The spring gap: 02:30 does not exist; clocks read 03:30.
    ['2026-03-29T02:30', '2026-03-29T01:30:00.000Z'],
  ])('%s in Paris is %s', (local, iso) => {
    expect(fromParisLocalInput(local)?.toISOString()).toBe(iso)
  })

  it.each(['', '2026-02-30T10:00', '2026-12-04 18:30', '2026-12-04T24:00', 'demain'])(
    'refuses %j',
    (value) => {
      expect(fromParisLocalInput(value)).toBeUndefined()
    },
  )

  it('round-trips with toParisLocalInput', () => {
    const date = new Date('2027-01-15T08:45:00Z')
    expect(toParisLocalInput(date)).toBe('2027-01-15T09:45')
    expect(fromParisLocalInput(toParisLocalInput(date))).toEqual(date)
  })
})
