import { useEffect, useRef, type RefObject } from 'react'

/**
 * A field disabled while its work runs (an upload) takes the focus from the keyboard that used
 * it: the field gets it back when the work ends, unless the focus went elsewhere meanwhile.
 */
export function useFocusBackAfter(busy: boolean, field: RefObject<HTMLElement | null>): void {
  const wasBusy = useRef(false)
  useEffect(() => {
    const ended = wasBusy.current && !busy
    wasBusy.current = busy
    const focused = document.activeElement
    if (ended && (focused === null || focused === document.body)) field.current?.focus()
  }, [busy, field])
}
