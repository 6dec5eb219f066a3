/** The initials shown in place of a missing picture: 'Chloé Girard' → 'CG', two letters at most. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
}
