import type { ShouldRevalidateFunctionArgs } from 'react-router'

/** A request that got no answer: the network, not the server, failed (or it is not known). */
export const CONNECTION_FAILED_MESSAGE =
  'La connexion a échoué : vérifiez votre réseau, puis réessayez.'

/** What marks a form's answer made in the browser because the server could not be reached. */
const CONNECTION_FAILED = 'connectionFailed'

/**
 * For a route's `clientAction`, a form sent as a navigation: the server's action as before, but
 * a request that fails on the network (a phone in a train, Wi-Fi that drops) becomes `answer`
 * of the form's own fields, which the form shows as one of its errors. Without it, React Router
 * hands the error to the page's error boundary and what the member typed is gone (ADR 052).
 */
export async function keptOffline<R, T extends object>(
  request: Request,
  serverAction: () => Promise<R>,
  answer: (formData: FormData) => T,
): Promise<R | (T & { [CONNECTION_FAILED]: true })> {
  // The server's request reads the body: the copy is read only if it fails.
  const copy = request.clone()
  try {
    return await serverAction()
  } catch (error) {
    // fetch rejects with a TypeError when no answer came; anything else is the page's error.
    if (!(error instanceof TypeError)) throw error
    return { ...answer(await copy.formData()), [CONNECTION_FAILED]: true }
  }
}

/**
 * No loader is asked again after an answer made offline (it would fail the same way and send
 * the page to its error boundary): for the root and each route that keeps its forms offline.
 */
export function skipRevalidationOffline({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const offline =
    typeof actionResult === 'object' && actionResult !== null && CONNECTION_FAILED in actionResult
  return offline ? false : defaultShouldRevalidate
}
