import { describe, expect, it } from 'vitest'

import { formatRelativeTime } from './relative-time'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const now = new Date('2026-06-15T12:00:00.000Z')

describe('formatRelativeTime', () => {
  it.each([
    ['0 ms', 0, 'à l’instant'],
    ['999 ms', 999, 'à l’instant'],
    ['1 s', SECOND, 'il y a 1 sec'],
    ['59 s', 59 * SECOND, 'il y a 59 sec'],
    ['59.999 s', MINUTE - 1, 'il y a 59 sec'],
    ['60 s', MINUTE, 'il y a 1 min'],
    ['59 min', 59 * MINUTE, 'il y a 59 min'],
    ['59 min 59 s', HOUR - SECOND, 'il y a 59 min'],
    ['60 min', HOUR, 'il y a 1 h'],
    ['23 h', 23 * HOUR, 'il y a 23 h'],
    ['23 h 59 min', DAY - MINUTE, 'il y a 23 h'],
    ['24 h', DAY, 'il y a 1 j'],
    ['29 j', 29 * DAY, 'il y a 29 j'],
    ['29 j 23 h', 30 * DAY - HOUR, 'il y a 29 j'],
    ['30 j', 30 * DAY, 'il y a 1 mois'],
    ['59 j', 59 * DAY, 'il y a 1 mois'],
    ['60 j', 60 * DAY, 'il y a 2 mois'],
    ['11 mois (330 j)', 330 * DAY, 'il y a 11 mois'],
    ['359 j', 359 * DAY, 'il y a 11 mois'],
    ['12 mois (360 j)', 360 * DAY, 'il y a 1 an'],
    ['365 j', 365 * DAY, 'il y a 1 an'],
    ['729 j', 729 * DAY, 'il y a 1 an'],
    ['730 j', 730 * DAY, 'il y a 2 ans'],
    ['10 ans', 3_650 * DAY, 'il y a 10 ans'],
  ])('reads %s ago as %j', (_label, elapsed, expected) => {
    expect(formatRelativeTime(new Date(now.getTime() - elapsed), now)).toBe(expected)
  })

  it.each([
    ['one second ahead', new Date(now.getTime() + SECOND)],
    ['a day ahead', new Date(now.getTime() + DAY)],
    ['an invalid date', new Date(Number.NaN)],
  ])('reads a date %s (clock skew) as just now', (_label, date) => {
    expect(formatRelativeTime(date, now)).toBe('à l’instant')
  })
})
