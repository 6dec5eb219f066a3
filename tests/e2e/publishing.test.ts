import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import {
  collectConsoleErrors,
  CONNECTION_FAILED,
  dropConnection,
  expectNoAxeViolations,
  holdRequests,
  PAGE_SCRIPTS,
  hydrated,
  VIEWPORTS,
} from './helpers'
import { clientIp } from './mail'
import { endSessionsFromAnotherTab, pageWithoutScripts, signedInMember, signIn } from './members'
import { fixtures } from './demo-cards'
import { startInsideOneWindow } from '../setup/rate-windows'
import { publishFromComposer } from './composer'

// The page the composer links to, served by tests/setup/link-fixture-server.ts.
const LINK = 'http://127.0.0.1:3127/guide-levee-de-fonds'

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

async function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 90, b: 200 } },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-exif' } })
    .toBuffer()
}

function meter(page: Page) {
  return page.getByRole('meter', { name: 'Score d’engagement' })
}

test('a visitor who opens the composer goes to /auth and comes back', async ({ page }) => {
  await page.goto('/post/create')
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpost%2Fcreate$/)
})

test('a member composes with an image and a link, gets the draft back after a reload, publishes and reads the post at its readable URL', async ({
  page,
}) => {
  // Two pages checked at two widths (screenshots and axe), an image processed, a reload: 50 s
  // and more on a slow two-core host, where the default 60 s left too little room.
  test.setTimeout(120_000)
  const errors = collectConsoleErrors(page)
  await signedInMember(page, 'publie', '/post/create')
  const title = `Levée de fonds : BPI ou business angels ? ${Date.now()}`
  const publish = page.getByRole('button', { name: 'Publier' })

  await expect(meter(page)).toHaveAttribute('aria-valuenow', '0')
  await expect(publish).toBeDisabled()
  await page.getByRole('radio', { name: 'Discussion' }).check()
  // A title too short earns part of its points, said as such.
  await page.getByLabel('Titre').fill('Levée')
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Un titre de 10 à 100 caractères' }),
  ).toContainText('10 sur 25')
  await page.getByLabel('Titre').fill(title)
  await expect(meter(page)).toHaveAttribute('aria-valuenow', '35')
  // A title and a question mark are not enough without a category: 25 + 10 = 35 ≥ 30.
  await expect(publish).toBeEnabled()
  await page
    .getByLabel('Contenu')
    .fill('Nous préparons un premier tour de 500 k€ pour notre application de télésanté.')
  await expect(page.getByText('77 / 1 000 caractères')).toBeVisible()
  // Marketing ticked first, though Financement comes before it on the form: it is the main one.
  await page.getByRole('checkbox', { name: 'Marketing', exact: true }).check()
  await page.getByRole('checkbox', { name: 'Financement' }).check()
  await page.getByRole('checkbox', { name: 'Santé' }).check()
  // Ticked shows by a check mark too, which forced colours (Windows' contrast themes) keep.
  const checkMark = (name: string) =>
    page
      .locator('label')
      .filter({ has: page.getByRole('checkbox', { name, exact: true }) })
      .locator('[data-slot="chip-check"]')
  await expect(checkMark('Financement')).toBeVisible()
  await expect(checkMark('Digital')).toBeHidden()
  await page.emulateMedia({ forcedColors: 'active' })
  await page.screenshot({ path: 'test-results/composer-forced-colors.png' })
  await page.emulateMedia({ forcedColors: 'none' })
  await page.getByLabel('Tags (facultatif)').fill('levée de fonds, bpi, amorçage')
  await page.getByLabel('Lien externe (facultatif)').fill(LINK)
  await expect(page.locator('[data-slot="link-preview"]')).toContainText(
    'Le guide de la levée de fonds',
  )
  await page.locator('input[type="file"]').setInputFiles({
    name: 'equipe.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(),
  })
  await expect(page.getByRole('img', { name: 'Aperçu du visuel choisi' })).toBeVisible()
  await expect(meter(page)).toHaveAttribute('aria-valuenow', '100')
  // With an image comes the field that says what it shows (ADR 064).
  const imageAlt = 'L’équipe fondatrice devant ses bureaux de Lyon'
  await page.getByLabel('Description de l’image (facultatif)').fill(imageAlt)

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: `test-results/composer-${viewport.name}.png`, fullPage: true })
    await expectNoAxeViolations(page)
  }

  // The draft survives a reload, image included.
  await page.reload()
  await expect(page.getByText('Brouillon restauré')).toBeVisible()
  await expect(page.getByLabel('Titre')).toHaveValue(title)
  await expect(page.getByRole('checkbox', { name: 'Financement' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Discussion' })).toBeChecked()
  await expect(page.getByRole('img', { name: 'Aperçu du visuel choisi' })).toBeVisible()
  await expect(page.getByLabel('Description de l’image (facultatif)')).toHaveValue(imageAlt)

  // Sent while the connection fails: the composer stays as typed, with a French message.
  await dropConnection(page, '**/post/create.data*')
  await page.getByRole('button', { name: 'Publier' }).click()
  // Above the fields, brought into view from the button at the bottom of the form.
  await expect(page.getByText(CONNECTION_FAILED)).toBeInViewport()
  await expect(page.getByLabel('Titre')).toHaveValue(title)
  await expect(page.getByRole('checkbox', { name: 'Santé' })).toBeChecked()
  await expect(page.getByRole('img', { name: 'Aperçu du visuel choisi' })).toBeVisible()
  await page.screenshot({ path: 'test-results/composer-offline.png' })
  await page.unrouteAll()

  await page.getByRole('button', { name: 'Publier' }).click()
  await expect(page.getByText('Post créé avec succès !')).toBeVisible()
  // Every journey's member is a Chloé Girard: namesakes after the first are numbered (ADR 053).
  await expect(page).toHaveURL(
    /\/post\/chloe-girard(?:-\d+)?\/levee-de-fonds-bpi-ou-business-angels-\d+$/,
  )
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Communautés et tags' }).getByRole('link'),
  ).toHaveText(['Marketing', 'Financement', 'Santé', /levée de fonds/, /bpi/, /amorçage/])
  await expect(page.getByRole('region', { name: 'Commentaires' })).toBeVisible()
  await expect(page.locator('[data-slot="link-preview"]')).toContainText(
    'Le guide de la levée de fonds',
  )
  // The image was re-encoded to WebP without its metadata.
  const image = page.locator('[data-slot="post-card"] img[src^="/uploads/posts/"]')
  const src = await image.getAttribute('src')
  expect(src).toMatch(/^\/uploads\/posts\/[0-9a-f-]{36}\.webp$/)
  // Read in its place by screen readers, and given to the pages that show the link.
  await expect(image).toHaveAttribute('alt', imageAlt)
  await expect(page.locator('head meta[property="og:image:alt"]')).toHaveAttribute(
    'content',
    imageAlt,
  )
  const stored = await page.request.get(src!)
  expect(stored.headers()['content-type']).toBe('image/webp')
  expect(stored.headers()['x-content-type-options']).toBe('nosniff')
  expect((await stored.body()).includes('secret-exif')).toBe(false)

  const head = page.locator('head')
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`${page.url().replace(/^https?:\/\/[^/]+/, '')}$`),
  )
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
  const jsonLd = JSON.parse(
    (await head.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as { '@type': string; headline: string }
  expect(jsonLd).toMatchObject({ '@type': 'DiscussionForumPosting', headline: title })

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: `test-results/post-page-${viewport.name}.png`, fullPage: true })
    await expectNoAxeViolations(page)
  }

  // A tag leads to a search for it, which finds the post by its tag alone (drizzle/0020).
  await page.getByRole('link', { name: 'amorçage' }).click()
  await expect(page).toHaveURL(/\/feed\?q=amor%C3%A7age$/)
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()

  // The draft is gone once published.
  await page.goto('/post/create')
  await expect(page.getByLabel('Titre')).toHaveValue('')
  await expect(page.getByText('Brouillon restauré')).toBeHidden()
  // The one error the browser logs is the publication cut off on purpose, above.
  expect(errors).toEqual(['Failed to load resource: net::ERR_INTERNET_DISCONNECTED'])
})

