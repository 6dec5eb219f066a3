// The explicit time zone makes the output the same on the server and in any visitor's browser.
const parts = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** An event's date in Paris time: 'vendredi 4 décembre 2026 à 18h30', '1er mai', '18h' on the hour. */
export function formatEventDate(date: Date): string {
  // Throws a RangeError on an invalid date, as Intl does.
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const { type, value } of parts.formatToParts(date)) part[type] = value
  // French writes the first day of a month as an ordinal.
  const day = part.day === '1' ? '1er' : part.day
  const minutes = part.minute === '00' ? '' : part.minute
  return `${part.weekday} ${day} ${part.month} ${part.year} à ${part.hour}h${minutes}`
}
