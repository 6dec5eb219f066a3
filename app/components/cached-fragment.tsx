import { createContext, use, type ReactNode } from 'react'

/** How the server's render of one document treats a cacheable fragment (ADR 022). */
export interface FragmentRenderer {
  render(key: string, children: ReactNode): ReactNode
}

/** Set by entry.server.tsx for each document; absent in the browser. */
export const FragmentCacheContext = createContext<FragmentRenderer | null>(null)

/**
 * Children whose HTML is a function of `cacheKey` alone. The server renders them once per key
 * and reuses that HTML in later documents; the browser renders them as usual and hydrates the
 * reused HTML, which is byte for byte what it would have been (ADR 022). `cacheKey` is only
 * computed on the server.
 */
export function CachedFragment({
  cacheKey,
  children,
}: {
  cacheKey: () => string
  children: ReactNode
}) {
  const renderer = use(FragmentCacheContext)
  return renderer ? renderer.render(cacheKey(), children) : children
}
