// The tab's session storage, which a browser may refuse (a private mode, a full quota, storage
// turned off) and the server has not: reading gives nothing, writing keeps nothing.

export function readSessionItem(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeSessionItem(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value)
  } catch {
    // Not kept.
  }
}

export function removeSessionItem(key: string): void {
  try {
    window.sessionStorage.removeItem(key)
  } catch {
    // Nothing kept.
  }
}
