import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. Nothing is merged away: a component offers a variant for each look a caller
 * needs instead of letting the caller override its classes (tailwind-merge weighed 12.5 KB gzip
 * on every page; ADR 015).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
