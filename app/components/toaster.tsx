import { lazy, Suspense, useEffect, useState } from 'react'
import type { ToasterProps } from 'sonner'

type ToastKind = 'success' | 'error' | 'info'
export interface ToastOptions {
  id?: string | number
  description?: string
}
export interface ToastRequest {
  kind: ToastKind
  message: string
  options?: ToastOptions
}

// Toasts asked for before sonner has loaded wait here; the loaded part shows them (ADR 015).
const waiting: ToastRequest[] = []
const wakeUps = new Set<() => void>()
let deliver: ((request: ToastRequest) => void) | null = null

function request(toast: ToastRequest) {
  if (deliver) return deliver(toast)
  waiting.push(toast)
  for (const wakeUp of wakeUps) wakeUp()
}

/** Shows a notification (sonner's `toast`, whose code loads with the first one). */
export const toast = {
  success: (message: string, options?: ToastOptions) =>
    request({ kind: 'success', message, options }),
  error: (message: string, options?: ToastOptions) => request({ kind: 'error', message, options }),
  info: (message: string, options?: ToastOptions) => request({ kind: 'info', message, options }),
}

/** For the loaded part: shows the waiting toasts, then every later one directly. */
export function connectToaster(show: (request: ToastRequest) => void): () => void {
  deliver = show
  for (const waitingToast of waiting.splice(0)) show(waitingToast)
  return () => {
    if (deliver === show) deliver = null
  }
}

const ToasterPart = lazy(() => import('./toaster-part'))
const FIRST_INTERACTIONS = ['pointerdown', 'keydown'] as const

/**
 * sonner's Toaster, loaded on the first toast or the first interaction (so that its live region
 * is usually in place before a message arrives), not with every page.
 */
export function Toaster(props: ToasterProps) {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (wanted) return
    const want = () => setWanted(true)
    if (waiting.length > 0) want()
    wakeUps.add(want)
    for (const type of FIRST_INTERACTIONS) document.addEventListener(type, want, { passive: true })
    return () => {
      wakeUps.delete(want)
      for (const type of FIRST_INTERACTIONS) document.removeEventListener(type, want)
    }
  }, [wanted])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ToasterPart {...props} />
    </Suspense>
  )
}
