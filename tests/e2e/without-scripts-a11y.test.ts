// The pages as a browser that runs no script shows them, audited by axe (ADR 046): their
// stand-ins (disclosures, links, plain forms) open, at a phone's width and a wide screen's.
import { expect, test, type Page } from '@playwright/test'
import { demoCard } from './demo-cards'
import { expectNoAxeViolations } from './helpers'
import { clientIp } from './mail'
import { pageAsWithoutScripts, signedInMember } from './members'

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

const PHONE = { width: 375, height: 812 }
const WIDE = { width: 1280, height: 800 }

/** Opens every disclosure the page shows, then audits it. */
async function auditOpened(page: Page, path: string) {
  await page.goto(path)
  // The page is what the server sent: no script of its own has run.
  expect(await page.evaluate(() => '__reactRouterDataRouter' in window), path).toBe(false)
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) {
      if (details.checkVisibility()) details.open = true
    }
  })
  await expectNoAxeViolations(page)
}

for (const viewport of [PHONE, WIDE]) {
  test(`a visitor's pages without scripts at ${viewport.width} px have no axe violation`, async ({
    browser,
  }) => {
    const page = await pageAsWithoutScripts(browser, { viewport })
    for (const path of ['/', '/about', '/faq', '/auth', '/auth?tab=signup', '/feed']) {
      await auditOpened(page, path)
    }
    await page.context().close()
  })

  test(`a member's pages without scripts at ${viewport.width} px have no axe violation`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    await signedInMember(page, `axe-sans-js-${viewport.width}`)
    // A demo post: the feed's first may be one another journey is about to delete.
    const post = await (await demoCard(page, 0)).locator('h2 a').getAttribute('href')
    const noScript = await pageAsWithoutScripts(browser, { member: page, viewport })
    for (const path of [
      '/feed',
      '/feed?communautes=toutes',
      post!,
      '/post/create',
      '/profile',
      '/profile/edit',
      '/settings',
    ]) {
      await auditOpened(noScript, path)
    }
    // What only `scripting: none` shows is on screen: the phone's stand-in for the drawer.
    await noScript.goto('/feed')
    await expect(noScript.locator('[data-slot="communities-fallback"]')).toBeVisible({
      visible: viewport.width < 1024,
    })
    await noScript.context().close()
  })
}
