import { groupThousands } from './format-count'

/** An event's price in euros ('15 €', '9,99 €'), or null when there is nothing to show (spec §9). */
export function formatEventPrice(price: number | null | undefined): string | null {
  if (price === null || price === undefined || !Number.isFinite(price)) return null
  // Decide on the rounded cents, so 15.001 reads '15 €' and 0.001 (shown as '0 €') is hidden.
  const cents = Math.round(price * 100)
  if (cents <= 0) return null
  // What Intl's fr-FR currency format writes, without Intl (ADR 049): '1 500 €', '9,99 €'.
  const euros = groupThousands(String(Math.floor(cents / 100)))
  const rest = cents % 100
  return rest === 0 ? `${euros}\u00A0€` : `${euros},${String(rest).padStart(2, '0')}\u00A0€`
}
