// C0 and C1 controls, zero-width characters and bidirectional overrides: invisible, and used
// to disguise text. Line breaks and tabs are kept where a field is multi-line.
const INVISIBLE =
  // oxlint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g

/** The text as stored: invisible characters removed, lines normalised, trimmed. */
export function sanitizeText(value: string, { multiline = false } = {}): string {
  const visible = value.replaceAll('\r\n', '\n').replaceAll('\r', '\n').replaceAll(INVISIBLE, '')
  const text = multiline
    ? visible.replaceAll(/[ \t]+\n/g, '\n').replaceAll(/\n{3,}/g, '\n\n')
    : visible.replaceAll(/\s+/g, ' ')
  return text.trim()
}
