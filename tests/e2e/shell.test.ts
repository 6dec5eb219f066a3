import { expect, test } from '@playwright/test'
import {
  collectConsoleErrors,
  expectNoAxeViolations,
  holdRequests,
  PAGE_SCRIPTS,
  hydrated,
  VIEWPORTS,
} from './helpers'
import { clientIp } from './mail'
import { pageWithoutScripts, signedInMember } from './members'

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    for (const theme of ['light', 'dark'] as const) {
      test(`the landing page renders in the ${theme} theme with no console error and no axe violation`, async ({
        page,
      }) => {
        const errors = collectConsoleErrors(page)
        if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
        await page.goto('/')
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
        // An invitation to join opens the sign-up tab; 'Se connecter' the sign-in one.
        await expect(page.getByRole('link', { name: 'Rejoindre la Communauté' })).toHaveAttribute(
          'href',
          '/auth?tab=signup',
        )
        await expect(page.getByRole('link', { name: 'Découvrir la Plateforme' })).toHaveAttribute(
          'href',
          '/feed',
        )
        const footer = page.getByRole('contentinfo')
        await expect(footer).toContainText('© 2024 Tremplin. Tous droits réservés.')
        for (const [name, href] of [
          ["Conditions d'utilisation", '/terms'],
          ['Confidentialité', '/privacy'],
          ['Modération', '/moderation'],
          ['À propos', '/about'],
          ['Recrutement', '/careers'],
          ['Blog', '/blog'],
          ['Tarifs', '/pricing'],
          ['FAQ', '/faq'],
          ['Contact', '/contact'],
        ] as const) {
          await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute(
            'href',
            href,
          )
        }
        await expectNoAxeViolations(page)
        await page.screenshot({
          path: `test-results/screens/landing-${viewport.name}-${theme}.png`,
          fullPage: true,
        })
        expect(errors).toEqual([])
      })

      test(`the feed renders the demo posts in the ${theme} theme with no console error and no axe violation`, async ({
        page,
      }) => {
        const errors = collectConsoleErrors(page)
        if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
        await page.goto('/feed')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        const cards = page.locator('[data-slot="post-card"]')
        await expect(cards).toHaveCount(20)
        await expectNoAxeViolations(page)
        await page.screenshot({
          path: `test-results/screens/feed-${viewport.name}-${theme}.png`,
          fullPage: false,
        })
        expect(errors).toEqual([])
      })
    }
  })
}

test.describe('mobile drawer', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('opens and closes with the keyboard, and keeps focus inside', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    // While the modal drawer is open, Radix hides the rest of the page from assistive tech.
    const menuButton = page.getByRole('button', { name: 'Ouvrir le menu', includeHidden: true })
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
    await menuButton.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
    await expect(drawer.getByRole('link', { name: 'Tarifs' })).toBeVisible()
    for (let step = 0; step < 15; step++) {
      await page.keyboard.press('Tab')
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    }
    await expectNoAxeViolations(page)
    await page.screenshot({ path: 'test-results/screens/drawer-mobile.png' })
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(menuButton).toBeFocused()

    await page.keyboard.press('Space')
    await expect(drawer).toBeVisible()
    await drawer.getByRole('button', { name: 'Fermer le menu' }).press('Enter')
    await expect(drawer).toBeHidden()
  })

  test('closes when a link is followed', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'FAQ' }).click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(page.getByRole('dialog')).toBeHidden()
  })
})

test('a button pressed before the scripts ran is pressed again once they run: the last one only', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  let release = await holdRequests(page, PAGE_SCRIPTS)
  await page.goto('/about', { waitUntil: 'commit' })
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  release()
  await hydrated(page)
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer).toBeVisible()
  await drawer.getByRole('button', { name: 'Fermer le menu' }).click()
  await expect(drawer).toBeHidden()

  // Pressed twice on a wide screen: once again, not twice (the theme changes).
  await page.unrouteAll()
  await page.setViewportSize({ width: 1280, height: 800 })
  release = await holdRequests(page, PAGE_SCRIPTS)
  await page.goto('/faq', { waitUntil: 'commit' })
  const toggle = page.getByRole('button', { name: 'Activer le thème sombre' })
  await toggle.click()
  await toggle.click()
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  release()
  await hydrated(page)
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(page.getByRole('button', { name: 'Activer le thème clair' })).toBeVisible()
})

