const NBSP = '\u00A0'

/**
 * French typography: the space before « : ; ! ? » and inside « » cannot break, so a title never
 * starts a line with its colon or question mark.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([:;!?»])/g, `${NBSP}$1`).replace(/« /g, `«${NBSP}`)
}
