// A button of the page's scripts (a menu, the theme, « Voir plus »: any button but a form's
// submit) pressed after the page is painted and before its scripts run would do nothing, and
// the member would press it again. The last one pressed then is pressed again once the page is
// hydrated.

interface EarlyClick {
  /** The button's place among the page's buttons. */
  index: number
  /** The click's count: 0 when Enter or Space made it, which a part opened may tell apart. */
  detail: number
}

declare global {
  interface Window {
    __earlyClick?: EarlyClick
    /**
     * Set by entry.client once React listens: a click from then on is React's (it hydrates what
     * it reaches).
     */
    __reactTakesClicks?: boolean
  }
}

/** Runs before paint (the root's inline script): remembers the last script button pressed. */
export const EARLY_CLICK_SCRIPT = `document.addEventListener('click',function(e){if(window.__reactTakesClicks)return;var b=e.target.closest&&e.target.closest('button');if(b&&(b.type==='button'||!b.form))window.__earlyClick={index:[].indexOf.call(document.getElementsByTagName('button'),b),detail:e.detail}},true)`

/**
 * Presses again the script button pressed before hydration, now that its handler exists: found
 * by its place among the buttons, which the hydrated page, the server's, has not changed.
 */
export function replayEarlyClick() {
  const early = window.__earlyClick
  if (!early) return
  delete window.__earlyClick
  const button = document.getElementsByTagName('button')[early.index]
  if (!button || button.disabled) return
  // Out of the effects being run: a button in a part still to hydrate (a Suspense boundary's)
  // is hydrated by React at once for the click, which it cannot do while it commits.
  setTimeout(() =>
    button.dispatchEvent(
      new MouseEvent('click', {
        bubbles: true,
        cancelable: true,
        view: window,
        detail: early.detail,
      }),
    ),
  )
}
