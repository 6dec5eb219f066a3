import { expect, type Page } from '@playwright/test'

/**
 * Publishes a post with this title in this community from the composer open on `page`, and
 * waits for the post's own page, where publishing leads.
 */
export async function publishFromComposer(page: Page, title: string, community: string) {
  await page.getByLabel('Titre').fill(title)
  await page.getByRole('checkbox', { name: community }).check()
  await page.getByRole('button', { name: 'Publier' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
}
