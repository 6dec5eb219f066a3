import { z } from 'zod'

/** 'exemple.fr' → 'https://exemple.fr'; an address with a scheme is left as typed. */
export function withScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
}

/**
 * A web address as people type it: trimmed, https:// added without a scheme, then only http(s)
 * with a dotted host name or an IP address (not 'localhost', not 'javascript:…'), normalised.
 */
export function webLinkSchema(message: string, max = 2000) {
  return (
    z
      .string()
      .trim()
      .max(max, `Le lien contient au plus ${max} caractères.`)
      .transform(withScheme)
      .pipe(z.url({ protocol: /^https?$/, error: message }))
      // Stored as the browser would write it: lower-case host, '/' for an empty path.
      .transform((url) => new URL(url).href)
      .pipe(z.string().refine((url) => /[.:]/.test(new URL(url).hostname), message))
  )
}
