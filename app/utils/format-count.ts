import { lazy } from './lazy'

/** No-break space between the number and its unit, so '1,2 k' never wraps. */
export const COUNT_UNIT_SEPARATOR = '\u00A0'

// Smallest first: each unit hands over to the next once rounding would reach 1000.
const UNITS = [
  { size: 1_000, symbol: 'k' },
  { size: 1_000_000, symbol: 'M' },
  { size: 1_000_000_000, symbol: 'Md' },
] as const

/** A count as shown on a post card: '999', '1 k', '1,2 k', '15,3 k', '1,5 M' (French compact form). */
export function formatCount(n: number): string {
  // Negative, NaN or infinite counts are not expected; show them as 0 rather than garbage.
  const count = Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0
  if (count < 1_000) return String(count)

  for (const [index, unit] of UNITS.entries()) {
    // Round half up to one decimal (1250 → 1,3 k; 1249 → 1,2 k). Math.round rounds .5 up for
    // positive numbers, and count / (size / 10) is exact at the halves for integer counts.
    const tenths = Math.round(count / (unit.size / 10))
    // 999 950 would read '1000 k': hand over to the next unit instead ('1 M').
    if (tenths >= 10_000 && index < UNITS.length - 1) continue
    const whole = Math.floor(tenths / 10)
    const decimal = tenths % 10
    const number = decimal === 0 ? String(whole) : `${whole},${decimal}`
    return `${number}${COUNT_UNIT_SEPARATOR}${unit.symbol}`
  }
  return String(count) // unreachable: the last unit always returns
}

/** Narrow no-break space, as French (and Intl's fr-FR) groups thousands: '5 000'. */
export const THOUSANDS_SEPARATOR = '\u202F'

/** A run of digits grouped by thousands: '1234567' → '1 234 567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, THOUSANDS_SEPARATOR)
}

const numberFormat = lazy(() => new Intl.NumberFormat('fr-FR'))

/**
 * A number written out in full, as French writes it: '5 000'. Whole numbers, the only ones the
 * screens show, are written here without Intl (ADR 049); any other goes through Intl.
 */
export function formatNumber(n: number): string {
  // -0 too: Intl writes '-0'.
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return numberFormat().format(n)
  return n < 0 ? `-${groupThousands(String(-n))}` : groupThousands(String(n))
}
