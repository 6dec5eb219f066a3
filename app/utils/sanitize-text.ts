// C0 and C1 controls, zero-width characters and bidirectional overrides: invisible, and used
// to disguise text (`Awa\u200C Diallo` reads as `Awa Diallo`, `exa\u200Dmple.fr` as a known
// address). Line breaks and tabs are kept where a field is multi-line.
const INVISIBLE =
  // oxlint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g

// The zero-width joiner, but for the one that writes an emoji such as 👩‍💻 (between a pictograph,
// its skin tone or its presentation selector, and the next pictograph). Fixed-length
// lookarounds: linear in the text's length, whatever it holds.
const STRAY_JOINER =
  /\u200D(?!\p{Extended_Pictographic})|(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D/gu

/** Line breaks as a textarea has them: a browser sends each one as CR LF with its form. */
function normaliseLineBreaks(value: string): string {
  return value.replaceAll('\r\n', '\n').replaceAll('\r', '\n')
}

function visible(value: string): string {
  return normaliseLineBreaks(value).replaceAll(INVISIBLE, '').replaceAll(STRAY_JOINER, '')
}

/**
 * A line without its trailing spaces and tabs (a no-break space is kept: some write blank
 * lines with it). A loop, not a pattern such as /[ \t]+\n/ or /[ \t]+$/, which a long run of
 * spaces followed by something else would make quadratic.
 */
function withoutTrailingSpaces(line: string): string {
  let end = line.length
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1
  return line.slice(0, end)
}

/** The text as stored: invisible characters removed, lines normalised, trimmed. */
export function sanitizeText(value: string, { multiline = false } = {}): string {
  const text = visible(value)
  if (!multiline) return text.replaceAll(/\s+/g, ' ').trim()
  return text
    .split('\n')
    .map(withoutTrailingSpaces)
    .join('\n')
    .replaceAll(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * A long text as stored (a post's content, a comment, a message): invisible characters
 * removed, line breaks counted once as in the browser's field, trimmed; its blank lines and
 * spaces are the author's.
 */
export function sanitizeLongText(value: string): string {
  return visible(value).trim()
}