test('the image field keeps the focus through its upload, and « Retirer l’image » gives it back', async ({
  page,
}) => {
  await signedInMember(page, 'retire-image', '/post/create')
  const field = page.locator('input[type="file"]')
  // Chosen from the keyboard: the field, disabled while the upload runs, has the focus again after.
  await field.focus()
  await field.setInputFiles({ name: 'equipe.jpg', mimeType: 'image/jpeg', buffer: await photo() })
  await expect(page.getByRole('img', { name: 'Aperçu du visuel choisi' })).toBeVisible()
  await expect(field).toBeFocused()
  // The field itself is hidden: its label, « Remplacer l’image » beside the image, shows where
  // the keyboard is.
  const remove = page.getByRole('button', { name: 'Retirer l’image' })
  const description = page.getByLabel('Description de l’image (facultatif)')
  await description.fill('Trois personnes autour d’une table')
  await remove.focus()
  await page.keyboard.press('Tab')
  await expect(field).toBeFocused()
  const label = page.locator('label', { has: page.getByText('Remplacer l’image') })
  await expect(label).toBeVisible()
  await expect(label).toHaveCSS('outline-style', 'solid')
  await page.keyboard.press('Shift+Tab')
  await expect(remove).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('img', { name: 'Aperçu du visuel choisi' })).toHaveCount(0)
  await expect(field).toBeFocused()
  await expect(page.locator('label', { has: page.getByText('Choisir une image') })).toHaveCSS(
    'outline-style',
    'solid',
  )
  // The description went with its image: it would not say what another one shows.
  await expect(description).toHaveCount(0)
  await field.setInputFiles({ name: 'autre.jpg', mimeType: 'image/jpeg', buffer: await photo() })
  await expect(description).toHaveValue('')
  // Nor when the image is replaced.
  await description.fill('Un graphique des ventes')
  await field.setInputFiles({ name: 'encore.jpg', mimeType: 'image/jpeg', buffer: await photo() })
  await expect(description).toHaveValue('')
})

