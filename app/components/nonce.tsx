import { createContext, use } from 'react'

/** This response's CSP nonce on the server; empty in the browser, which hides it. */
export const NonceContext = createContext('')

export function useNonce(): string {
  return use(NonceContext)
}
