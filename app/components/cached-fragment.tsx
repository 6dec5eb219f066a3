import { createContext, use, useId, type ReactNode } from 'react'

/**
 * How the server's render of one document treats a cacheable fragment (ADR 022): a key seen
 * before gives the element that stands for its kept HTML; a new key gives the two elements that
 * mark where its children's HTML starts and ends.
 */
export interface FragmentRenderer {
  render(key: string, version: string): { cached: ReactNode } | { start: ReactNode; end: ReactNode }
}

/**
 * A fragment's key in two parts: which fragment (short: the cache looks it up), and the version
 * of its inputs (possibly long: only compared with the kept one's, which it replaces).
 */
export interface VersionedKey {
  key: string
  version: string
}

/** Set by entry.server.tsx for each document; absent in the browser. */
export const FragmentCacheContext = createContext<FragmentRenderer | null>(null)

/**
 * Children whose HTML is a function of `cacheKey` alone. The server renders them once per key
 * and reuses that HTML in later documents; the browser renders them as usual and hydrates the
 * reused HTML, which is byte for byte what it would have been (ADR 022). A `cacheKey` function
 * is only called on the server; fixed HTML takes a fixed string. A fragment whose inputs are long
 * (a post card's) gives them as the version of a short key (ADR 034). Children that render `useId`
 * values set `rendersIds`: those values follow the fragment's place in the page, which then
 * joins the key.
 */
export function CachedFragment({
  cacheKey,
  rendersIds = false,
  children,
}: {
  cacheKey: string | (() => string | VersionedKey)
  rendersIds?: boolean
  children: ReactNode
}) {
  const place = useId()
  const renderer = use(FragmentCacheContext)
  let fragment: ReturnType<FragmentRenderer['render']> | undefined
  if (renderer) {
    const made = typeof cacheKey === 'string' ? cacheKey : cacheKey()
    const { key, version } = typeof made === 'string' ? { key: made, version: '' } : made
    fragment = renderer.render(rendersIds ? `${place} ${key}` : key, version)
  }
  if (fragment && 'cached' in fragment) return fragment.cached
  // The children always sit between two places, markers on the server and nothing in the
  // browser: their tree position, and so their useId values, are the same on both sides.
  return (
    <>
      {fragment?.start}
      {children}
      {fragment?.end}
    </>
  )
}