test('a post sent after the session ended keeps its draft for the return from /auth', async ({
  page,
}) => {
  const email = await signedInMember(page, 'brouillon-session', '/post/create')
  const title = `Un brouillon qui survit à la session ? ${Date.now()}`
  await page.getByRole('radio', { name: 'Discussion' }).check()
  await page.getByLabel('Titre').fill(title)
  await page.getByRole('checkbox', { name: 'Digital' }).check()
  const publish = page.getByRole('button', { name: 'Publier' })
  await expect(publish).toBeEnabled()
  // The session ends meanwhile (signed out in another tab, or expired).
  await page.context().clearCookies({ name: /session/ })
  await publish.click()
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpost%2Fcreate$/)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/post\/create$/)
  await expect(page.getByText('Brouillon restauré')).toBeVisible()
  await expect(page.getByLabel('Titre')).toHaveValue(title)
})

test('a draft is its member’s: another account signed in on the same browser does not get it', async ({
  page,
}) => {
  test.slow()
  const first = await signedInMember(page, 'brouillon-a', '/post/create')
  const title = `Le brouillon de la première ${Date.now()}`
  await page.getByLabel('Titre').fill(title)
  await expect.poll(() => page.evaluate(() => JSON.stringify(localStorage))).toContain(title)
  // Signed out (or the session ended); someone else signs in on this browser.
  await page.context().clearCookies({ name: /session/ })
  await signedInMember(page, 'brouillon-b', '/post/create')
  await expect(page.getByRole('button', { name: 'Publier' })).toBeVisible()
  await expect(page.getByLabel('Titre')).toHaveValue('')
  await expect(page.getByText('Brouillon restauré')).toHaveCount(0)
  // The first member finds it again.
  await page.context().clearCookies({ name: /session/ })
  await page.goto('/auth?redirectTo=%2Fpost%2Fcreate')
  await signIn(page, first)
  await expect(page).toHaveURL(/\/post\/create$/)
  await expect(page.getByLabel('Titre')).toHaveValue(title)
})

test('what is typed in the composer before the scripts came stays, over the draft they bring back', async ({
  page,
}) => {
  await signedInMember(page, 'brouillon-precoce', '/post/create')
  const content = `Le contenu gardé du brouillon ${Date.now()}`
  await page.getByLabel('Titre').fill('Le titre du brouillon gardé')
  await page.getByLabel('Contenu').fill(content)
  await expect.poll(() => page.evaluate(() => JSON.stringify(localStorage))).toContain(content)

  const release = await holdRequests(page, PAGE_SCRIPTS)
  await page.goto('/post/create', { waitUntil: 'commit' })
  const title = `Tapé avant les scripts ${Date.now()}`
  await page.getByLabel('Titre').fill(title)
  await page.getByRole('checkbox', { name: 'Digital' }).check()
  release()
  await hydrated(page)
  await expect(page.getByText('Brouillon restauré')).toBeVisible()
  await expect(page.getByLabel('Titre')).toHaveValue(title)
  await expect(page.getByLabel('Contenu')).toHaveValue(content)
  await expect(page.getByRole('checkbox', { name: 'Digital' })).toBeChecked()
  await expect(page.getByText(`${content.length} / `)).toBeVisible()
  await expect.poll(() => page.evaluate(() => JSON.stringify(localStorage))).toContain(title)
})

