import { expect, test, type Locator, type Page } from '@playwright/test'
import { BASE_URL } from '../../playwright.config'
import { olderCommentText } from '../setup/e2e-fixtures'
import { cardOf, demoCard, demoPostId, fixtures } from './demo-cards'
import {
  collectConsoleErrors,
  expectNoAxeViolations,
  holdRequests,
  hydrated,
  PAGE_SCRIPTS,
} from './helpers'
import { clientIp } from './mail'
import { endSessionsFromAnotherTab, pageWithoutScripts, signedInMember, signIn } from './members'

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

function countOf(label: string) {
  return async (card: Locator) => {
    const text = await card.getByRole('button', { name: new RegExp(`^${label} : `) }).textContent()
    return Number(/: (\d+)/.exec(text ?? '')?.[1])
  }
}
const upvotes = countOf('J’aime')
const downvotes = countOf('Je n’aime pas')

/** The answer to the next vote or save the page sends (the counts show before it comes). */
const answerOfPostAction = (page: Page, intent: 'vote' | 'save') =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/api\/posts\/[\w-]+$/.test(response.url()) &&
      (response.request().postData() ?? '').includes(intent),
  )

/** A member signed in, and the vote buttons and counts of their own demo card. */
async function votingOn(page: Page, label: string, index: number) {
  await signedInMember(page, label)
  const card = await demoCard(page, index)
  const up = card.getByRole('button', { name: /^J’aime : / })
  const down = card.getByRole('button', { name: /^Je n’aime pas : / })
  return { card, up, down, before: { up: await upvotes(card), down: await downvotes(card) } }
}

test('a member votes, switches, unvotes and saves; the counts come back from the server', async ({
  page,
}) => {
  const { card, up, down, before } = await votingOn(page, 'vote', 0)

  await up.click()
  await expect(up).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => upvotes(card)).toBe(before.up + 1)
  await down.click()
  await expect(down).toHaveAttribute('aria-pressed', 'true')
  await expect(up).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(() => downvotes(card)).toBe(before.down + 1)
  await expect.poll(() => upvotes(card)).toBe(before.up)
  await down.click()
  await expect(down).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(() => downvotes(card)).toBe(before.down)

  const save = card.getByRole('button', { name: 'Sauvegarder' })
  const saved = answerOfPostAction(page, 'save')
  await save.click()
  // Its name says the state, as its text does (a toggle's name would have to stay the same).
  await expect(card.getByRole('button', { name: 'Sauvegardé' })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Sauvegardé' })).not.toHaveAttribute('aria-pressed')
  await expectNoAxeViolations(page)

  // The server kept all of it (its answer in, or a reload could cut the request short).
  await saved
  await page.reload()
  await expect(card.getByRole('button', { name: 'Sauvegardé' })).toBeVisible()
  expect(await upvotes(card)).toBe(before.up)
  // On the profile's saved tab, under the tab's name.
  const title = await card.locator('h2').textContent()
  await page.goto('/profile')
  await page.getByRole('link', { name: 'Posts sauvegardés' }).click()
  await expect(
    page.getByRole('list', { name: 'Posts sauvegardés' }).getByRole('heading', { name: title! }),
  ).toBeVisible()
})

test('a member whose session ended elsewhere is sent to sign in by a vote, and comes back to the feed', async ({
  page,
}) => {
  const email = await signedInMember(page, 'session-finie')
  await hydrated(page)
  // Every session of the account ends from another tab; this one still shows the feed.
  await endSessionsFromAnotherTab(page)

  const up = (await demoCard(page, 0)).getByRole('button', { name: /^J’aime : / })
  await up.click()
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Ffeed$/)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/feed$/)
})

test('a comment sent as the session ended elsewhere is still in its box after signing in again', async ({
  page,
}) => {
  const email = await signedInMember(page, 'commentaire-garde')
  const postId = await demoPostId(page, 1)
  await page.goto(`/post/${postId}`)
  await hydrated(page)
  await endSessionsFromAnotherTab(page)

  const text = 'Mon avis, écrit avant la fin de ma session'
  await page.getByLabel('Votre commentaire').fill(text)
  await page.getByRole('button', { name: 'Commenter' }).click()
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpost%2F/)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/post\//)
  await expect(page.getByLabel('Votre commentaire')).toHaveValue(text)
})

