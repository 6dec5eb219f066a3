// ADR 057. React Router's <Scripts> announces every module of the page with
// `<link rel="modulepreload">`, which React puts in the head and Chrome fetches at high priority,
// with the document and ahead of its images and fonts. None of them is needed for the first
// paint: the HTML with its styles is the page, the modules make it interactive. Each such link
// is marked `fetchpriority="low"`: still fetched at once and in parallel, compiled before the
// page's script imports it, but after what the page shows.
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"')
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"')
const HEAD_END = Buffer.from('</head>')

/** The rendered document with its head's module preloads at low priority. */
export function lowerModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  // Searched in the head alone: the body, several times longer, holds none.
  const head = html.subarray(0, Math.max(html.indexOf(HEAD_END), 0))
  const insertions: number[] = []
  for (let at = head.indexOf(MODULE_PRELOAD); at >= 0; at = head.indexOf(MODULE_PRELOAD, at + 1)) {
    insertions.push(at + MODULE_PRELOAD.length)
  }
  if (insertions.length === 0) return html
  const lowered = Buffer.allocUnsafe(html.byteLength + insertions.length * LOW_PRIORITY.byteLength)
  let written = 0
  let from = 0
  for (const at of insertions) {
    written += html.copy(lowered, written, from, at)
    written += LOW_PRIORITY.copy(lowered, written)
    from = at
  }
  html.copy(lowered, written, from)
  return lowered
}
