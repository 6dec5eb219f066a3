import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
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

/** The loaded part, made anew for each try: React keeps a lazy component whose import failed failed. */
const lazyToasterPart = () => lazy(() => import('./toaster-part'))
const FIRST_INTERACTIONS = ['pointerdown', 'keydown'] as const

/**
 * Keeps a failed download of the toasts' code (the connection lost since the page loaded) from
 * reaching the page's error boundary, which would replace the whole page; the part is tried
 * again at the next interaction or when the browser is back online, and waiting toasts then show.
 */
class LoadingFailure extends Component<
  { onFailure: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch() {
    this.props.onFailure()
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

/**
 * sonner's Toaster, loaded on the first toast or the first interaction (so that its live region
 * is usually in place before a message arrives), not with every page.
 */
export function Toaster(props: ToasterProps) {
  const [Part, setPart] = useState<ReturnType<typeof lazyToasterPart> | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (Part) return
    const want = () => setPart(lazyToasterPart())
    // After a failed download, a toast asked for waits for the next interaction: trying again
    // at once, still offline, would fail again and again.
    if (waiting.length > 0 && !failed) want()
    if (!failed) wakeUps.add(want)
    for (const type of FIRST_INTERACTIONS) document.addEventListener(type, want, { passive: true })
    window.addEventListener('online', want)
    return () => {
      wakeUps.delete(want)
      for (const type of FIRST_INTERACTIONS) document.removeEventListener(type, want)
      window.removeEventListener('online', want)
    }
  }, [Part, failed])
  if (!Part) return null
  return (
    <LoadingFailure
      onFailure={() => {
        setFailed(true)
        setPart(null)
      }}
    >
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    </LoadingFailure>
  )
}
