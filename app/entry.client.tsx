import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

// React Router's own entry, and one more line: a button pressed before this ran is pressed
// again once the page is hydrated (app/components/early-clicks.ts); from here on React's own
// listeners take every click, hydrating first what it reaches.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
  window.__reactTakesClicks = true
})
