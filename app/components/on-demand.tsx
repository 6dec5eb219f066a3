import {
  cloneElement,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEventHandler,
  type MouseEventHandler,
  type PointerEventHandler,
  type ReactElement,
} from 'react'
import { codeOnFirstUse } from '~/utils/code-on-first-use'
import { CONNECTION_FAILED_MESSAGE } from '~/utils/form-kept-offline'
import { holdTyping, releaseHeldTyping } from './held-typing'
import { toast } from './toaster'

/** What every on-demand part receives: it is controlled, and renders its own trigger. */
export interface OnDemandPartProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The element that opens the part, to be wrapped by the part's own Trigger. */
  trigger: ReactElement
  /**
   * Opened from the keyboard before the part's code was there to see the key (its first
   * opening): a menu then focuses its first item itself (`FocusFirstItem`), as Radix does.
   */
  openedByKeyboard?: boolean
  /**
   * The part opens to type in its field of this name (the phone's search): at its first
   * opening, what is typed while its code loads is held for it (`holdTyping`, ADR 069).
   */
  holdsTypingFor?: string
}

/**
 * Put inside a menu's content: on its first opening from the keyboard, focuses its first item,
 * as Radix does for a key it saw. Its code, loaded after the key was pressed, did not, and would
 * focus the menu itself. Runs before Radix's own focus on mounting, which then leaves it.
 */
export function FocusFirstItem({ when }: { when: boolean | undefined }) {
  const ref = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    if (!when) return
    ref.current
      ?.closest('[role="menu"]')
      ?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
      ?.focus({ preventScroll: true })
  }, [when])
  return <span ref={ref} hidden />
}

type FallbackTriggerProps = {
  onClick?: MouseEventHandler
  onPointerEnter?: PointerEventHandler
  onFocus?: FocusEventHandler
  'aria-haspopup'?: 'dialog' | 'menu'
  'aria-expanded'?: boolean
  'data-state'?: 'closed'
}

/**
 * A menu or dialog whose code (Radix, a few dozen KB) loads on first use instead of with every
 * page (ADR 015). Until it is opened its trigger renders alone, the same element; pointing at
 * it or focusing it starts the download, activating it opens the part as soon as it has loaded.
 * A part opened by its page (`open` set from outside) shows as soon as its code arrives.
 */
export function onDemand<P extends object>(
  /** What the trigger opens, announced as Radix's own trigger does. */
  popup: 'dialog' | 'menu',
  load: () => Promise<{ default: ComponentType<P & OnDemandPartProps> }>,
) {
  // A failed download is not kept: the next point, focus or click tries again.
  const code = codeOnFirstUse(load)
  const Part = lazy(code.load)

  function OnDemandPart(props: P & OnDemandPartProps) {
    const { open, onOpenChange, trigger, holdsTypingFor } = props
    // Once opened, the part stays mounted so that it can animate out and return focus.
    const [used, setUsed] = useState(open)
    if (open && !used) setUsed(true)
    const [openedByKeyboard, setOpenedByKeyboard] = useState(false)
    if (openedByKeyboard && !open) setOpenedByKeyboard(false)
    const fallback = cloneElement(trigger as ReactElement<FallbackTriggerProps>, {
      'aria-haspopup': popup,
      'aria-expanded': false,
      'data-state': 'closed',
      // Opens once the code is there, in a transition: the trigger stays in place until the
      // part replaces it in one commit, already open.
      onClick: (event) => {
        // A click that Enter or Space made on a button carries no pointer: detail is 0.
        const byKeyboard = event.detail === 0
        const pressed = event.currentTarget as HTMLElement
        if (holdsTypingFor) holdTyping(holdsTypingFor, pressed)
        code.load().then(
          () =>
            startTransition(() => {
              setOpenedByKeyboard(byKeyboard)
              onOpenChange(true)
            }),
          () => {
            releaseHeldTyping(pressed)
            toast.error(CONNECTION_FAILED_MESSAGE)
          },
        )
      },
      onPointerEnter: code.prefetch,
      onFocus: code.prefetch,
    })
    return (
      <Suspense fallback={fallback}>
        {used ? <Part {...props} openedByKeyboard={openedByKeyboard} /> : fallback}
      </Suspense>
    )
  }
  return OnDemandPart
}
