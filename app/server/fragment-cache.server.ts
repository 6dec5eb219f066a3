import { createElement, type ReactNode } from 'react'
import { LRUCache } from 'lru-cache'
import type { FragmentRenderer } from '~/components/cached-fragment'

// ADR 022. Markers written by the render and removed from the document before it is sent:
// `h` a cached fragment to put in, `s`…`e` a fragment rendered now, to keep. The tag cannot
// come from content: React escapes every `<` of text and attribute values.
const TAG = 'tremplin-fragment'
const OPEN = Buffer.from(`<${TAG} data-f="`)
const CLOSE = Buffer.from(`"></${TAG}>`)
const PENDING_BOUNDARY = Buffer.from('<!--$?-->')

interface KeptFragment {
  version: string
  html: Buffer
}

/**
 * Fragments' HTML by key, shared by every document this process renders (≈ 4 KB a card): the
 * last version rendered of each. Keys are short, so that a lookup hashes little (ADR 034).
 */
const cache = new LRUCache<string, KeptFragment>({
  maxSize: 24 * 1024 * 1024,
  sizeCalculation: (kept, key) => kept.html.byteLength + (key.length + kept.version.length) * 2,
})

/**
 * A copy in memory of its own: the cache keeps neither the whole document's buffer alive nor, as
 * `Buffer.from` would, a slice of Node's shared pool (64 KB in Node 24, 8 KB in Node 20), which every card of
 * 4 KB would then keep whole for as long as it is cached.
 */
function ownCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.byteLength)
  copy.set(bytes)
  return copy
}

function marker(kind: 'h' | 's' | 'e', index: number): ReactNode {
  return createElement(TAG, { 'data-f': `${kind}${index}` })
}

export interface DocumentFragments {
  /** Given to the render through FragmentCacheContext. */
  renderer: FragmentRenderer
  /** The rendered document with cached fragments put in, new ones kept, markers removed. */
  splice(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer>
}

/** One document's use of the fragment cache. */
export function documentFragments(): DocumentFragments {
  const hits: Buffer[] = []
  const misses: { key: string; version: string }[] = []
  return {
    renderer: {
      render(key, version) {
        const kept = cache.get(key)
        if (kept && kept.version === version) {
          return { cached: marker('h', hits.push(kept.html) - 1) }
        }
        const index = misses.push({ key, version }) - 1
        return { start: marker('s', index), end: marker('e', index) }
      },
    },
    splice(html) {
      if (hits.length === 0 && misses.length === 0) return html
      const pieces: Buffer[] = []
      let from = 0
      let newFragmentStart = -1
      for (let at = html.indexOf(OPEN); at >= 0; at = html.indexOf(OPEN, from)) {
        const valueStart = at + OPEN.length
        const valueEnd = html.indexOf(CLOSE, valueStart)
        if (valueEnd < 0) break
        const kind = html[valueStart]
        const index = Number(html.toString('latin1', valueStart + 1, valueEnd))
        pieces.push(html.subarray(from, at))
        from = valueEnd + CLOSE.length
        if (kind === 0x68 /* h */) {
          pieces.push(hits[index]!)
        } else if (kind === 0x73 /* s */) {
          newFragmentStart = from
        } else if (newFragmentStart >= 0) {
          const fragment = html.subarray(newFragmentStart, at)
          // A Suspense boundary React wrote apart (outlined) has its content later in the
          // document, outside the markers: such a fragment is not whole, and is not kept.
          if (fragment.indexOf(PENDING_BOUNDARY) < 0) {
            const { key, version } = misses[index]!
            cache.set(key, { version, html: ownCopy(fragment) })
          }
          newFragmentStart = -1
        }
      }
      pieces.push(html.subarray(from))
      return Buffer.concat(pieces)
    },
  }
}

/** The bytes of HTML kept, and the memory they hold (tests). */
export function fragmentCacheMemory(): { html: number; held: number } {
  const buffers = new Set<ArrayBufferLike>()
  let html = 0
  for (const kept of cache.values()) {
    html += kept.html.byteLength
    buffers.add(kept.html.buffer)
  }
  let held = 0
  for (const buffer of buffers) held += buffer.byteLength
  return { html, held }
}

/** Empties the cache (tests). */
export function clearFragmentCache(): void {
  cache.clear()
}
