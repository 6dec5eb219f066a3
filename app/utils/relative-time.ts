const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "à l’instant", with the typographic apostrophe. */
export const JUST_NOW = 'à l’instant'

/** How long ago `date` was, seen at `now`: 'il y a 5 min', 'il y a 3 j', 'il y a 2 ans' (spec §9). */
export function formatRelativeTime(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime()
  // Under a second, a future date (clock skew) or an invalid date (NaN fails the test) all read
  // as just now: 'il y a 0 sec' or a negative duration would only confuse.
  if (!(elapsed >= SECOND)) return JUST_NOW

  if (elapsed < MINUTE) return `il y a ${Math.floor(elapsed / SECOND)} sec`
  if (elapsed < HOUR) return `il y a ${Math.floor(elapsed / MINUTE)} min`
  if (elapsed < DAY) return `il y a ${Math.floor(elapsed / HOUR)} h`

  const days = Math.floor(elapsed / DAY)
  if (days < 30) return `il y a ${days} j`
  // Calendar-agnostic months and years: 30 and 365 days.
  const months = Math.floor(days / 30)
  if (months < 12) return `il y a ${months} mois`
  // 12 months is 360 days, five short of a 365-day year: those days still read '1 an'.
  const years = Math.max(1, Math.floor(days / 365))
  return years === 1 ? 'il y a 1 an' : `il y a ${years} ans`
}