test('a comment typed on a post’s page before the scripts came is sent as typed once they run', async ({
  page,
}) => {
  await signedInMember(page, 'commentaire-precoce')
  const postId = await demoPostId(page, 10)
  const release = await holdRequests(page, PAGE_SCRIPTS)
  await page.goto(`/post/${postId}`, { waitUntil: 'commit' })
  const text = `Écrit avant les scripts (${Date.now()})`
  const box = page.getByLabel('Votre commentaire')
  await box.fill(text)
  release()
  await hydrated(page)
  const send = page.getByRole('button', { name: 'Commenter' })
  await expect(send).toBeEnabled()
  await send.click()
  const list = page.getByRole('list', { name: 'Liste des commentaires' })
  await expect(list.getByText(text)).toBeVisible()
  await expect(box).toHaveValue('')
})

test('cards reused from other members’ pages hydrate, and each member sees their own vote', async ({
  page,
  browser,
}) => {
  // The server renders a card once and reuses its HTML on every page where it is the same
  // (ADR 022): the second member's feed is made of cards first rendered for someone else.
  // Two members signed in, in two browser contexts: 33–42 s on a slow two-core host.
  test.setTimeout(120_000)
  const errors = collectConsoleErrors(page)
  await signedInMember(page, 'cache-a')
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } })
  const other = await context.newPage()
  const otherErrors = collectConsoleErrors(other)
  await signedInMember(other, 'cache-b')
  const postId = await demoPostId(other, 2)
  const card = (on: Page) => cardOf(on, postId)
  const up = (on: Page) => card(on).getByRole('button', { name: /^J’aime : / })
  const count = async (on: Page) => Number(/: (\d+)/.exec((await up(on).textContent()) ?? '')?.[1])

  await other.reload()
  // Hydrated: the comments control is a button once scripts run (a link before).
  await expect(card(other).getByRole('button', { name: /^Commentaires : / })).toBeVisible()
  const before = await count(other)
  const voted = answerOfPostAction(other, 'vote')
  await up(other).click()
  await expect(up(other)).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => count(other)).toBe(before + 1)

  await voted
  await other.reload()
  await expect(up(other)).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(card(page).getByRole('button', { name: /^Commentaires : / })).toBeVisible()
  await expect(up(page)).toHaveAttribute('aria-pressed', 'false')
  expect(await count(page)).toBe(before + 1)
  expect(errors).toEqual([])
  expect(otherErrors).toEqual([])
  await context.close()
})

test('a failed vote is rolled back with a French message', async ({ page }) => {
  await signedInMember(page, 'echec')
  await page.route('**/api/posts/*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, body: '{}' })
      : route.fallback(),
  )
  const card = await demoCard(page, 0)
  const up = card.getByRole('button', { name: /^J’aime : / })
  const before = await upvotes(card)
  await up.click()
  await expect(page.getByText('Le vote n’a pas pu être enregistré.')).toBeVisible()
  await expect(up).toHaveAttribute('aria-pressed', 'false')
  expect(await upvotes(card)).toBe(before)
})

test('a refused vote shows the server’s reason under the message', async ({ page }) => {
  await signedInMember(page, 'refus')
  const reason = 'Trop de tentatives. Réessayez dans 42 secondes.'
  await page.route('**/api/posts/*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, json: { error: reason }, headers: { 'Retry-After': '42' } })
      : route.fallback(),
  )
  const card = await demoCard(page, 0)
  const up = card.getByRole('button', { name: /^J’aime : / })
  await up.click()
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Le vote n’a pas pu être enregistré.' })
  await expect(toast).toContainText(reason)
  await expect(up).toHaveAttribute('aria-pressed', 'false')
})

