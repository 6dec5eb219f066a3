import { parisParts, twoDigits } from './paris-time'

export const FRENCH_WEEKDAYS = [
  'dimanche',
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
] as const

export const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const

/**
 * A date written out in Paris time, for a `<time>`'s title: 'jeudi 26 novembre 2026 à 14:05',
 * what Intl's fr-FR `dateStyle: 'full', timeStyle: 'short'` writes, without Intl (ADR 049).
 */
export function formatFullDate(date: Date): string {
  const p = parisParts(date)
  return `${FRENCH_WEEKDAYS[p.weekday]} ${p.day} ${FRENCH_MONTHS[p.month - 1]} ${p.year} à ${twoDigits(p.hour)}:${twoDigits(p.minute)}`
}

/** The month and year in Paris time: 'novembre 2026'. */
export function formatMonthYear(date: Date): string {
  const p = parisParts(date)
  return `${FRENCH_MONTHS[p.month - 1]} ${p.year}`
}
