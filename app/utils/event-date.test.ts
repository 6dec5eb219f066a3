import { afterEach, describe, expect, it } from 'vitest'

import { formatEventDate } from './event-date'

const machineTimeZone = process.env.TZ

describe('formatEventDate', () => {
  afterEach(() => {
    if (machineTimeZone === undefined) delete process.env.TZ
    else process.env.TZ = machineTimeZone
  })

  it.each([
    ['winter time (UTC+1)', '2026-12-04T17:30:00Z', 'vendredi 4 décembre 2026 à 18h30'],
    ['summer time (UTC+2), on the hour', '2026-07-14T16:00:00Z', 'mardi 14 juillet 2026 à 18h'],
    ['single-digit minutes', '2026-12-03T08:05:00Z', 'jeudi 3 décembre 2026 à 9h05'],
    ['midnight in Paris', '2026-12-03T23:00:00Z', 'vendredi 4 décembre 2026 à 0h'],
    ['first of the month', '2026-05-01T08:00:00Z', 'vendredi 1er mai 2026 à 10h'],
    ['next year in Paris', '2026-12-31T23:30:00Z', 'vendredi 1er janvier 2027 à 0h30'],
    ['the 11th is not ordinal', '2026-11-11T10:00:00Z', 'mercredi 11 novembre 2026 à 11h'],
    ['just before spring forward', '2026-03-29T00:59:00Z', 'dimanche 29 mars 2026 à 1h59'],
    ['just after spring forward', '2026-03-29T01:00:00Z', 'dimanche 29 mars 2026 à 3h'],
    ['last minute of summer time', '2026-10-25T00:59:00Z', 'dimanche 25 octobre 2026 à 2h59'],
    ['first minute of winter time', '2026-10-25T01:00:00Z', 'dimanche 25 octobre 2026 à 2h'],
  ])('formats %s', (_label, instant, expected) => {
    expect(formatEventDate(new Date(instant))).toBe(expected)
  })

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo'])(
    'gives Paris time whatever the machine time zone (%s)',
    (timeZone) => {
      process.env.TZ = timeZone
      expect(formatEventDate(new Date('2026-12-04T17:30:00Z'))).toBe(
        'vendredi 4 décembre 2026 à 18h30',
      )
    },
  )

  it('throws on an invalid date', () => {
    expect(() => formatEventDate(new Date(Number.NaN))).toThrow(RangeError)
  })
})