test('quick clicks: one request after the other, the newest vote shown, an older failure changes nothing', async ({
  page,
}) => {
  const { card, up, down, before } = await votingOn(page, 'clics-rapides', 4)
  // The first vote's request fails after a while; the second is sent only once it has.
  const events: string[] = []
  await page.route('**/api/posts/*', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    const index = events.filter((event) => event.startsWith('sent')).length + 1
    events.push(`sent ${index}`)
    if (index > 1) return route.continue()
    await new Promise((resolve) => setTimeout(resolve, 800))
    events.push('failed 1')
    await route.fulfill({ status: 500, body: '{}' })
  })
  const secondAnswer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.status() === 200,
  )
  await up.click()
  await down.click()
  await expect.poll(() => events).toEqual(['sent 1', 'failed 1', 'sent 2'])
  await secondAnswer
  await expect.poll(() => downvotes(card)).toBe(before.down + 1)
  await page.waitForTimeout(500)
  // The second vote, as the server kept it, and no message about the first.
  expect(await down.getAttribute('aria-pressed')).toBe('true')
  expect(await up.getAttribute('aria-pressed')).toBe('false')
  expect(await upvotes(card)).toBe(before.up)
  await expect(page.getByText('Le vote n’a pas pu être enregistré.')).toHaveCount(0)
  await page.unrouteAll()
  await page.reload()
  await expect(down).toHaveAttribute('aria-pressed', 'true')
})

test.describe('without JavaScript', () => {
  test('votes and saves work as plain forms', async ({ page, browser }) => {
    await signedInMember(page, 'sansjsvote')
    const noScript = await pageWithoutScripts(browser, { member: page })
    await noScript.goto('/feed')
    const postId = await demoPostId(noScript, 1)
    const card = cardOf(noScript, postId)
    const before = await upvotes(card)
    await card.getByRole('button', { name: /^J’aime : / }).click()
    // Back at the card voted on, not at the top of the feed.
    await expect(noScript).toHaveURL(new RegExp(`/feed#post-${postId}-title$`))
    expect(await upvotes(card)).toBe(before + 1)
    await expect(card.getByRole('button', { name: /^J’aime : / })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await card.getByRole('button', { name: 'Sauvegarder' }).click()
    await expect(card.getByRole('button', { name: 'Sauvegardé' })).toBeVisible()
    await noScript.context().close()
  })
})

test('a visitor who votes is sent to sign in, and the server refuses a forged vote', async ({
  page,
  request,
}) => {
  await page.goto('/feed')
  await (await demoCard(page, 0)).getByRole('link', { name: /^J’aime/ }).click()
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Ffeed$/)
  const postId = (await (await request.get('/api/feed')).json()).posts[0].id as string
  const response = await request.post(`/api/posts/${postId}`, {
    headers: { origin: BASE_URL },
    form: { intent: 'vote', type: 'up' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toMatch(/^\/auth\?redirectTo=/)
})

test('views are sent in one batch after the first scroll, not on load', async ({ page }) => {
  const requests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/views')) requests.push(request.postData() ?? '')
  })
  await page.goto('/feed')
  await page.waitForTimeout(1500)
  expect(requests).toEqual([])
  await page.mouse.wheel(0, 400)
  await expect.poll(() => requests.length).toBe(1)
  expect(JSON.parse(requests[0]!).postIds).toHaveLength(20)
})

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`a member comments and deletes the comment at ${viewport.width} px`, async ({ page }) => {
    await signedInMember(page, `commentaire${viewport.width}`)
    await page.setViewportSize(viewport)
    // Each width comments on its own post: the two tests run at the same time.
    const card = await demoCard(page, viewport.width < 1024 ? 2 : 3)
    const toggle = card.getByRole('button', { name: /^Commentaires : / })
    const before = Number(/: (\d+)/.exec((await toggle.textContent()) ?? '')?.[1])
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const box = card.getByLabel('Votre commentaire')
    const send = card.getByRole('button', { name: 'Commenter' })
    await expect(send).toBeDisabled()
    await box.fill('   ')
    await expect(send).toBeDisabled()
    const text = `Très utile, merci ! (${viewport.width})`
    await box.fill(text)
    await send.click()
    await expect(card.getByText(text)).toBeVisible()
    await expect(box).toHaveValue('')
    await expect(toggle).toHaveAccessibleName(`Commentaires : ${before + 1}`)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `test-results/screens/comments-${viewport.width}.png` })

    const mine = card.getByRole('listitem').filter({ hasText: text })
    await mine.getByRole('button', { name: 'Supprimer' }).click()
    await mine.getByRole('button', { name: 'Confirmer la suppression' }).click()
    await expect(card.getByText(text)).toBeHidden()
    await expect(toggle).toHaveAccessibleName(`Commentaires : ${before}`)
    await card.getByRole('button', { name: 'Fermer' }).click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
  })
}

