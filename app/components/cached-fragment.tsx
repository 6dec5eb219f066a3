import { createContext, use, useId, type ReactNode } from 'react'

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
 * computed on the server. Children that render `useId` values set `rendersIds`: those values
 * follow the fragment's place in the page, which then joins the key.
 */
export function CachedFragment({
  cacheKey,
  rendersIds = false,
  children,
}: {
  cacheKey: () => string
  rendersIds?: boolean
  children: ReactNode
}) {
  const place = useId()
  const renderer = use(FragmentCacheContext)
  // The server puts the children between two markers: the same three places here keep the
  // children's tree position, and so their useId values, the same on both sides.
  if (!renderer) {
    return (
      <>
        {null}
        {children}
        {null}
      </>
    )
  }
  return renderer.render(rendersIds ? `${place} ${cacheKey()}` : cacheKey(), children)
}
