/**
 * The text without U+0000. PostgreSQL cannot store it in a text column (the statement fails,
 * which would be a 500), and no person types it: it comes from a broken client or an attack.
 * Schemas apply it to free text before their own checks (`.overwrite(withoutNul)`).
 */
export function withoutNul(value: string): string {
  return value.replaceAll('\u0000', '')
}