test('on a post’s page, comments closed and opened again are the server’s: one added stays, one deleted stays gone', async ({
  page,
}) => {
  await signedInMember(page, 'commentaires-rouverts')
  const postId = await demoPostId(page, 4)
  const href = await cardOf(page, postId).locator('h2 a').getAttribute('href')
  await page.goto(href!)
  const card = cardOf(page, postId)
  const toggle = card.getByRole('button', { name: /^Commentaires : / })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const before = Number(/: (\d+)/.exec((await toggle.textContent()) ?? '')?.[1])
  const text = `Rouvert, toujours là (${Date.now()})`
  await card.getByLabel('Votre commentaire').fill(text)
  await card.getByRole('button', { name: 'Commenter' }).click()
  await expect(card.getByText(text)).toBeVisible()
  await expect(toggle).toHaveAccessibleName(`Commentaires : ${before + 1}`)
  await card.getByRole('button', { name: 'Fermer' }).click()
  await toggle.click()
  await expect(card.getByText(text)).toBeVisible()
  await expect(toggle).toHaveAccessibleName(`Commentaires : ${before + 1}`)

  const mine = card.getByRole('listitem').filter({ hasText: text })
  await mine.getByRole('button', { name: 'Supprimer' }).click()
  await mine.getByRole('button', { name: 'Confirmer la suppression' }).click()
  await expect(card.getByText(text)).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(card.getByLabel('Votre commentaire')).toBeVisible()
  await expect(card.getByText(text)).toHaveCount(0)

  // What was typed and not sent outlives the panel's closing, until the box is emptied.
  const box = card.getByLabel('Votre commentaire')
  await box.fill('Pas encore envoyé, à reprendre')
  await card.getByRole('button', { name: 'Fermer' }).click()
  await toggle.click()
  await expect(box).toHaveValue('Pas encore envoyé, à reprendre')
  await box.fill('')
  await card.getByRole('button', { name: 'Fermer' }).click()
  await toggle.click()
  await expect(box).toBeVisible()
  await expect(box).toHaveValue('')
})

test('a comment deleted meanwhile in another tab leaves the list when deleted here too', async ({
  page,
  context,
}) => {
  await signedInMember(page, 'commentaire-deja-supprime')
  const postId = await demoPostId(page, 7)
  const card = cardOf(page, postId)
  const toggle = card.getByRole('button', { name: /^Commentaires : / })
  const before = Number(/: (\d+)/.exec((await toggle.textContent()) ?? '')?.[1])
  // Below the fold: scrolled to, the cards above may still move (a link's preview comes after
  // the first scroll), which a click can miss. Pressed again until the panel is open.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 })
  }).toPass()
  const text = `Supprimé dans un autre onglet (${Date.now()})`
  await card.getByLabel('Votre commentaire').fill(text)
  await card.getByRole('button', { name: 'Commenter' }).click()
  await expect(toggle).toHaveAccessibleName(`Commentaires : ${before + 1}`)

  const other = await context.newPage()
  await other.goto(`/post/${postId}`)
  const there = other.getByRole('listitem').filter({ hasText: text })
  await there.getByRole('button', { name: 'Supprimer' }).click()
  await there.getByRole('button', { name: 'Confirmer la suppression' }).click()
  await expect(other.getByText(text)).toBeHidden()
  await other.close()

  const mine = card.getByRole('listitem').filter({ hasText: text })
  await mine.getByRole('button', { name: 'Supprimer' }).click()
  await mine.getByRole('button', { name: 'Confirmer la suppression' }).click()
  await expect(card.getByText(text)).toBeHidden()
  await expect(toggle).toHaveAccessibleName(`Commentaires : ${before}`)
  await expect(card.getByText('Commentaire non trouvé', { exact: false })).toHaveCount(0)
  await expect(card.getByLabel('Votre commentaire')).toBeFocused()
})

