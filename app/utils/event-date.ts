import { FRENCH_MONTHS, FRENCH_WEEKDAYS } from './french-date'
import { parisParts, twoDigits } from './paris-time'

/** An event's date in Paris time: 'vendredi 4 décembre 2026 à 18h30', '1er mai', '18h' on the hour. */
export function formatEventDate(date: Date): string {
  // Throws a RangeError on an invalid date, as Intl did.
  const p = parisParts(date)
  // French writes the first day of a month as an ordinal.
  const day = p.day === 1 ? '1er' : String(p.day)
  const minutes = p.minute === 0 ? '' : twoDigits(p.minute)
  return `${FRENCH_WEEKDAYS[p.weekday]} ${day} ${FRENCH_MONTHS[p.month - 1]} ${p.year} à ${p.hour}h${minutes}`
}