test('the chosen theme is stored under "theme" and survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await hydrated(page)
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  await page.getByRole('button', { name: 'Activer le thème sombre' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
  await page.reload()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.getByRole('button', { name: 'Activer le thème clair' }).click()
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
})

for (const viewport of VIEWPORTS) {
  test(`going back up the feed with Shift+Tab, nothing focused hides under the top bar (${viewport.name})`, async ({
    page,
  }) => {
    // WCAG 2.4.11: the sticky bar must not cover the focused element.
    await page.setViewportSize({ width: viewport.width, height: 640 })
    await page.goto('/feed')
    const sixth = page.locator('[data-slot="post-card"]').nth(5)
    await sixth.getByRole('link').first().focus()
    const covered: string[] = []
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Shift+Tab')
      const found = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement
        const bar = [...document.querySelectorAll('header')].find(
          (header) => getComputedStyle(header).position === 'sticky',
        )!
        if (bar.contains(focused)) return null
        const top = focused.getBoundingClientRect().top
        const barBottom = bar.getBoundingClientRect().bottom
        return top < barBottom - 1
          ? `${focused.textContent?.slice(0, 30)}: ${top} < ${barBottom}`
          : null
      })
      if (found) covered.push(found)
    }
    expect(covered).toEqual([])
  })
}

test('a new page opens scrolled to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto('/feed')
  await page.mouse.wheel(0, 3000)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  // Scrolling near the end loads more posts, which can move the footer under the pointer:
  // the link is followed from the keyboard, wherever it ends up.
  const faq = page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' })
  await faq.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/faq$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a navigation that waits for its data shows a bar along the top until the page comes', async ({
  page,
}) => {
  await page.goto('/')
  await hydrated(page)
  await page.route('**/feed.data*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await route.continue()
  })
  await page.getByRole('link', { name: 'Découvrir la Plateforme' }).click()
  const bar = page.locator('[data-slot="navigation-progress"]')
  await expect(bar).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Fil d’actualité' })).toBeVisible()
  await expect(bar).toHaveCount(0)
})

test('an unknown address shows the French not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/cette-page-n-existe-pas')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible()
  await expect(page).toHaveTitle('Page introuvable · Tremplin')
  await expectNoAxeViolations(page)
})

test('a member on the not-found page keeps the header of a member', async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
  await signedInMember(page, 'introuvable')
  const response = await page.goto('/cette-page-n-existe-pas')
  expect(response?.status()).toBe(404)
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Accéder au fil' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Se connecter' })).toHaveCount(0)
})

test('GET /healthz reports the database', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({
    status: 'ok',
    database: { status: 'ok', driver: 'pglite' },
  })
})

const PHONE = { width: 375, height: 812 }