test('a comment sent while the connection fails stays in its box, with a French message', async ({
  page,
}) => {
  await signedInMember(page, 'commentaire-hors-ligne')
  const card = await demoCard(page, 5)
  const toggle = card.getByRole('button', { name: /^Commentaires : / })
  const before = Number(/: (\d+)/.exec((await toggle.textContent()) ?? '')?.[1])
  const box = card.getByLabel('Votre commentaire')
  // Opened again if a click landed while the page was still settling (seen once in CI).
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(box).toBeEnabled({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  const text = 'Envoyé depuis le train, sans réseau'
  await box.fill(text)
  await page.route('**/api/posts/*/comments', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  )
  // Sent from the keyboard: the button, disabled while sending, gives the focus back to the text.
  await card.getByRole('button', { name: 'Commenter' }).focus()
  await page.keyboard.press('Enter')
  await expect(card.getByRole('alert')).toContainText('La connexion a échoué')
  await expect(box).toHaveValue(text)
  await expect(box).toBeFocused()
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('heading', { level: 1, name: 'Fil d’actualité' })).toBeVisible()
  // Back online, the same text goes.
  await page.unrouteAll()
  await card.getByRole('button', { name: 'Commenter' }).click()
  await expect(card.getByText(text)).toBeVisible()
  await expect(toggle).toHaveAccessibleName(`Commentaires : ${before + 1}`)
  const mine = card.getByRole('listitem').filter({ hasText: text })
  // A deletion that fails: 'Supprimer' back with the focus, and the text box not marked invalid.
  await page.route('**/api/posts/*/comments', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  )
  await mine.getByRole('button', { name: 'Supprimer' }).click()
  await mine.getByRole('button', { name: 'Confirmer la suppression' }).click()
  await expect(card.getByRole('alert')).toContainText('La connexion a échoué')
  await expect(mine.getByRole('button', { name: 'Supprimer' })).toBeFocused()
  await expect(box).not.toHaveAttribute('aria-invalid')
  await page.unrouteAll()
  await mine.getByRole('button', { name: 'Supprimer' }).click()
  await mine.getByRole('button', { name: 'Confirmer la suppression' }).click()
  await expect(card.getByText(text)).toBeHidden()
})

/**
 * A member's comments panel opened on their own demo post (index), whose comment is sent over a
 * slow connection: it is answered when the test calls `answer`, once `sent` says it left.
 */
async function commentingSlowly(page: Page, label: string, index: number, text: string) {
  await signedInMember(page, label)
  const card = await demoCard(page, index)
  const toggle = card.getByRole('button', { name: /^Commentaires : / })
  const box = card.getByLabel('Votre commentaire')
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(box).toBeEnabled({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  let answer!: () => void
  await page.route('**/api/posts/*/comments', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    await new Promise<void>((resolve) => (answer = resolve))
    await route.continue()
  })
  await box.fill(text)
  await box.press('Control+Enter')
  await expect.poll(() => typeof answer).toBe('function')
  return { card, toggle, box, answer }
}

test('what is typed while a comment sends stays in its box, without the comment sent', async ({
  page,
}) => {
  const sent = `Premier point, envoyé ${Date.now()}`
  // Its own demo post: the test on the fifth counts that one's comments.
  const { card, toggle, box, answer } = await commentingSlowly(page, 'commentaire-suite', 8, sent)
  await box.press('End')
  await page.keyboard.type(' Et la suite')
  answer()
  await expect(card.getByText(sent)).toBeVisible()
  await expect(box).toHaveValue('Et la suite')
  await expect(box).toBeFocused()
  // Kept in this tab as it is now: closed and opened again, the box holds only the rest.
  await toggle.click()
  await expect(box).toBeHidden()
  await toggle.click()
  await expect(box).toHaveValue('Et la suite')
})

test('a comment published after its panel was closed is not given back as a draft', async ({
  page,
}) => {
  const sent = `Envoyé, puis panneau fermé ${Date.now()}`
  const { card, toggle, box, answer } = await commentingSlowly(page, 'commentaire-ferme', 9, sent)
  // Closed while it sends; the answer comes to no panel.
  await toggle.click()
  await expect(box).toBeHidden()
  const published = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/comments'),
  )
  answer()
  expect((await published).status()).toBe(201)
  await toggle.click()
  const list = card.getByRole('list', { name: 'Liste des commentaires' })
  await expect(list.getByText(sent)).toBeVisible()
  await expect(box).toBeEnabled()
  await expect(box).toHaveValue('')
})

test('comments that failed to load come with « Réessayer », and the keyboard goes on to them', async ({
  page,
}) => {
  await signedInMember(page, 'commentaires-reessayer')
  const card = await demoCard(page, 2)
  await page.route('**/api/posts/*/comments*', (route) =>
    route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.fallback(),
  )
  const toggle = card.getByRole('button', { name: /^Commentaires : / })
  const count = Number(/: (\d+)/.exec((await toggle.textContent()) ?? '')?.[1])
  await toggle.click()
  // Said as it shows: the live region that said « Chargement des commentaires… » goes quiet.
  await expect(card.getByRole('alert')).toHaveText('Les commentaires n’ont pas pu être chargés.')
  await page.unrouteAll()
  await card.getByRole('button', { name: 'Réessayer' }).focus()
  await page.keyboard.press('Enter')
  // On the list, or on the text box when there is none yet.
  await expect(
    count > 0
      ? card.getByRole('list', { name: 'Liste des commentaires' })
      : card.getByLabel('Votre commentaire'),
  ).toBeFocused()
})

// A post with 105 comments more than the demo gave it (tests/setup/e2e-data.ts): its panel
// lists the most recent 100 and links to the older ones (ADR 047).
const commentsPanel = (page: Page) => page.getByRole('region', { name: 'Commentaires' })
const commentList = (page: Page) => page.getByRole('list', { name: 'Liste des commentaires' })
/** The link to older comments, with or without their number. */
const OLDER_LINK = /^Afficher les commentaires précédents/

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`older comments load in the panel from the keyboard at ${viewport.width} px`, async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page)
    const { olderCommentsPostPath, olderCommentsTotal } = fixtures()
    const hidden = olderCommentsTotal - 100
    await page.setViewportSize(viewport)
    await page.goto(olderCommentsPostPath)
    // A key pressed before the router runs would follow the link as a browser without scripts.
    await hydrated(page)
    const list = commentList(page)
    await expect(list.getByRole('listitem')).toHaveCount(100)
    await expect(list.getByText(olderCommentText(1), { exact: true })).toHaveCount(0)
    const older = page.getByRole('link', { name: OLDER_LINK })
    await expect(older).toHaveText(`Afficher les commentaires précédents (${hidden})`)

    await older.focus()
    await page.keyboard.press('Enter')
    await expect(list.getByRole('listitem')).toHaveCount(olderCommentsTotal)
    await expect(
      list.getByRole('listitem').first().getByText(olderCommentText(1), { exact: true }),
    ).toBeVisible()
    await expect(list).toBeFocused()
    await expect(older).toHaveCount(0)
    await expect(commentsPanel(page).getByRole('status')).toHaveText(
      `${hidden} commentaires précédents affichés`,
    )
    // Loaded by a script: the page's address stays the post's own.
    expect(new URL(page.url()).search).toBe('')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `test-results/screens/older-comments-${viewport.width}.png` })
    expect(errors).toEqual([])
  })
}

