/**
 * A value made on first use, then kept. For Intl formatters in modules the browser loads: a
 * module-level `new Intl.…` paid ICU's set-up while the page loaded, whether the page formatted
 * anything or not (ADR 049).
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}
