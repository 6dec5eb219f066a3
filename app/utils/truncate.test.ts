import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { CONTENT_MAX, TITLE_MAX, truncateText } from './truncate'

describe('truncateText', () => {
  it('exports the display limits of spec §9', () => {
    expect([TITLE_MAX, CONTENT_MAX]).toEqual([100, 200])
  })

  it.each([
    ['empty text', '', 5, ''],
    ['shorter than max', 'abc', 5, 'abc'],
    ['exactly max', 'abcde', 5, 'abcde'],
    ['exactly max with trailing space kept', 'abcd ', 5, 'abcd '],
    ['exactly max of emoji', '👍👍👍', 3, '👍👍👍'],
    ['exactly max of family emoji (ZWJ sequences)', '👨‍👩‍👧👨‍👩‍👧', 2, '👨‍👩‍👧👨‍👩‍👧'],
    ['exactly max of decomposed accents', 'e\u0301te\u0301', 3, 'e\u0301te\u0301'],
    ['exactly TITLE_MAX', 'a'.repeat(TITLE_MAX), TITLE_MAX, 'a'.repeat(TITLE_MAX)],
  ])('leaves %s untouched', (_label, text, max, expected) => {
    expect(truncateText(text, max)).toEqual({ text: expected, truncated: false })
  })

  it.each([
    ['max + 1, one word', 'abcdef', 5, 'abcde…'],
    ['max + 1 ending on a space', 'abcde f', 5, 'abcde…'],
    ['cut falling just after a space', 'abcd ef', 5, 'abcd…'],
    ['cut mid-word, backs up to the space', 'Bonjour le monde entier', 12, 'Bonjour le…'],
    ['cut on a space before the next word', 'Bonjour le monde', 10, 'Bonjour le…'],
    ['trailing comma removed', 'Bonjour, le monde', 9, 'Bonjour…'],
    ['trailing dash and colon removed', 'Note : - suite du texte', 9, 'Note…'],
    ['opening bracket removed', 'Voici (un exemple)', 8, 'Voici…'],
    ['closing bracket kept', 'Voir (ici) et là', 11, 'Voir (ici)…'],
    ['opening guillemet removed', 'Il dit « bonjour »', 10, 'Il dit…'],
    ['punctuation only keeps the raw cut', '!!!!!!', 3, '!!!…'],
    ['emoji right at the boundary kept whole', 'abcd👍🏽ef', 5, 'abcd👍🏽…'],
    ['emoji just after the boundary dropped whole', 'abcde👍🏽f', 5, 'abcde…'],
    ['ZWJ family emoji never split', 'ab👨‍👩‍👧cd', 3, 'ab👨‍👩‍👧…'],
    ['flag never split', 'ab🇫🇷🇫🇷', 3, 'ab🇫🇷…'],
    ['precomposed accents', 'Épée éclatée', 4, 'Épée…'],
    ['decomposed accent never split', 'cafe\u0301s', 4, 'cafe\u0301…'],
    ['long word with no space cut hard', 'a'.repeat(150), TITLE_MAX, `${'a'.repeat(TITLE_MAX)}…`],
    [
      'space just inside the 20-character window',
      `${'a'.repeat(80)} ${'b'.repeat(30)}`,
      TITLE_MAX,
      `${'a'.repeat(80)}…`,
    ],
    [
      'space just outside the 20-character window: cut mid-word',
      `${'a'.repeat(79)} ${'b'.repeat(30)}`,
      TITLE_MAX,
      `${'a'.repeat(79)} ${'b'.repeat(20)}…`,
    ],
    ['newline counts as a word boundary', 'Première ligne\nseconde', 17, 'Première ligne…'],
    ['leading space is not a boundary', ' abcdef', 4, ' abc…'],
  ])('cuts %s', (_label, text, max, expected) => {
    expect(truncateText(text, max)).toEqual({ text: expected, truncated: true })
  })
})

describe('truncateText on Latin text (cut without segmenting)', () => {
  const segmenter = new Intl.Segmenter('fr', { granularity: 'grapheme' })
  /** The cut as graphemes decide it: what the fast path must agree with. */
  function byGraphemes(text: string, max: number) {
    const parts = Array.from(segmenter.segment(text), ({ segment }) => segment)
    return parts.length <= max
  }

  it('agrees with grapheme segmentation, accents and combining marks included', () => {
    const characters = fc.constantFrom(
      ...'aeéèêàçôùÿ Œœ’«»…–—,.;:!?()-\n\t0123456789ZzÀÉ',
      '\u0301', // a combining acute accent: joins the character before it
      '👍',
      '👨\u200d👩\u200d👧',
    )
    fc.assert(
      fc.property(
        fc.array(characters, { maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (list, max) => {
          const text = list.join('')
          const result = truncateText(text, max)
          expect(result.truncated).toBe(!byGraphemes(text, max))
          // Never a split character: every grapheme of the kept text is one of the original's.
          const kept = result.text.replace(/…$/, '')
          expect(text.startsWith(kept)).toBe(true)
          const keptGraphemes = Array.from(segmenter.segment(kept), ({ segment }) => segment)
          const originalGraphemes = Array.from(segmenter.segment(text), ({ segment }) => segment)
          expect(keptGraphemes.length).toBeLessThanOrEqual(max)
          expect(originalGraphemes.slice(0, keptGraphemes.length - 1)).toEqual(
            keptGraphemes.slice(0, -1),
          )
        },
      ),
      { numRuns: 500 },
    )
  })
})