test.describe('without JavaScript', () => {
  // (axe runs in the page, which runs no script here: the journey above audits the same page)
  test('older comments are a page of their own, a link away from the most recent', async ({
    browser,
  }) => {
    const { olderCommentsPostPath, olderCommentsTotal } = fixtures()
    const hidden = olderCommentsTotal - 100
    const page = await pageWithoutScripts(browser)
    await page.goto(olderCommentsPostPath)
    await page
      .getByRole('link', { name: `Afficher les commentaires précédents (${hidden})` })
      .click()
    await expect(page).toHaveURL(/\?avant=[^#]+#post-[0-9a-f-]{36}-comments$/)
    const list = commentList(page)
    await expect(list.getByRole('listitem')).toHaveCount(hidden)
    await expect(
      list.getByRole('listitem').first().getByText(olderCommentText(1), { exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: OLDER_LINK })).toHaveCount(0)

    await page.getByRole('link', { name: 'Voir les commentaires les plus récents' }).click()
    await expect(page).toHaveURL(/\/post\/[^?]+#post-[0-9a-f-]{36}-comments$/)
    await expect(list.getByRole('listitem')).toHaveCount(100)
    await expect(page.getByRole('link', { name: OLDER_LINK })).toHaveText(
      `Afficher les commentaires précédents (${hidden})`,
    )
    await page.context().close()
  })
})
