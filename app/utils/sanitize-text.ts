// C0 and C1 controls, zero-width spaces and marks and bidirectional overrides: invisible, and
// used to disguise text. Line breaks and tabs are kept where a field is multi-line; the
// zero-width joiners (U+200C, U+200D) too, inside the text: emoji such as 👩‍💻 and some scripts
// are written with them.
const INVISIBLE =
  // oxlint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g

// Spaces and joiners at either end: a joiner joins nothing there.
const EDGES = /^[\s\u200C\u200D]+|[\s\u200C\u200D]+$/g

/** Line breaks as a textarea has them: a browser sends each one as CR LF with its form. */
function normaliseLineBreaks(value: string): string {
  return value.replaceAll('\r\n', '\n').replaceAll('\r', '\n')
}

/** The text as stored: invisible characters removed, lines normalised, trimmed. */
export function sanitizeText(value: string, { multiline = false } = {}): string {
  const visible = normaliseLineBreaks(value).replaceAll(INVISIBLE, '')
  const text = multiline
    ? visible.replaceAll(/[ \t]+\n/g, '\n').replaceAll(/\n{3,}/g, '\n\n')
    : visible.replaceAll(/\s+/g, ' ')
  return text.replaceAll(EDGES, '')
}

/**
 * A long text as stored (a post's content, a comment, a message): invisible characters
 * removed, line breaks counted once as in the browser's field, trimmed; its blank lines and
 * spaces are the author's.
 */
export function sanitizeLongText(value: string): string {
  return normaliseLineBreaks(value).replaceAll(INVISIBLE, '').replaceAll(EDGES, '')
}
