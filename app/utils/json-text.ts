import { useMemo } from 'react'

declare const jsonTextOf: unique symbol

/**
 * A value as JSON text, typed by what it holds. A loader returns a long list this way so that
 * React Router's serializer (turbo-stream, written in JavaScript, value by value) carries one
 * string instead of every field of every item: the engine's own JSON.stringify and JSON.parse do
 * the rest, several times faster (ADR 024). Only for plain JSON values: no Date, Map or undefined
 * inside (undefined properties vanish, as they would in any JSON response).
 */
export type JsonText<T> = string & { readonly [jsonTextOf]: T }

// On the server, the page's render receives the loader's text back: the values of the last
// texts made here, so that it needs no parse, and the text of each object of a list, for
// keys that hold an item whole (the fragment cache's, ADR 022). Loaders run on the server only,
// so the browser's copy of this module stays empty and parses. A value is handed over once, to
// the render that reads it: kept longer, every page's posts would outlive the young generation's
// collections and wait for a full one (ADR 031).
const RECENT_TEXTS = 64
const recentValues = new Map<string, unknown>()
const itemTexts = new WeakMap<object, string>()

export function toJsonText<T>(value: T): JsonText<T> {
  let text: string
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => {
      const itemText = JSON.stringify(item) ?? 'null'
      if (typeof item === 'object' && item !== null) itemTexts.set(item, itemText)
      return itemText
    })
    text = `[${items.join(',')}]`
  } else {
    text = JSON.stringify(value)
  }
  recentValues.set(text, value)
  if (recentValues.size > RECENT_TEXTS) recentValues.delete(recentValues.keys().next().value!)
  return text as JsonText<T>
}

export function parseJsonText<T>(text: JsonText<T>): T {
  const made = recentValues.get(text) as T | undefined
  if (made === undefined) return JSON.parse(text) as T
  recentValues.delete(text)
  return made
}

/** The value of a loader's JSON text, parsed once per text (a revalidation brings a new one). */
export function useJsonText<T>(text: JsonText<T>): T {
  return useMemo(() => parseJsonText(text), [text])
}

/** An object's JSON text if it was an item of a list made into JSON text here, else made now. */
export function jsonTextOfItem(item: object): string {
  return itemTexts.get(item) ?? JSON.stringify(item)
}
