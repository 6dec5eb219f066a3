import { z } from 'zod'

const SCHEME = /^[a-z][a-z0-9+.-]*:/i
/** A dotted host name and its port, typed without a scheme: 'monsite.fr:8080/page'. */
const HOST_AND_PORT = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d*(?:[/?#]|$)/i

/**
 * 'exemple.fr' → 'https://exemple.fr', and 'monsite.fr:8080' → 'https://monsite.fr:8080'
 * (which the URL standard would read as the scheme 'monsite.fr'); an address with a scheme
 * ('http:', 'mailto:', 'javascript:') is left as typed.
 */
export function withScheme(value: string): string {
  return SCHEME.test(value) && !HOST_AND_PORT.test(value) ? value : `https://${value}`
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
      .pipe(
        z
          .string()
          .refine((url) => /[.:]/.test(new URL(url).hostname), message)
          // As stored, each accented or non-Latin letter is written as 6 to 12 characters.
          .max(
            max,
            `Le lien contient au plus ${max} caractères une fois encodé (une lettre accentuée en compte 6).`,
          ),
      )
  )
}