test('the composer shows the error messages of the specification', async ({ page }) => {
  await signedInMember(page, 'erreurs', '/post/create')
  await page.getByLabel('Titre').fill('Un titre assez long pour publier ?')
  await page.getByRole('button', { name: 'Publier' }).click()
  await expect(page.getByText('Veuillez sélectionner au moins une catégorie.')).toBeVisible()

  await page.locator('input[type="file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('pas une image'),
  })
  await expect(page.getByText('Seuls les fichiers image sont acceptés.')).toBeVisible()

  // A file that claims to be an image is refused by the server's sniffing.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.7 pas une image'),
  })
  await expect(
    page.getByText("Erreur lors de l'upload de l'image.", { exact: false }),
  ).toBeVisible()

  await page.getByRole('radio', { name: 'Post' }).check()
  await page.getByLabel('Contenu').fill('a'.repeat(1001))
  await expect(page.getByText('1 001 / 1 000 caractères')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Mindset' }).check()
  await page.getByRole('button', { name: 'Publier' }).click()
  await expect(page.getByText('Le contenu contient au plus 1 000 caractères.')).toBeVisible()
  await page.getByRole('radio', { name: 'Article' }).check()
  await expect(page.getByText('1 001 / 5 000 caractères')).toBeVisible()
})

test('a renamed member’s post keeps its address: the former one leads on to the new one', async ({
  page,
}) => {
  await signedInMember(page, 'renomme', '/post/create', {
    firstName: 'Gaston',
    lastName: 'Lagaffe',
  })
  const title = `Un bureau sans gaffe ? ${Date.now()}`
  await page.getByRole('radio', { name: 'Discussion' }).check()
  await page.getByLabel('Titre').fill(title)
  await page.getByRole('checkbox', { name: 'Mindset' }).check()
  await page.getByRole('button', { name: 'Publier' }).click()
  await expect(page).toHaveURL(/\/post\/gaston-lagaffe(?:-\d+)?\/un-bureau-sans-gaffe-\d+$/)
  const former = new URL(page.url()).pathname

  await page.goto('/profile/edit')
  await page.getByLabel('Nom', { exact: true }).fill('Lagaffe-Prunelle')
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click()
  await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible()

  const response = await page.goto(former)
  expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`${former}$`))
  await expect(page).toHaveURL(
    /\/post\/gaston-lagaffe-prunelle(?:-\d+)?\/un-bureau-sans-gaffe-\d+$/,
  )
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Gaston Lagaffe-Prunelle' }).first()).toBeVisible()
})

