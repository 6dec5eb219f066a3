import { describe, expect, it } from 'vitest'
import { fromParisLocalInput, parisParts, toParisLocalInput, type ParisParts } from './paris-time'
import { mulberry32 } from './random'

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

  it.each([
    '',
    '2026-02-30T10:00',
    '2026-12-04 18:30',
    '2026-12-04T24:00',
    'demain',
    '0026-12-04T18:30',
  ])('refuses %j', (value) => {
    expect(fromParisLocalInput(value)).toBeUndefined()
  })

  it('round-trips with toParisLocalInput', () => {
    const date = new Date('2027-01-15T08:45:00Z')
    expect(toParisLocalInput(date)).toBe('2027-01-15T09:45')
    expect(fromParisLocalInput(toParisLocalInput(date))).toEqual(date)
  })
})

describe('parisParts', () => {
  const intl = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  })
  const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
  function intlParts(date: Date): ParisParts {
    const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
    for (const { type, value } of intl.formatToParts(date)) part[type] = value
    return {
      year: Number(part.year),
      month: Number(part.month),
      day: Number(part.day),
      weekday: WEEKDAYS.indexOf(part.weekday ?? ''),
      hour: Number(part.hour),
      minute: Number(part.minute),
    }
  }

  it('agrees with ICU’s time zone data around every change of clocks from 1996 to 2100', () => {
    // Each day in March and October: the changes, and the Sundays they skip.
    for (let year = 1996; year <= 2100; year++) {
      for (const month of [2, 9]) {
        for (let day = 20; day <= 31; day++) {
          for (const minutes of [0, 59, 60, 61, 119, 120, 121, 179, 180]) {
            const date = new Date(Date.UTC(year, month, day, 0, minutes))
            const at = date.toISOString()
            expect({ at, ...parisParts(date) }).toEqual({ at, ...intlParts(date) })
          }
        }
      }
    }
  })

  it.each([
    ['1996 to 2100, the EU rule', 1996, 2100],
    ['1900 to 1996, ICU’s own data', 1900, 1996],
  ])('agrees with ICU’s time zone data on instants drawn from %s', (_label, fromYear, toYear) => {
    const random = mulberry32(fromYear)
    const from = Date.UTC(fromYear, 0, 1)
    const to = Date.UTC(toYear, 0, 1)
    for (let draw = 0; draw < 5_000; draw++) {
      const date = new Date(from + random() * (to - from))
      const at = date.toISOString()
      expect({ at, ...parisParts(date) }).toEqual({ at, ...intlParts(date) })
    }
  })

  it('throws a RangeError on an invalid date, as Intl does', () => {
    expect(() => parisParts(new Date(Number.NaN))).toThrow(RangeError)
  })
})
