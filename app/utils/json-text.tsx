import { createContext, use, useMemo } from 'react'
import { useNonce } from '~/components/nonce'

declare const jsonTextOf: unique symbol

/**
 * A value as JSON text, typed by what it holds. A loader returns a long list this way so that
 * React Router's serializer (turbo-stream, written in JavaScript, value by value) carries one
 * string instead of every field of every item: the engine's own JSON.stringify and JSON.parse do
 * the rest, several times faster (ADR 024). Only for plain JSON values: no Date, Map or undefined
 * inside (undefined properties vanish, as they would in any JSON response).
 *
 * For a document, the text does not travel in React Router's data at all (ADR 033): the loader
 * data holds `#` and the id of a `<script type="application/json">` element at the end of the
 * body, which holds the text escaped once, where turbo-stream's string and React Router's
 * script would escape it twice.
 */
export type JsonText<T> = string & { readonly [jsonTextOf]: T }

const ELEMENT_ID_PREFIX = 'tremplin-json-'
// A JSON text never starts with '#'.
const REFERENCE = '#'

/**
 * The JSON texts that one document's loaders put in the page rather than in React Router's data
 * (ADR 033), with their values, which that document's render takes without parsing. Made per
 * document request by the server (app/server/document-json.server.ts), gone with it.
 */
export class DocumentJsonTexts {
  readonly #entries = new Map<string, { text: string; value: unknown }>()
  // The text of each item of a list made into JSON text for this document, for keys that hold
  // an item whole (the fragment cache's, ADR 022).
  readonly #itemTexts = new Map<object, string>()

  /** Keeps a text for the page; returns what the loader data holds in its place. */
  add(text: string, value: unknown): string {
    const id = `${ELEMENT_ID_PREFIX}${this.#entries.size}`
    this.#entries.set(id, { text, value })
    return `${REFERENCE}${id}`
  }

  /** Keeps the text an item of one of this document's lists was given. */
  keepItemText(item: object, text: string): void {
    this.#itemTexts.set(item, text)
  }

  /** The text kept for an item, if it was one. */
  itemText(item: object): string | undefined {
    return this.#itemTexts.get(item)
  }

  value(id: string): unknown {
    const entry = this.#entries.get(id)
    if (!entry) throw new Error(`Texte JSON inconnu pour ce document : ${id}`)
    return entry.value
  }

  /** Each text's element id and the text itself. */
  elements(): { id: string; text: string }[] {
    return Array.from(this.#entries, ([id, { text }]) => ({ id, text }))
  }
}

/** This document's texts in the server's render; null in the browser. */
export const DocumentJsonContext = createContext<DocumentJsonTexts | null>(null)

/**
 * The value as JSON text; for a document request (`inDocument` given), the reference to the text
 * that the page will hold.
 */
export function toJsonText<T>(value: T, inDocument?: DocumentJsonTexts | null): JsonText<T> {
  let text: string
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => {
      const itemText = JSON.stringify(item) ?? 'null'
      if (inDocument && typeof item === 'object' && item !== null) {
        inDocument.keepItemText(item, itemText)
      }
      return itemText
    })
    text = `[${items.join(',')}]`
  } else {
    text = JSON.stringify(value)
  }
  return (inDocument ? inDocument.add(text, value) : text) as JsonText<T>
}

/**
 * The value of a JSON text, or of a reference to the page's text: in the server's render, the
 * loader's value itself; in the browser, the parse of the element's content.
 */
export function parseJsonText<T>(text: JsonText<T>, inDocument?: DocumentJsonTexts | null): T {
  if (!text.startsWith(REFERENCE)) return JSON.parse(text) as T
  const id = text.slice(REFERENCE.length)
  if (inDocument) return inDocument.value(id) as T
  const element = typeof document === 'undefined' ? null : document.getElementById(id)
  if (!element?.textContent) throw new Error(`Données de la page introuvables : ${id}`)
  return JSON.parse(element.textContent) as T
}

/** The value of a loader's JSON text, parsed once per text (a revalidation brings a new one). */
export function useJsonText<T>(text: JsonText<T>): T {
  const inDocument = use(DocumentJsonContext)
  return useMemo(() => parseJsonText(text, inDocument), [text, inDocument])
}

/**
 * An object's JSON text if it was an item of a list made into JSON text for this document, else
 * made now. The texts are the document's, not a module's WeakMap keyed by the items: its values
 * would outlive every young-generation collection (ADR 037).
 */
export function jsonTextOfItem(item: object, inDocument: DocumentJsonTexts | null): string {
  return inDocument?.itemText(item) ?? JSON.stringify(item)
}

/**
 * The elements that hold this document's JSON texts, at the end of the body. Only the server
 * renders them; the browser's render has nothing there, and React leaves the body's extra
 * elements as they are when it hydrates.
 */
export function DocumentJsonScripts() {
  const inDocument = use(DocumentJsonContext)
  // Not run, but every script element of a page carries the nonce: one without it is injected.
  const nonce = useNonce()
  if (!inDocument) return null
  return inDocument.elements().map(({ id, text }) => (
    <script
      key={id}
      type="application/json"
      id={id}
      nonce={nonce}
      // `<` only appears inside JSON strings, where \u003c reads the same: no `</script>` or
      // `<!--` can end or change the element. (Most pages have none: no copy of the text then.)
      dangerouslySetInnerHTML={{
        __html: text.includes('<') ? text.replaceAll('<', '\\u003c') : text,
      }}
    />
  ))
}