test('the author deletes a post from its page: confirmation, toast, back to the feed', async ({
  page,
}) => {
  await signedInMember(page, 'supprime', '/post/create')
  const title = `Post à supprimer ${Date.now()}`
  await publishFromComposer(page, title, 'Autres')
  const postUrl = page.url()

  await page.getByRole('button', { name: `Options du post « ${title} »` }).click()
  await page.getByRole('menuitem', { name: 'Supprimer' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Supprimer ce post ?' })).toBeVisible()
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click()
  await expect(page.getByText('Post supprimé avec succès')).toBeVisible()
  await expect(page).toHaveURL(/\/feed$/)
  await page.goto(postUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Post non trouvé' })).toBeVisible()
})

/**
 * From the feed, back on the post page of `title`: confirms its card's deletion, holds it on its
 * way until the member has gone Back to the post's page (the feed gone), then lets it go.
 */
async function leaveWhileDeleting(page: Page, title: string) {
  const card = page.locator('[data-slot="post-card"]', { hasText: title })
  let leave = () => {}
  const left = new Promise<void>((resolve) => (leave = resolve))
  const isDeletion = (url: string, method: string) =>
    method === 'POST' && /\/api\/posts\/[\w-]+$/.test(url)
  await page.route(/\/api\/posts\/[\w-]+$/, async (route) => {
    if (!isDeletion(route.request().url(), route.request().method())) return route.fallback()
    await left
    // Aborted by the page meanwhile, it cannot go on: the post then stays.
    await route.continue().catch(() => undefined)
  })
  const sent = page.waitForRequest((request) => isDeletion(request.url(), request.method()))
  await card.getByRole('button', { name: `Options du post « ${title} »` }).click()
  await page.getByRole('menuitem', { name: 'Supprimer' }).click()
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click()
  await sent
  // Aborted, it never has an answer.
  const answered = page.waitForResponse(
    (response) => isDeletion(response.url(), response.request().method()),
    { timeout: 15_000 },
  )
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  leave()
  return answered
}

/** A member's new post, then the feed it is at the top of. */
async function publishThenFeed(page: Page, label: string, title: string) {
  await signedInMember(page, label, '/post/create')
  await publishFromComposer(page, title, 'Autres')
  const postUrl = page.url()
  await page.getByRole('link', { name: 'Retour au fil' }).click()
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0)
  return postUrl
}

test('a deletion confirmed just before leaving the feed still happens', async ({ page }) => {
  const title = `Supprimé en partant ${Date.now()}`
  const postUrl = await publishThenFeed(page, 'supprime-part', title)
  expect((await leaveWhileDeleting(page, title)).status()).toBe(200)
  await page.goto(postUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Post non trouvé' })).toBeVisible()
})

test('a deletion refused for an ended session after leaving the feed leaves the member where they went', async ({
  page,
}) => {
  const title = `Supprimé hors session ${Date.now()}`
  const postUrl = await publishThenFeed(page, 'supprime-hors-session', title)
  await endSessionsFromAnotherTab(page)
  const signInPage = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/auth'),
  )
  // The server sends the deletion to sign-in: its feed is gone, nothing is done with that.
  expect((await leaveWhileDeleting(page, title)).status()).toBe(302)
  await signInPage
  await page.waitForTimeout(300)
  await expect(page).toHaveURL(postUrl)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
})

test('a video link plays in place from the keyboard, the focus in its player', async ({ page }) => {
  // No video site from here: their thumbnails and player fail, which changes nothing to this.
  await page.route(/youtube|ytimg/, (route) => route.abort())
  await page.goto(fixtures().videoPostPath)
  await hydrated(page)
  const title = 'Notre pitch en vidéo'
  await page.getByRole('button', { name: `Lire la vidéo : ${title}` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTitle(`Vidéo : ${title}`)).toBeFocused()
})

test('a post deleted meanwhile from another tab is gone here too, without an error', async ({
  page,
}) => {
  await signedInMember(page, 'deux-onglets', '/post/create')
  const title = `Post supprimé deux fois ${Date.now()}`
  await publishFromComposer(page, title, 'Autres')
  const other = await page.context().newPage()
  await other.goto(page.url())
  const deleteFrom = async (tab: typeof page) => {
    await tab.getByRole('button', { name: `Options du post « ${title} »` }).click()
    await tab.getByRole('menuitem', { name: 'Supprimer' }).click()
    await tab.getByRole('button', { name: 'Supprimer', exact: true }).click()
    await expect(tab.getByText('Post supprimé avec succès')).toBeVisible()
    await expect(tab).toHaveURL(/\/feed$/)
  }
  await deleteFrom(other)
  await other.close()
  // The server answers 404 here: the post is gone, as asked; the card does not come back.
  await deleteFrom(page)
  await expect(page.getByText('Erreur lors de la suppression du post')).toHaveCount(0)
})

test('the author deletes a post from the feed: the list refreshes without a full reload', async ({
  page,
}) => {
  await signedInMember(page, 'supprime-fil', '/post/create')
  const title = `Dans le fil puis supprimé ${Date.now()}`
  await publishFromComposer(page, title, 'Networking')

  await page.getByRole('link', { name: 'Retour au fil' }).click()
  // The address changes once the feed's data is in, before the feed is on screen: until then
  // the post page is there, with the same card, whose menu would go with it (ADR 015). Wait
  // for the post page to leave.
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0)
  const card = page.locator('[data-slot="post-card"]', { hasText: title })
  await expect(card).toBeVisible()
  // The author likes it first: the card that comes back after a failed deletion keeps that like.
  const like = card.getByRole('button', { name: /^J’aime : / })
  const liked = page.waitForResponse(
    (response) => response.url().includes('/api/posts/') && response.request().method() === 'POST',
  )
  await like.click()
  await liked
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  // A full reload would lose this mark.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  // The menu's code loads when the button is first pointed at (ADR 015); held back half a
  // second here, it is still loading when the click lands, and the menu opens once it arrives.
  await page.route(/\/assets\/delete-post-popup-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    await route.continue()
  })
  const held = page.waitForRequest(/\/assets\/delete-post-popup-[^/]+\.js$/)
  await card.getByRole('button', { name: `Options du post « ${title} »` }).click()
  // The code was not there before: the click did land while it loaded.
  await held
  // The connection fails: the card comes back with a French message, the feed stays.
  await page.route(/\/api\/posts\/[\w-]+$/, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  )
  await page.getByRole('menuitem', { name: 'Supprimer' }).click()
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click()
  await expect(page.getByText('Erreur lors de la suppression du post')).toBeVisible()
  await expect(card).toBeVisible()
  // As it was, not as the page loaded it.
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  // Back, with the focus on its menu's button, where the member was.
  const options = card.getByRole('button', { name: `Options du post « ${title} »` })
  await expect(options).toBeFocused()
  await page.unroute(/\/api\/posts\/[\w-]+$/)
  // From the keyboard, cancelled: the focus comes back to the menu's button, not the page's body.
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: 'Supprimer' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(options).toBeFocused()
  // Confirmed this time: the focus goes on to the next card's title, not to the page.
  await page.keyboard.press('Enter')
  await page.getByRole('menuitem', { name: 'Supprimer' }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Supprimer', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Post supprimé avec succès')).toBeVisible()
  await expect(card).toHaveCount(0)
  await expect(page.locator('[data-slot="post-card"] h2 a:focus')).toHaveCount(1)
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  // Gone on the server too.
  await page.reload()
  await expect(page.locator('[data-slot="post-card"]', { hasText: title })).toHaveCount(0)
})

