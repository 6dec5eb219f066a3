import { useEffect } from 'react'
import { toast, Toaster, type ToasterProps } from 'sonner'
import { connectToaster } from './toaster'

// A toast shown in the same frame as its live region is created may go unannounced: the region
// gets a moment to exist first.
const LIVE_REGION_DELAY_MS = 100

/** The sonner part of `Toaster`, loaded on demand. */
export default function ToasterPart(props: ToasterProps) {
  useEffect(() => {
    let disconnect: (() => void) | undefined
    const timer = setTimeout(() => {
      disconnect = connectToaster(({ kind, message, options }) => {
        toast[kind](message, options)
      })
    }, LIVE_REGION_DELAY_MS)
    return () => {
      clearTimeout(timer)
      disconnect?.()
    }
  }, [])
  return <Toaster {...props} />
}
