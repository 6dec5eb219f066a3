/**
 * A value made on first use, then kept. For Intl formatters in modules the browser loads: the
 * first Intl object of a page costs ~40 ms of a phone's CPU (ICU's locale data set up), which a
 * module-level `new Intl.…` paid while the page loaded, whether the page formatted anything
 * or not (docs/performance.md).
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}
