import { expect, test, type Page } from '@playwright/test'
import { collectConsoleErrors, expectNoAxeViolations, VIEWPORTS } from './helpers'
import { clientIp } from './mail'
import { signedInMember } from './members'
import { publishFromComposer } from './composer'

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

test('a visitor is asked to sign in to read notifications', async ({ page }) => {
  await page.goto('/notifications')
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fnotifications$/)
})

test('a member reads the comment and the « J’aime » another member left on their post (ADR 050)', async ({
  page,
  browser,
}) => {
  test.slow()
  const errors = collectConsoleErrors(page)
  await signedInMember(page, 'notif-auteur', '/notifications')
  await expect(page.getByText('Aucune notification pour le moment.')).toBeVisible()
  await expectNoAxeViolations(page)

  // She publishes; another member likes the post and comments under it.
  await page.goto('/post/create')
  const title = `Notre premier salon professionnel ${Date.now()}`
  await publishFromComposer(page, title, 'Autres')
  const postUrl = page.url()

  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } })
  const other = await context.newPage()
  await signedInMember(other, 'notif-lecteur', '/feed', { firstName: 'Yanis', lastName: 'Benali' })
  await other.goto(postUrl)
  const card = other.locator('[data-slot="post-card"]').first()
  await card.getByRole('button', { name: /^J’aime : / }).click()
  await expect(card.getByRole('button', { name: /^J’aime : / })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const comment = 'Bravo pour ce premier salon, on se voit sur le stand ?'
  await other.getByLabel('Votre commentaire').fill(comment)
  await other.getByRole('button', { name: 'Commenter' }).click()
  await expect(other.getByText(comment)).toBeVisible()
  await context.close()

  // The bell of the feed's header leads to them, newest first.
  await page.goto('/feed')
  await page.getByRole('link', { name: 'Notifications' }).click()
  await expect(page).toHaveURL(/\/notifications$/)
  const items = page.getByRole('main').getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText(`Yanis Benali a commenté votre publication « ${title} »`)
  await expect(items.nth(0)).toContainText(comment)
  // Who liked it is not told, as no screen has ever told it.
  await expect(items.nth(1)).toHaveText(
    new RegExp(`^Votre publication «\\s${title}\\s» a reçu un «\\sJ’aime\\s»\\.`),
  )
  await expect(items.nth(1)).not.toContainText('Yanis')

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await expectNoAxeViolations(page)
    await page.screenshot({
      path: `test-results/screens/notifications-${viewport.name}.png`,
      fullPage: true,
    })
  }
  await expectPostLink(page, title, postUrl)
  expect(errors).toEqual([])
})

async function expectPostLink(page: Page, title: string, postUrl: string) {
  await page
    .getByRole('link', { name: `« ${title} »` })
    .first()
    .click()
  await expect(page).toHaveURL(postUrl)
}
