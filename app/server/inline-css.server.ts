import fs from 'node:fs'

// Built stylesheets, read once: href → text (null when there is no such built file, as in
// development and tests, where Vite serves the CSS).
const stylesheets = new Map<string, string | null>()

function builtStylesheet(href: string): string | null {
  if (!stylesheets.has(href)) {
    let text: string | null = null
    if (/^\/assets\/[\w.-]+\.css$/.test(href)) {
      // This module is bundled into build/server/index.js; the client build is its sibling.
      const file = new URL(`../client${href}`, import.meta.url)
      text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null
    }
    stylesheets.set(href, text)
  }
  return stylesheets.get(href) ?? null
}

/**
 * Puts the page's stylesheets into the document (ADR 017): the first paint then waits for the
 * HTML alone, not for a stylesheet competing with the scripts for a phone's bandwidth. Each
 * `<link rel="stylesheet">` stays, for React's hydration and later navigations, with
 * `media="print"`: fetched without blocking rendering, never applied.
 */
export function inlineStylesheets(
  html: Buffer<ArrayBuffer>,
  hrefs: string[],
  nonce: string,
): Buffer<ArrayBuffer> {
  let page = html
  for (const href of hrefs) {
    const css = builtStylesheet(href)
    if (css === null || css.includes('</style')) continue
    const at = page.indexOf(`href="${href}"`)
    const start = at < 0 ? -1 : page.lastIndexOf('<link', at)
    if (start < 0) continue
    const end = page.indexOf('>', at) + 1
    const link = page.subarray(start, end).toString().replace('<link', '<link media="print"')
    page = Buffer.concat([
      page.subarray(0, start),
      Buffer.from(`<style nonce="${nonce}">${css}</style>${link}`),
      page.subarray(end),
    ])
  }
  return page
}
