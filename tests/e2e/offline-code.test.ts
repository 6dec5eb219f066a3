// The code a page loads on first use (ADR 015: the toasts, the account menu, the auth forms'
// validation; ADR 070: a card's comments) when the connection is lost after the page loaded:
// the page stays, says what failed, and the code is tried again once the connection is back.
import { expect, test, type Browser, type Page } from '@playwright/test'
import { demoCard } from './demo-cards'
import { CONNECTION_FAILED, hydrated } from './helpers'
import { clientIp } from './mail'
import { signedInMember } from './members'

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

/**
 * A new member's feed in a second browser whose cache holds nothing yet: the code loaded on
 * demand has never been downloaded there. Hydrated, and no key pressed nor pointer down.
 */
async function freshFeed(browser: Browser, member: Page, label: string): Promise<Page> {
  await signedInMember(member, label)
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  })
  await context.addCookies(await member.context().cookies())
  const page = await context.newPage()
  await page.goto('/feed')
  await page.waitForLoadState('networkidle')
  // As said above: a slow runner can still be hydrating 500 ms after the last download.
  await hydrated(page)
  return page
}

test('a vote sent offline before the toasts’ code has loaded keeps the page, and says why once back online', async ({
  page,
  browser,
}) => {
  const feed = await freshFeed(browser, page, 'vote-code-hors-ligne')
  const toasterCode: string[] = []
  let caught = ''
  feed.on('console', (message) => {
    if (message.type() === 'error') caught += message.text()
  })
  feed.on('requestfailed', (request) => {
    if (/toaster-part/.test(request.url())) toasterCode.push(request.url())
  })
  const card = await demoCard(feed, 6)
  const up = card.getByRole('button', { name: /^J’aime : / })
  await feed.context().setOffline(true)
  const voteFailed = feed.waitForEvent('requestfailed', (request) =>
    /\/api\/posts\//.test(request.url()),
  )
  await up.click()
  await voteFailed
  await expect.poll(() => toasterCode.length).toBeGreaterThan(0)
  // React reports the failed download it caught.
  await expect.poll(() => caught).toContain('Failed to fetch dynamically imported module')
  // The vote is rolled back, and the page is still the feed, not the error page.
  await expect(up).toHaveAttribute('aria-pressed', 'false')
  await expect(feed.getByRole('heading', { name: 'Une erreur est survenue' })).toHaveCount(0)
  await expect(card).toBeVisible()

  await feed.context().setOffline(false)
  // The next key pressed tries the code again (one press, or another if it came before the
  // failed download was handled), and the vote's message waiting for it shows.
  await expect(async () => {
    await feed.keyboard.press('Shift')
    await expect(feed.getByText('Le vote n’a pas pu être enregistré.')).toBeVisible({
      timeout: 2_000,
    })
  }).toPass({ timeout: 15_000 })
  await feed.context().close()
})

test('an account menu whose code failed to download says so, and opens once it can', async ({
  page,
  browser,
}) => {
  const feed = await freshFeed(browser, page, 'menu-code-hors-ligne')
  await feed.route('**/assets/user-menu-popup-*', (route) => route.abort('internetdisconnected'))
  const trigger = feed.getByRole('button', { name: /^Menu du compte de / })
  await trigger.click()
  await expect(feed.getByText(CONNECTION_FAILED)).toBeVisible()
  await expect(feed.getByRole('menu')).toHaveCount(0)

  await feed.unrouteAll()
  await trigger.click()
  await expect(feed.getByRole('menu')).toBeVisible()
  await expect(feed.getByRole('menuitem').first()).toBeVisible()
  await feed.context().close()
})

test('comments whose code failed to download say so, stay closed, and open once they can', async ({
  page,
  browser,
}) => {
  const feed = await freshFeed(browser, page, 'commentaires-code-hors-ligne')
  // The panel's code comes with its first opening on a list (ADR 070).
  await feed.route('**/assets/comments-panel-*', (route) => route.abort('internetdisconnected'))
  const card = await demoCard(feed, 6)
  const toggle = card.getByRole('button', { name: /^Commentaires : / })
  const panel = card.getByRole('region', { name: 'Commentaires' })
  await toggle.click()
  await expect(feed.getByText(CONNECTION_FAILED)).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(panel).toHaveCount(0)

  await feed.unrouteAll()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(panel.getByLabel('Votre commentaire')).toBeVisible()
  await feed.context().close()
})

test('the phone’s search whose code failed to download gives the focus back to its button, and opens once it can', async ({
  page,
  browser,
}) => {
  const feed = await freshFeed(browser, page, 'recherche-code-hors-ligne')
  await feed.setViewportSize({ width: 375, height: 812 })
  await feed.route('**/assets/dialog-panel-*', (route) => route.abort('internetdisconnected'))
  const trigger = feed.getByRole('button', { name: 'Rechercher' })
  await trigger.focus()
  // The press focused the field that holds what is typed until the overlay comes (ADR 069);
  // the overlay will not come: that field goes, and the focus is the button's again.
  await feed.keyboard.press('Enter')
  await expect(feed.getByText(CONNECTION_FAILED)).toBeVisible()
  await expect(trigger).toBeFocused()
  await expect(feed.locator('[data-slot="held-typing"]')).toHaveCount(0)

  await feed.unrouteAll()
  await feed.keyboard.press('Enter')
  await feed.keyboard.type('Santé')
  const box = feed
    .getByRole('dialog', { name: 'Rechercher' })
    .getByRole('combobox', { name: 'Rechercher' })
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('Santé')
  await feed.context().close()
})
