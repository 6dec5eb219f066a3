const PARIS = 'Europe/Paris'

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

function parisParts(date: Date) {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const { type, value } of partsFormatter.formatToParts(date)) part[type] = value
  return part as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>
}

/** 'YYYY-MM-DDTHH:mm' as a `datetime-local` field shows `date` in Paris time. */
export function toParisLocalInput(date: Date): string {
  const p = parisParts(date)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/**
 * The instant a `datetime-local` value means in Paris ('2026-12-04T18:30' → 17:30 UTC in
 * winter). Undefined when the text is not such a value. In the autumn overlap the earlier
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
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const check = new Date(asUtc)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) {
    return undefined
  }
  // Paris is UTC+1 or UTC+2: try both offsets, keep the one that reads back as typed.
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000)
    if (toParisLocalInput(candidate) === value) return candidate
  }
  return new Date(asUtc - 3_600_000)
}
