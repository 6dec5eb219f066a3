/**
 * Debian's Chromium, for the e2e tests and the benchmarks' browser runs: Playwright cannot
 * download its own browsers on these machines. Without the background-networking flags it
 * would try, at every start, services this machine cannot reach.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
