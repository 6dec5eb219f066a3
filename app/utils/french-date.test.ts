import { describe, expect, it } from 'vitest'

import { formatFullDate, formatMonthYear } from './french-date'
import { mulberry32 } from './random'

// Instants from 2000 to 2060 (seeded: a failure can be replayed), and both sides of a change
// of clocks.
function sampleDates(): Date[] {
  const random = mulberry32(49)
  const from = Date.UTC(2000, 0, 1)
  const to = Date.UTC(2060, 0, 1)
  const dates = Array.from({ length: 2_000 }, () => new Date(from + random() * (to - from)))
  for (const iso of ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-10-25T00:59:59Z']) {
    dates.push(new Date(iso))
  }
  return dates
}

describe('formatFullDate', () => {
  it('writes a date in Paris time as Intl’s fr-FR full date and short time do (ADR 049)', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'Europe/Paris',
    })
    for (const date of sampleDates()) expect(formatFullDate(date)).toBe(intl.format(date))
  })

  it('reads « jeudi 26 novembre 2026 à 14:05 »', () => {
    expect(formatFullDate(new Date('2026-11-26T13:05:00Z'))).toBe('jeudi 26 novembre 2026 à 14:05')
  })
})

describe('formatMonthYear', () => {
  it('writes the month and year in Paris time as Intl’s fr-FR does', () => {
    const intl = new Intl.DateTimeFormat('fr-FR', {
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    })
    for (const date of sampleDates()) expect(formatMonthYear(date)).toBe(intl.format(date))
    // New Year's Eve at 23:30 UTC is already January in Paris.
    expect(formatMonthYear(new Date('2026-12-31T23:30:00Z'))).toBe('janvier 2027')
  })
})
