/**
 * The rate limits count in fixed windows aligned on the clock (app/server/rate-limit.server.ts):
 * a burst that straddles two windows starts a fresh count half-way. Call this before a burst
 * that must stay inside one window: it waits for the next window when less than `marginMs` of
 * the current one is left (the server under test shares this clock). By default 30 s for windows
 * of ten minutes or more, whose bursts (a password hashed per sign-in, a real fetch per preview)
 * can take several seconds on a busy two-core runner; 5 s for shorter ones. The wait counts in
 * the test's time: vitest.config.ts gives each test 60 s, Playwright 90 s.
 */
export async function startInsideOneWindow(
  windowMs: number,
  marginMs = windowMs >= 10 * 60_000 ? 30_000 : 5_000,
): Promise<void> {
  const left = windowMs - (Date.now() % windowMs)
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50))
}