test('deleting the only card leaves the focus in the page; a late failure leaves it where the member went', async ({
  page,
}) => {
  await signedInMember(page, 'seule-carte', '/post/create')
  const title = `Seul post du profil ${Date.now()}`
  await publishFromComposer(page, title, 'Networking')
  await page.goto('/profile')
  await hydrated(page)
  const card = page.locator('[data-slot="post-card"]', { hasText: title })
  await expect(card).toHaveCount(1)
  const options = card.getByRole('button', { name: `Options du post « ${title} »` })
  const confirm = async () => {
    await options.click()
    await page.getByRole('menuitem', { name: 'Supprimer' }).click()
    await page.getByRole('button', { name: 'Supprimer', exact: true }).click()
  }

  // A failure that comes late, once the member has gone on elsewhere in the page.
  let answer!: () => void
  await page.route(/\/api\/posts\/[\w-]+$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    await new Promise<void>((resolve) => (answer = resolve))
    await route.fulfill({ status: 500, json: { error: 'Erreur interne' } })
  })
  await confirm()
  await expect(card).toHaveCount(0)
  // Its list item goes with it: no empty item left in the list, nor its gap.
  await expect(page.getByRole('list', { name: 'Publications' }).getByRole('listitem')).toHaveCount(
    0,
  )
  // No other card: the page's content has the focus, not the document's body.
  await expect(page.locator('#contenu')).toBeFocused()
  const elsewhere = page.getByRole('banner').getByRole('link').first()
  await elsewhere.focus()
  // The card is hidden as the deletion is asked; its request may reach the route a moment later.
  await expect.poll(() => typeof answer).toBe('function')
  answer()
  await expect(page.getByText('Erreur lors de la suppression du post')).toBeVisible()
  await expect(card).toBeVisible()
  await expect(elsewhere).toBeFocused()
  await page.unroute(/\/api\/posts\/[\w-]+$/)

  await confirm()
  await expect(page.getByText('Post supprimé avec succès')).toBeVisible()
  await expect(card).toHaveCount(0)
  await expect(page.locator('#contenu')).toBeFocused()
})