test.describe('without JavaScript, on a phone', () => {
  // Members sign up here: from an address of their own, not 127.0.0.1, whose sign-ups an hour
  // other files spend.
  test.beforeEach(async ({ context }) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
  })
  test.use({ viewport: PHONE })

  test('a visitor reaches the site links and sign-in from the menu; no button does nothing', async ({
    browser,
  }) => {
    const page = await pageWithoutScripts(browser, { viewport: PHONE })
    await page.goto('/about')
    // The drawer's button and the theme toggle need scripts: a disclosure stands in for the one,
    // the other is not shown.
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Activer le thème/ })).toHaveCount(0)
    const menu = page.locator('[data-slot="mobile-menu-fallback"]')
    await menu.locator('summary').click()
    await expect(menu.getByRole('link', { name: 'Se connecter' })).toBeVisible()
    await menu.getByRole('link', { name: 'Blog' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    // « Accueil » is the current page on the landing page alone, whichever the process drew first.
    for (const [path, current] of [
      ['/', true],
      ['/terms', false],
      ['/', true],
    ] as const) {
      await page.goto(path)
      await menu.locator('summary').click()
      const home = menu.getByRole('link', { name: 'Accueil' })
      if (current) await expect(home).toHaveAttribute('aria-current', 'page')
      else await expect(home).not.toHaveAttribute('aria-current')
    }
    await page.context().close()
  })

  test('a member searches, opens Paramètres and signs out from the bar of the feed', async ({
    page,
    browser,
  }) => {
    await signedInMember(page, 'barre-sans-js')
    const noScript = await pageWithoutScripts(browser, { member: page, viewport: PHONE })
    await noScript.goto('/feed')
    for (const name of ['Rechercher', 'Communautés', 'Voir plus', 'Activer le thème sombre']) {
      await expect(noScript.getByRole('button', { name, exact: true })).toHaveCount(0)
    }
    // On a wide screen the sidebar shows; its field filters as one types, in the browser only.
    await noScript.setViewportSize({ width: 1280, height: 800 })
    await expect(noScript.getByRole('navigation', { name: 'Communautés' })).toBeVisible()
    await expect(noScript.getByLabel('Rechercher une communauté')).toBeHidden()
    await noScript.setViewportSize(PHONE)

    const search = noScript.locator('[data-slot="mobile-search-fallback"]')
    await search.locator('summary').click()
    await search.getByLabel('Rechercher', { exact: true }).fill('financement')
    await search.getByRole('button', { name: 'Rechercher', exact: true }).click()
    await expect(noScript).toHaveURL(/\/feed\?q=financement$/)
    await expect(noScript.getByRole('heading', { name: 'Résultats de recherche' })).toBeVisible()

    const account = noScript.locator('[data-slot="user-menu-fallback"]')
    await expect(account.locator('summary')).toHaveAccessibleName('Menu du compte de Chloé Girard')
    await account.locator('summary').click()
    await account.getByRole('link', { name: 'Paramètres' }).click()
    await expect(noScript).toHaveURL(/\/settings$/)
    // The settings page has the site's header: its phone menu holds the way out.
    const menu = noScript.locator('[data-slot="mobile-menu-fallback"]')
    await menu.locator('summary').click()
    await menu.getByRole('button', { name: 'Se déconnecter' }).click()
    await expect(noScript).toHaveURL(/127\.0\.0\.1:3100\/$/)
    await noScript.goto('/settings')
    await expect(noScript).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/)
    await noScript.context().close()
  })

  test('a visitor lists every community and filters the feed by one, on a phone and on a wide screen', async ({
    browser,
  }) => {
    const page = await pageWithoutScripts(browser, { viewport: PHONE })
    await page.goto('/feed')
    // The drawer needs scripts: a link stands in for its button, to the list on the page itself.
    const communities = page.getByRole('navigation', { name: 'Communautés' })
    await expect(communities).toHaveCount(0)
    await page
      .locator('[data-slot="communities-fallback"]')
      .getByRole('link', { name: 'Communautés' })
      .click()
    await expect(page).toHaveURL(/\/feed\?communautes=toutes$/)
    await expect(page.getByRole('link', { name: 'Masquer les communautés' })).toHaveAttribute(
      'href',
      '/feed',
    )
    const categories = communities.getByRole('region', { name: 'CATÉGORIES' })
    const items = categories.getByRole('listitem')
    expect(await items.count()).toBeGreaterThan(6)
    // The last category, which the first six left out.
    const last = items.last().getByRole('link').first()
    const name = (await last.textContent())!.trim()
    await last.click()
    await expect(page).toHaveURL(/\/feed\?category=[a-z0-9-]+$/)
    await expect(page.getByRole('list', { name: 'Filtres actifs' })).toContainText(name)
    await expect(communities).toHaveCount(0)

    // On a wide screen, the sidebar's 'Voir plus' is a link to the same list.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/feed')
    await expect(items).toHaveCount(6)
    await categories.getByRole('link', { name: 'Voir plus', exact: true }).click()
    await expect(page).toHaveURL(/\/feed\?communautes=toutes$/)
    expect(await items.count()).toBeGreaterThan(6)
    await categories.getByRole('link', { name: 'Voir moins', exact: true }).click()
    await expect(page).toHaveURL(/\/feed$/)
    await expect(items).toHaveCount(6)
    await page.context().close()
  })

  test('with JavaScript the stand-ins stay hidden', async ({ page }) => {
    await signedInMember(page, 'barre-avec-js')
    for (const slot of ['user-menu-fallback', 'mobile-search-fallback', 'communities-fallback']) {
      await expect(page.locator(`[data-slot="${slot}"]`)).toHaveCount(1)
      await expect(page.locator(`[data-slot="${slot}"]`)).toBeHidden()
    }
    await expect(page.getByRole('button', { name: 'Rechercher', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Communautés', exact: true })).toBeVisible()
    // The list every community is on, reached with scripts too (an address shared, say): on a
    // phone it is above the feed, its 'Voir plus' a button as everywhere.
    await page.goto('/feed?communautes=toutes')
    const categories = page
      .getByRole('navigation', { name: 'Communautés' })
      .getByRole('region', { name: 'CATÉGORIES' })
    await expect(categories.getByRole('button', { name: 'Voir moins' })).toBeVisible()
    await expect(categories.getByRole('link', { name: /^Voir (plus|moins)$/ })).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.goto('/about')
    await expect(page.locator('[data-slot="mobile-menu-fallback"]')).toHaveCount(1)
    await expect(page.locator('[data-slot="mobile-menu-fallback"]')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible()
  })
})
