/**
 * What is typed between the press that opens a part to type in and the part's own field (its
 * code still on its way, ADR 015): a field focused in the press itself holds it, and hands it to
 * the part's field when that one takes the focus (ADR 069). On a phone the same focus, made
 * during the tap, is what opens the keyboard: WebKit opens none for a focus made later, as the
 * part's own is once its code has come.
 */
let held: HTMLInputElement | undefined
/** The button pressed, whose press again takes the focus from the field for a moment only. */
let pressedAgainOn: HTMLElement | undefined
let pressedAgain = false

/**
 * Called in the press on `trigger`: focuses an unseen field named `label`, taking the keys from
 * now on.
 */
export function holdTyping(label: string, trigger: HTMLElement) {
  // Pressed again while the code loads: the same field goes on holding what was typed.
  if (held) return held.focus({ preventScroll: true })
  const field = document.createElement('input')
  field.type = 'text'
  field.autocomplete = 'off'
  field.setAttribute('aria-label', label)
  field.dataset.slot = 'held-typing'
  // Unseen but focusable; 16 px, below which iOS zooms into the page on focus.
  field.style.cssText =
    'position:fixed;top:0;left:0;width:1px;height:1px;padding:0;border:0;opacity:0;font-size:16px'
  field.addEventListener('blur', leftHeldField)
  document.body.append(field)
  field.focus({ preventScroll: true })
  held = field
  // The press on the button, which comes before the focus leaves the field for it (or for the
  // page, in Safari), is known at the blur: the click that follows gives the focus back.
  pressedAgainOn = trigger
  trigger.addEventListener('pointerdown', markPressedAgain)
}

function markPressedAgain() {
  pressedAgain = true
}

/**
 * Left for something else (a tap elsewhere, Tab): what it held goes with it. Left for the
 * button pressed again, it stays, for the click to focus again.
 */
function leftHeldField(event: FocusEvent) {
  if (pressedAgain) {
    pressedAgain = false
    return
  }
  dropHeldTyping(event.currentTarget as HTMLInputElement)
}

function dropHeldTyping(field: HTMLInputElement) {
  if (held === field) held = undefined
  pressedAgainOn?.removeEventListener('pointerdown', markPressedAgain)
  pressedAgainOn = undefined
  pressedAgain = false
  // Chromium blurs a focused field as it is removed: the handler, removing it again from within
  // the removal, would throw.
  field.removeEventListener('blur', leftHeldField)
  field.remove()
}

/**
 * Focuses the part's `field` and returns what the held one was given ('' when nothing was held).
 * The focus moves from field to field, so a phone's keyboard stays open.
 */
export function focusTakingHeldTyping(field: HTMLInputElement): string {
  const from = held
  const typed = from?.value ?? ''
  field.focus()
  if (from) dropHeldTyping(from)
  return typed
}

/**
 * The part will not come (its code failed to load): the held field goes, and the focus it took
 * goes back to `to`, the part's trigger.
 */
export function releaseHeldTyping(to: HTMLElement) {
  if (!held) return
  const hadFocus = document.activeElement === held
  dropHeldTyping(held)
  if (hadFocus) to.focus()
}
