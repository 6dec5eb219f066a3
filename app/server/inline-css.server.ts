import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { appCookie } from './app-cookie.server'

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
function inlineStylesheets(
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

/**
 * Set when a document carried the stylesheets inline (ADR 021): the browser then fetched them
 * through their print link and keeps them (immutable assets), so its next documents link them
 * instead of carrying them again. Its value names the build's stylesheets: a new build's CSS is
 * inlined once more. The same value for everyone: nothing to sign, nothing that identifies.
 */
export const STYLESHEETS_COOKIE = 'tremplin.css'

const heldStylesheetsCookie = appCookie(STYLESHEETS_COOKIE, {
  path: '/',
  maxAge: 365 * 24 * 60 * 60,
})

// The cookie value for a page's stylesheets, computed once per list (one per build in practice).
const stylesheetKeys = new Map<string, string | null>()

function stylesheetsKey(hrefs: readonly string[]): string | null {
  const names = hrefs.join('\n')
  let key = stylesheetKeys.get(names)
  if (key === undefined) {
    key =
      hrefs.length === 0 || hrefs.some((href) => builtStylesheet(href) === null)
        ? null
        : createHash('sha256').update(names).digest('base64url').slice(0, 16)
    stylesheetKeys.set(names, key)
  }
  return key
}

/**
 * A rendered document as it is sent: its stylesheets inline for a browser that may not hold
 * them yet, with the cookie that says it will; linked as React rendered them for a browser whose
 * cookie names this build's stylesheets.
 */
export async function styleDocument(input: {
  html: Buffer<ArrayBuffer>
  hrefs: string[]
  nonce: string
  cookieHeader: string | null
}): Promise<{ page: Buffer<ArrayBuffer>; setCookie: string | null }> {
  const key = stylesheetsKey(input.hrefs)
  const cookie = heldStylesheetsCookie()
  if (key === null || (await cookie.parse(input.cookieHeader)) === key) {
    return { page: input.html, setCookie: null }
  }
  return {
    page: inlineStylesheets(input.html, input.hrefs, input.nonce),
    setCookie: await cookie.serialize(key),
  }
}