test.describe('without JavaScript', () => {
  test('a member publishes with an image, comments on the post page and deletes it', async ({
    page,
    browser,
  }) => {
    await signedInMember(page, 'sans-js')
    const noScript = await pageWithoutScripts(browser, { member: page })
    await noScript.goto('/post/create')
    const title = `Sans JavaScript ? ${Date.now()}`
    await noScript.getByLabel('Titre').fill(title)
    await noScript.getByLabel('Contenu').fill('Publié depuis un navigateur sans JavaScript.')
    await noScript.getByLabel('Lien externe (facultatif)').fill('https://exemple.fr/ressource')
    // Refused by the server (no category): what was typed comes back filled in.
    await noScript.getByRole('button', { name: 'Publier' }).click()
    await expect(noScript).toHaveURL(/\/post\/create$/)
    await expect(noScript.getByLabel('Titre')).toHaveValue(title)
    await expect(noScript.getByLabel('Contenu')).toHaveValue(
      'Publié depuis un navigateur sans JavaScript.',
    )
    await expect(noScript.getByLabel('Lien externe (facultatif)')).toHaveValue(
      'https://exemple.fr/ressource',
    )
    await noScript.getByRole('checkbox', { name: 'Digital' }).check()
    const imageAlt = 'Capture de l’écran d’accueil de la ressource'
    await noScript.getByLabel('Description de l’image (facultatif)').fill(imageAlt)
    // An image of 7 Mo is refused by the server, in its field: what was typed stays.
    await noScript.locator('input[type="file"]').setInputFiles({
      name: 'lourde.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(7 * 1024 * 1024, 1),
    })
    await noScript.getByRole('button', { name: 'Publier' }).click()
    await expect(noScript.getByText('L’image dépasse 5 Mo.')).toBeVisible()
    await expect(noScript.getByLabel('Titre')).toHaveValue(title)
    await expect(noScript.getByRole('checkbox', { name: 'Digital' })).toBeChecked()
    await expect(noScript.getByLabel('Description de l’image (facultatif)')).toHaveValue(imageAlt)
    // A file named as an image that is not one passes the form's checks and is refused when
    // the server decodes it, in its field: the attempt is given back, so the next image chosen
    // at once is published, not told to wait 10 seconds.
    await noScript.locator('input[type="file"]').setInputFiles({
      name: 'capture.png',
      mimeType: 'image/png',
      buffer: Buffer.from('%PDF-1.7 pas une image'),
    })
    // Both publications inside one of the limit's 10-second windows, or it would not refuse.
    await startInsideOneWindow(10_000, 8_000)
    await noScript.getByRole('button', { name: 'Publier' }).click()
    await expect(noScript.getByText('Seuls les fichiers image sont acceptés.')).toBeVisible()
    await expect(noScript.getByLabel('Titre')).toHaveValue(title)
    await noScript.locator('input[type="file"]').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    })
    await noScript.getByRole('button', { name: 'Publier' }).click()
    await expect(noScript.getByRole('heading', { level: 1, name: title })).toBeVisible()
    // The flashed message shows without a script to make it a toast.
    await expect(
      noScript.getByRole('status').filter({ hasText: 'Post créé avec succès !' }),
    ).toBeVisible()
    await expect(noScript.locator('img[src^="/uploads/posts/"]')).toBeVisible()
    await expect(noScript.locator('img[src^="/uploads/posts/"]')).toHaveAttribute('alt', imageAlt)

    // Comments are open on arrival and the form posts without scripts; closing takes a
    // script, so no 'Fermer' that would do nothing.
    await expect(noScript.getByRole('heading', { name: 'Commentaires' })).toBeVisible()
    await expect(noScript.getByRole('button', { name: 'Fermer' })).toHaveCount(0)
    await expect(noScript.getByRole('link', { name: /^Commentaires : / })).toHaveAttribute(
      'href',
      /#post-[0-9a-f-]{36}-comments$/,
    )
    await noScript.getByLabel('Votre commentaire').fill('Commentaire sans JavaScript')
    await noScript.getByRole('button', { name: 'Commenter' }).click()
    await expect(noScript.getByText('Commentaire sans JavaScript')).toBeVisible()
    await expect(noScript.getByRole('heading', { level: 1, name: title })).toBeVisible()
    // Back on the page it was sent from, down at its comments.
    const postUrl = noScript.url()
    const postId = /#post-([0-9a-f-]{36})-comments$/.exec(postUrl)?.[1]
    expect(postId).toBeDefined()

    // Refused (a comment per member every 5 s; one just sent from another tab, with a script):
    // the page comes back with the text in its box, the reason beside it, the keyboard there.
    const refused = 'Un second avis, envoyé trop vite'
    await noScript.getByLabel('Votre commentaire').fill(refused)
    await startInsideOneWindow(5_000)
    const fromScript = await noScript.request.post(`/api/posts/${postId}/comments`, {
      form: { intent: 'comment', content: 'Envoyé depuis un autre onglet' },
    })
    expect(fromScript.status()).toBe(201)
    const [answer] = await Promise.all([
      noScript.waitForResponse((response) => response.request().method() === 'POST'),
      noScript.getByRole('button', { name: 'Commenter' }).click(),
    ])
    expect(answer.status()).toBe(429)
    expect(Number(answer.headers()['retry-after'])).toBeGreaterThanOrEqual(1)
    await expect(noScript).toHaveURL(new RegExp(`/post/${postId}$`))
    const box = noScript.getByLabel('Votre commentaire')
    await expect(box).toHaveValue(refused)
    await expect(box).toHaveAttribute('aria-invalid', 'true')
    await expect(box).toBeFocused()
    await expect(noScript.getByRole('alert').filter({ hasText: /^Erreur: Trop de/ })).toBeVisible()
    const list = noScript.getByRole('list', { name: 'Liste des commentaires' })
    await expect(list.getByText('Envoyé depuis un autre onglet')).toBeVisible()
    await expect(list.getByText(refused)).toHaveCount(0)
    const { comment } = (await fromScript.json()) as { comment: { id: string } }
    const removed = await noScript.request.post(`/api/posts/${postId}/comments`, {
      form: { intent: 'delete-comment', commentId: comment.id },
    })
    expect(removed.status()).toBe(200)
    await noScript.goto(postUrl)

    // The comment's author deletes it, still without scripts.
    await noScript.getByRole('button', { name: 'Supprimer votre commentaire' }).click()
    await expect(noScript.getByText('Commentaire sans JavaScript')).toHaveCount(0)
    await expect(
      noScript.getByText("Aucun commentaire pour l'instant. Soyez le premier !"),
    ).toBeVisible()

    // Deletion through the disclosure's plain form.
    await noScript.locator('summary', { hasText: `Options du post « ${title} »` }).click()
    await noScript.getByRole('button', { name: 'Supprimer', exact: true }).click()
    await expect(noScript).toHaveURL(/\/feed$/)
    await expect(
      noScript.getByRole('status').filter({ hasText: 'Post supprimé avec succès' }),
    ).toBeVisible()
    await expect(noScript.getByRole('heading', { name: title })).toHaveCount(0)
    await noScript.context().close()
  })

  test('a form over 12 Mo lands on a page in French that says what was lost and what to do', async ({
    page,
    browser,
  }) => {
    await signedInMember(page, 'sans-js-lourd')
    const noScript = await pageWithoutScripts(browser, { member: page })
    await noScript.goto('/post/create')
    const title = `Une photo trop lourde ${Date.now()}`
    const content = 'Prise en très haute définition, envoyée telle quelle.'
    await noScript.getByLabel('Titre').fill(title)
    await noScript.getByLabel('Contenu').fill(content)
    // Past the server's bound on any body (server.ts): refused before the app reads it.
    await noScript.locator('input[type="file"]').setInputFiles({
      name: 'panorama.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(13 * 1024 * 1024, 1),
    })
    const [answer] = await Promise.all([
      noScript.waitForResponse((response) => response.request().method() === 'POST'),
      noScript.getByRole('button', { name: 'Publier' }).click(),
    ])
    expect(answer.status()).toBe(413)
    await expect(noScript).toHaveTitle('Envoi trop volumineux · Tremplin')
    await expect(
      noScript.getByRole('heading', { level: 1, name: 'Envoi trop volumineux' }),
    ).toBeVisible()
    await expect(noScript.getByText('Requête refusée : son contenu dépasse 12 Mo.')).toBeVisible()
    await expect(noScript.getByText(/Une image ne doit pas dépasser 5 Mo/)).toBeVisible()
    await expect(
      noScript.getByRole('link', { name: 'Revenir à l’accueil de Tremplin' }),
    ).toBeVisible()
    await expect(noScript.getByText(/Rien n’a été publié ni enregistré/)).toBeVisible()
    // As the page says: Back gives the form again, to choose a lighter image.
    await noScript.goBack()
    await expect(noScript).toHaveURL(/\/post\/create$/)
    await expect(noScript.getByRole('button', { name: 'Publier' })).toBeVisible()
    await noScript.context().close()

    // The same page, audited in a browser that runs axe (it reads the page as a script).
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height })
      await page.evaluate(() => {
        const form = document.createElement('form')
        form.method = 'post'
        form.enctype = 'multipart/form-data'
        form.action = '/post/create'
        // Hidden: 13 Mo of text laid out in a visible box would take the browser seconds.
        const field = document.createElement('input')
        field.type = 'hidden'
        field.name = 'content'
        field.value = 'x'.repeat(13 * 1024 * 1024)
        form.append(field)
        document.body.append(form)
        form.submit()
      })
      await expect(page.getByRole('heading', { name: 'Envoi trop volumineux' })).toBeVisible()
      await expectNoAxeViolations(page)
      await page.goBack()
    }
  })
})
