import { lazy } from './lazy'

/**
 * Paris time computed here rather than by Intl: the first Intl object a page makes is costly in
 * the browser, and the dates of the cards and comments were the only Intl use of their
 * hydration (ADR 049). France has followed the EU rule since 1996 (Directive 2000/84/EC): UTC+1,
 * and UTC+2 from the last Sunday of March to the last Sunday of October, both at 01:00 UTC.
 * Earlier dates, whose rules changed often, are left to ICU's data. The tests check both
 * against ICU at every change of clocks up to 2100.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** 01:00 UTC on the last Sunday of a month (0-based), when France changes its clocks. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0))
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
}

const EU_RULE_FROM = Date.UTC(1996, 0, 1)

const offsetFormat = lazy(
  () => new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' }),
)

/** Paris's offset before 1996, from ICU's data: 'GMT+01:00', 'GMT+00:09:21', 'GMT'. */
function historicOffset(time: number): number {
  const name = offsetFormat()
    .formatToParts(time)
    .find((part) => part.type === 'timeZoneName')?.value
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name ?? '')
  if (!match) return 0
  const [, sign, hours, minutes, seconds = '0'] = match
  const offset = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000
  return sign === '-' ? -offset : offset
}

/** Paris's offset from UTC at an instant, in milliseconds. */
function parisOffset(time: number): number {
  if (time < EU_RULE_FROM) return historicOffset(time)
  const year = new Date(time).getUTCFullYear()
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9)
  return summer ? 2 * HOUR : HOUR
}

export interface ParisParts {
  year: number
  /** 1 to 12. */
  month: number
  day: number
  /** 0 for Sunday to 6 for Saturday. */
  weekday: number
  hour: number
  minute: number
}

/** The calendar date and wall-clock time in Paris at `date`; a RangeError for an invalid date. */
export function parisParts(date: Date): ParisParts {
  const time = date.getTime()
  if (Number.isNaN(time)) throw new RangeError('Invalid time value')
  const wall = new Date(time + parisOffset(time))
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  }
}

/** '05' for 5: the two digits of a time's part. */
export const twoDigits = (value: number) => String(value).padStart(2, '0')

/** 'YYYY-MM-DDTHH:mm' as a `datetime-local` field shows `date` in Paris time. */
export function toParisLocalInput(date: Date): string {
  const p = parisParts(date)
  return `${p.year}-${twoDigits(p.month)}-${twoDigits(p.day)}T${twoDigits(p.hour)}:${twoDigits(p.minute)}`
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/**
 * The instant a `datetime-local` value means in Paris ('2026-12-04T18:30' → 17:30 UTC in
 * winter). Undefined when the text is not such a value, or names a year before 1000 (a year
 * typed with two digits, which Date.UTC would read as 19xx). In the autumn overlap the earlier
 * instant wins; a time skipped in spring moves forward an hour, as clocks do.
 */
export function fromParisLocalInput(value: string): Date | undefined {
  const match = LOCAL_PATTERN.exec(value)
  if (!match) return undefined
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  if (year < 1000) return undefined
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const check = new Date(asUtc)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) {
    return undefined
  }
  // Paris is UTC+1 or UTC+2: try both offsets, keep the one that reads back as typed.
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(asUtc - offsetHours * HOUR)
    if (toParisLocalInput(candidate) === value) return candidate
  }
  return new Date(asUtc - HOUR)
}
