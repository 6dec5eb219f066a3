/** Title length shown on a post card before it is cut (spec §2, §9). */
export const TITLE_MAX = 100
/** Content length shown on a post card before 'Voir plus' (spec §2, §9). */
export const CONTENT_MAX = 200

/** Appended to a cut text: one character, the horizontal ellipsis. */
export const ELLIPSIS = '…'

// How far back from the cut we look for a space before giving up and cutting mid-word.
const WORD_BOUNDARY_WINDOW = 20

const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' })
const WHITESPACE = /^\s+$/u
// Trailing whitespace and punctuation that would dangle before '…' (',', ':', '-', '(', '«').
// Closing brackets and quotes (Pe, Pf) are kept: 'Bonjour (monde)…' reads better than '(monde…'.
const TRAILING = /[\s\p{Po}\p{Pd}\p{Ps}\p{Pi}\p{Pc}]+$/u

/**
 * Cuts `text` to at most `max` user-perceived characters (emoji and accents are never split),
 * preferring a word boundary, and appends '…'. The ellipsis comes on top of the `max` characters.
 */
export function truncateText(text: string, max: number): { text: string; truncated: boolean } {
  const kept: string[] = []
  let next: string | undefined
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length === max) {
      next = segment
      break
    }
    kept.push(segment)
  }
  if (next === undefined) return { text, truncated: false }

  let end = kept.length
  // Unless the cut already falls on a space, back up to the last space in the window, if any.
  if (!WHITESPACE.test(next)) {
    const floor = Math.max(1, kept.length - WORD_BOUNDARY_WINDOW)
    for (let index = kept.length - 1; index >= floor; index--) {
      if (WHITESPACE.test(kept[index] ?? '')) {
        end = index
        break
      }
    }
  }
  const cut = kept.slice(0, end).join('')
  // Punctuation-only prefixes would vanish entirely: keep the raw cut rather than a bare '…'.
  const trimmed = cut.replace(TRAILING, '') || cut
  return { text: `${trimmed}${ELLIPSIS}`, truncated: true }
}
