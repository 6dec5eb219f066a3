// A request server.ts refuses before the application reads it (a body too large or of unknown
// size, a write from another site) is answered there, without the app's pages. A browser gets a
// page in French that says what to do (a form sent without scripts lands on it); any other
// client gets the sentence as text.
import { createHash } from 'node:crypto'
import { IMAGE_MAX_BYTES } from '~/features/posts/post.schema'

export interface Refusal {
  status: number
  /** The sentence every client gets. */
  message: string
}

const STYLE =
  'body{font:1.0625rem/1.6 system-ui,sans-serif;max-width:36rem;margin:0 auto;padding:4rem 1.25rem;color:#1c1917;background:#fff}' +
  'h1{font-size:1.375rem;line-height:1.3;margin:0 0 1rem}' +
  'a{color:#1d4ed8;text-underline-offset:.2em}a:focus-visible{outline:3px solid #1d4ed8;outline-offset:3px}'

// Nothing of the request is written in the page: its one style is allowed by its hash.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** What the member can do next, by refusal. */
const NEXT_STEP: Record<number, string> = {
  // The body is not read, so nothing of what was typed can be given back: the member is told so.
  413:
    'Rien n’a été publié ni enregistré : ce qui a été saisi n’a pas pu être lu. Une image ne ' +
    `doit pas dépasser ${IMAGE_MAX_BYTES / (1024 * 1024)} Mo : revenez à la page précédente ` +
    'avec le bouton Retour de votre navigateur, puis choisissez-en une plus légère.',
}

/** True when the client reads pages (a browser's navigation asks for text/html). */
export function wantsPage(accept: string | undefined): boolean {
  return /\btext\/html\b/.test(accept ?? '')
}

/** The refusal as a page: its headers and its HTML. */
export function refusalPage({ status, message }: Refusal): {
  headers: Record<string, string>
  body: string
} {
  const heading = status === 413 ? 'Envoi trop volumineux' : 'Envoi refusé'
  const nextStep = NEXT_STEP[status]
  const body = [
    '<!doctype html>',
    '<html lang="fr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${heading} · Tremplin</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${heading}</h1>`,
    `<p>${message}</p>`,
    nextStep ? `<p>${nextStep}</p>` : '',
    '<p><a href="/">Revenir à l’accueil de Tremplin</a></p>',
    '</main>',
    '</body>',
    '</html>',
  ].join('')
  return {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'Cache-Control': 'no-store',
    },
    body,
  }
}
