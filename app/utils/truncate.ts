import { lazy } from './lazy'

/** Title length shown on a post card before it is cut (spec §2, §9). */
export const TITLE_MAX = 100
/** Content length shown on a post card before 'Voir plus' (spec §2, §9). */
export const CONTENT_MAX = 200

/** Appended to a cut text: one character, the horizontal ellipsis. */
export const ELLIPSIS = '…'

// How far back from the cut we look for a space before giving up and cutting mid-word.
const WORD_BOUNDARY_WINDOW = 20

const graphemes = lazy(() => new Intl.Segmenter('fr', { granularity: 'grapheme' }))
const WHITESPACE = /^\s+$/u
// Trailing whitespace and punctuation that would dangle before '…' (',', ':', '-', '(', '«').
// Closing brackets and quotes (Pe, Pf) are kept: 'Bonjour (monde)…' reads better than '(monde…'.
const TRAILING = /[\s\p{Po}\p{Pd}\p{Ps}\p{Pi}\p{Pc}]+$/u
// Latin letters, digits, spaces and common punctuation that no combining character follows:
// each is one user-perceived character, so French text needs no (costly) segmentation.
const SINGLE_UNIT_GRAPHEMES = /^[\t\n\u0020-\u007E\u00A0-\u024F\u2010-\u2027\u2030-\u205E\u20AC]*$/

/** The first `max` user-perceived characters of `text`, and the one after them if any. */
function firstGraphemes(text: string, max: number): { kept: string[]; next: string | undefined } {
  // The characters that decide the cut, and one more (a combining mark would join the next).
  const window = text.slice(0, max + 2)
  if (SINGLE_UNIT_GRAPHEMES.test(window)) {
    return { kept: Array.from(window.slice(0, max)), next: window[max] }
  }
  const kept: string[] = []
  for (const { segment } of graphemes().segment(text)) {
    if (kept.length === max) return { kept, next: segment }
    kept.push(segment)
  }
  return { kept, next: undefined }
}

/**
 * Cuts `text` to at most `max` user-perceived characters (emoji and accents are never split),
 * preferring a word boundary, and appends '…'. The ellipsis comes on top of the `max` characters.
 */
export function truncateText(text: string, max: number): { text: string; truncated: boolean } {
  // No more UTF-16 units than `max`: no more characters either.
  if (text.length <= max) return { text, truncated: false }
  const { kept, next } = firstGraphemes(text, max)
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
