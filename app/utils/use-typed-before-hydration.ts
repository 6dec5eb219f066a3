import { useEffect, useEffectEvent, type RefObject } from 'react'

/**
 * A controlled field may have been typed in before the page's scripts ran: the page kept the
 * text, the component's state did not (its counter, its button, its draft know nothing of it).
 * `onTyped` gets that text once, when the field appears, if it is not `value` (the state's),
 * with whether the field still has the keyboard.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  onTyped: (typed: string, focused: boolean) => void,
) {
  const takeTyped = useEffectEvent(() => {
    const field = ref.current
    if (field && field.value !== value) onTyped(field.value, document.activeElement === field)
  })
  useEffect(() => takeTyped(), [])
}
