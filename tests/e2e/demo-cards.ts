// The demo's posts on a page: the cards journeys act on while others run at the same time.
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { E2E_FIXTURES_FILE, type E2eFixtures } from '../setup/e2e-fixtures'

/** What tests/setup/e2e-data.ts wrote before the server started. */
export const fixtures = () => JSON.parse(fs.readFileSync(E2E_FIXTURES_FILE, 'utf8')) as E2eFixtures

/**
 * The id of the index-th card of the demo's posts on the page. Tests run in parallel on one
 * database: each votes or comments on its own demo post, never on one another journey
 * publishes above them, votes on or deletes.
 */
export async function demoPostId(page: Page, index: number): Promise<string> {
  const cards = page.locator('[data-slot="post-card"]')
  await cards.first().waitFor()
  const demo = new Set(fixtures().demoPostIds)
  const labels = await cards.evaluateAll((all) =>
    all.map((card) => card.getAttribute('aria-labelledby') ?? ''),
  )
  const ids = labels
    .map((label) => /^post-(.+)-title$/.exec(label)?.[1])
    .filter((id): id is string => id !== undefined && demo.has(id))
  const id = ids[index]
  if (!id) throw new Error(`Pas de ${index + 1}e post de démonstration sur la page.`)
  return id
}

/** A post's card, found again by its post after a reload or a new post above it. */
export const cardOf = (page: Page, postId: string) =>
  page.locator(`[data-slot="post-card"][aria-labelledby="post-${postId}-title"]`)

/** The index-th card of the demo's posts on the page (demoPostId). */
export const demoCard = async (page: Page, index: number) =>
  cardOf(page, await demoPostId(page, index))
