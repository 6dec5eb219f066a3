import {
  cloneElement,
  lazy,
  startTransition,
  Suspense,
  useState,
  type ComponentType,
  type FocusEventHandler,
  type MouseEventHandler,
  type PointerEventHandler,
  type ReactElement,
} from 'react'

/** What every on-demand part receives: it is controlled, and renders its own trigger. */
export interface OnDemandPartProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The element that opens the part, to be wrapped by the part's own Trigger. */
  trigger: ReactElement
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
  let loading: ReturnType<typeof load> | undefined
  const preload = () => (loading ??= load())
  const Part = lazy(preload)

  function OnDemandPart(props: P & OnDemandPartProps) {
    const { open, onOpenChange, trigger } = props
    // Once opened, the part stays mounted so that it can animate out and return focus.
    const [used, setUsed] = useState(open)
    if (open && !used) setUsed(true)
    const fallback = cloneElement(trigger as ReactElement<FallbackTriggerProps>, {
      'aria-haspopup': popup,
      'aria-expanded': false,
      'data-state': 'closed',
      // Opens once the code is there, in a transition: the trigger stays in place until the
      // part replaces it in one commit, already open.
      onClick: () => {
        void preload().then(() => startTransition(() => onOpenChange(true)))
      },
      onPointerEnter: () => void preload(),
      onFocus: () => void preload(),
    })
    return <Suspense fallback={fallback}>{used ? <Part {...props} /> : fallback}</Suspense>
  }
  return OnDemandPart
}
