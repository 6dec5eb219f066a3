import { AxeBuilder } from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** What a form or a part of a page says when its request got no answer (ADR 051, ADR 052). */
export const CONNECTION_FAILED = 'La connexion a échoué : vérifiez votre réseau, puis réessayez.'

/** Fails the page's requests to `url` as a dropped connection does, until `page.unrouteAll()`. */
export async function dropConnection(page: Page, url: string) {
  await page.route(url, (route) => route.abort('internetdisconnected'))
}

/** Fails the test on any console error or uncaught exception on the page. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Waits (up to 3 s) until no transition or animation is running, spinners aside. */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {
      // Still moving after 3 s: audit it as it is.
    })
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  )
}

/**
 * Runs axe with the WCAG 2.2 AA tags and expects no violation. A toast or a dialog still fading
 * has half-transparent text: what people see is audited once it has settled. A toast can also
 * start fading out while axe is reading the page (its run takes a second); so a page that fails
 * is audited a second time, once settled again, and that second audit decides.
 */
export async function expectNoAxeViolations(page: Page) {
  await settled(page)
  const first = await axeViolations(page)
  if (first.length === 0) return
  await settled(page)
  expect(await axeViolations(page)).toEqual([])
}

/**
 * Waits until the page's scripts are in charge (the root's first effect, app/root.tsx): a
 * click, a key or a blur before then gets only what the page does without JavaScript.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** Every script of the page: held, the page stays as the server sent it (ADR 067). */
export const PAGE_SCRIPTS = /\/assets\/[^/]+\.js$/

/** The auth forms' validation script, loaded on a form's first focus (ADR 015). */
export const VALIDATION_SCRIPT = /\/assets\/auth-validation-[^/]+\.js$/

/**
 * Holds the page's requests to `url` on their way until `until` settles, or until the returned
 * function is called when `until` is left out.
 */
export async function holdRequests(
  page: Page,
  url: RegExp,
  until?: Promise<unknown>,
): Promise<() => void> {
  let release = () => {}
  const released = until ?? new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await released
    await route.continue()
  })
  return release
}
