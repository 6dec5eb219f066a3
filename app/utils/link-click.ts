/**
 * Whether a click on a link opens it elsewhere (another button, or a modifier held: a new tab or
 * window): the page then leaves it to the browser and stays as it is.
 */
export function opensElsewhere(event: {
  button: number
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
}): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey
}
