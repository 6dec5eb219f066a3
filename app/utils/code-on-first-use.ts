/**
 * Code fetched on first use rather than with the page (ADR 015), asked for once: every caller
 * shares the download under way, then its module. A failed download (the connection lost since
 * the page loaded, a new deployment) is not kept: the next use asks again.
 */
export interface CodeOnFirstUse<T> {
  /** The module; rejects when its download failed, for the caller to say so. */
  load(): Promise<T>
  /** Starts the download ahead of use (pointing, focus): a failure is said only if used. */
  prefetch(): void
}

export function codeOnFirstUse<T>(download: () => Promise<T>): CodeOnFirstUse<T> {
  let loading: Promise<T> | undefined
  const load = () =>
    (loading ??= download().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  return {
    load,
    prefetch: () => {
      load().catch(ignoreUntilUsed)
    },
  }
}

function ignoreUntilUsed() {}
