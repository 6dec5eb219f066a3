const withCents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })
const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
})

/** An event's price in euros ('15 €', '9,99 €'), or null when there is nothing to show (spec §9). */
export function formatEventPrice(price: number | null | undefined): string | null {
  if (price === null || price === undefined || !Number.isFinite(price)) return null
  // Decide on the rounded cents, so 15.001 reads '15 €' and 0.001 (shown as '0 €') is hidden.
  const cents = Math.round(price * 100)
  if (cents <= 0) return null
  return cents % 100 === 0 ? wholeEuros.format(cents / 100) : withCents.format(cents / 100)
}
