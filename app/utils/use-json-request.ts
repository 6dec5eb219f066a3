import { useCallback, useEffect, useRef, useState } from 'react'

/** What a component's request is doing, as a fetcher says it. */
export type RequestState = 'idle' | 'loading' | 'submitting'

/**
 * A component's own request to a resource route that answers JSON, in place of a fetcher: a
 * fetcher whose request fails on the network (offline, a dropped connection) sends the error to
 * the page's error boundary, and the page goes, with what the member had typed. Here a failure
 * becomes the answer `failure`, for the component to show. Only the newest request's answer
 * lands (a newer read aborts an older one), and none once the component is gone (its reads are
 * aborted then, its writes are not). A session that ended meanwhile sends to sign-in and back
 * to this page, as a fetcher's redirect would.
 *
 * `submit` resolves with its write's answer, even one left aside: what outlives the component
 * (a draft kept in the tab) can still follow it.
 */
export function useJsonRequest<T>(failure: T) {
  const [data, setData] = useState<T>()
  const [state, setState] = useState<RequestState>('idle')
  const inFlight = useRef<AbortController | null>(null)
  const writing = useRef(false)
  const latest = useRef(0)
  const failureAnswer = useRef(failure)
  useEffect(
    () => () => {
      latest.current++
      // A read is no longer wanted; a write the member asked for goes on (a deletion confirmed
      // just before leaving the page still happens), only its answer is not heard.
      if (!writing.current) inFlight.current?.abort()
    },
    [],
  )

  const send = useCallback(async (url: string, body?: FormData): Promise<T | undefined> => {
    const id = ++latest.current
    // A newer read replaces an older one; a write already sent is let through (the server may
    // have acted on it), only its answer is left aside.
    if (!body && !writing.current) inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    writing.current = body !== undefined
    setState(body ? 'submitting' : 'loading')
    let answer: T
    try {
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        body,
        headers: { accept: 'application/json' },
        signal: controller.signal,
      })
      // An answer left aside is left aside whole, a signed-out one too: its component gone, the
      // member is on another page, which it leaves be (a newer request gets its own answer).
      // A write's answer is still read, for its caller alone.
      const heard = id === latest.current
      if (!heard && !body) return
      if (response.redirected && new URL(response.url).pathname === '/auth') {
        if (!heard) return
        const here = window.location.pathname + window.location.search
        window.location.assign(`/auth?redirectTo=${encodeURIComponent(here)}`)
        return
      }
      answer = (await response.json()) as T
    } catch {
      if (controller.signal.aborted) return
      // A copy: two failures in a row are two answers.
      answer = structuredClone(failureAnswer.current)
    }
    if (controller.signal.aborted) return
    if (id === latest.current) {
      inFlight.current = null
      setData(answer)
      setState('idle')
    }
    return answer
  }, [])

  const load = useCallback((url: string) => send(url), [send])
  const submit = useCallback((url: string, body: FormData) => send(url, body), [send])
  return { data, state, load, submit }
}
