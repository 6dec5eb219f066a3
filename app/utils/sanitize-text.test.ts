import { describe, expect, it } from 'vitest'
import { sanitizeLongText, sanitizeText } from './sanitize-text'

describe('sanitizeText', () => {
  it.each([
    ['  Levée   de\tfonds ', 'Levée de fonds'],
    ['Start\u200Bup', 'Startup'],
    ['\u202Egnp.exe', 'gnp.exe'],
    ['\u200B', ''],
    ['\u200D \u200C', ''],
    // A joiner elsewhere than in an emoji hides a difference: a name, an address.
    ['Awa\u200C Diallo', 'Awa Diallo'],
    ['exa\u200Dmple.fr', 'example.fr'],
    ['🚀\u200D', '🚀'],
    // A joiner inside the text is part of what it writes: the emoji stays whole.
    ['Développeuse 👩‍💻', 'Développeuse 👩‍💻'],
  ])('%j → %j', (value, stored) => {
    expect(sanitizeText(value)).toBe(stored)
  })

  it('keeps at most one blank line in a multi-line field, line breaks counted once', () => {
    expect(sanitizeText('Un\r\n\r\n\r\nDeux  \r\nTrois', { multiline: true })).toBe(
      'Un\n\nDeux\nTrois',
    )
  })
})

describe('the time the cleaning takes', () => {
  // A pattern with a quantified run before an anchor or a line break takes time in the square
  // of such a run's length: a form of a few megabytes would hold the server for hours. Counted
  // in steps, not timed: each call runs in time proportional to its text.
  it.each([
    ['spaces', ' '],
    ['tabs', '\t'],
    ['joiners', '\u200D'],
    ['non-joiners', '\u200C'],
  ])('is linear in a long run of %s inside a text', (_name, run) => {
    const text = `a${run.repeat(200_000)}a`
    for (const clean of [
      () => sanitizeText(text),
      () => sanitizeText(text, { multiline: true }),
      () => sanitizeLongText(text),
    ]) {
      const started = performance.now()
      clean()
      // A quadratic pattern needs minutes here; a linear one, milliseconds.
      expect(performance.now() - started).toBeLessThan(2_000)
    }
  })
})

describe('a multi-line text’s trailing spaces', () => {
  it('are spaces and tabs only: a line of no-break spaces stays', () => {
    expect(sanitizeText('a  \t\n\u00A0\n\u00A0\nb', { multiline: true })).toBe(
      'a\n\u00A0\n\u00A0\nb',
    )
  })
})

describe('sanitizeLongText', () => {
  it('counts each line break once, as the browser’s field does', () => {
    expect(sanitizeLongText('Un\r\nDeux\rTrois\n')).toBe('Un\nDeux\nTrois')
  })

  it('keeps the author’s blank lines, spaces and emoji', () => {
    const text = 'Bonjour,\n\n\n  Voici   le plan 👨‍👩‍👧 :\n- un\n- deux'
    expect(sanitizeLongText(text)).toBe(text)
  })

  it('removes invisible characters, and is empty when nothing else is there', () => {
    expect(sanitizeLongText('Ré\u200Bunion\u2066 ')).toBe('Réunion')
    expect(sanitizeLongText('\u200B\u200D\r\n\uFEFF')).toBe('')
  })
})
