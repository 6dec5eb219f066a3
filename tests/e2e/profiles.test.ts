import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { demoCard, fixtures } from './demo-cards'
import {
  collectConsoleErrors,
  CONNECTION_FAILED,
  dropConnection,
  expectNoAxeViolations,
  hydrated,
  VIEWPORTS,
} from './helpers'
import { clientIp } from './mail'
import { signedInMember } from './members'

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

function picture(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
}

test('a member edits their profile, links, avatar and banner; another member sees only the public part', async ({
  page,
  browser,
}) => {
  // Two uploads, four audits and four full-page screenshots: the longest journey of the suite.
  test.slow()
  const errors = collectConsoleErrors(page)
  await signedInMember(page, 'profil', '/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Chloé Girard' })).toBeVisible()
  await expect(page.getByText('Aucune publication pour le moment')).toBeVisible()
  await page.getByRole('link', { name: 'Posts sauvegardés' }).click()
  await expect(page.getByText('Aucun post sauvegardé pour le moment')).toBeVisible()
  const userId = /\/profile\/([^?]+)/.exec(page.url())?.[1]
  expect(userId).toBeTruthy()

  // The fields, with a validation error first.
  await page.getByRole('link', { name: 'Modifier le profil' }).click()
  await expect(page).toHaveURL(/\/profile\/edit$/)
  await page.getByLabel('Prénom').fill('')
  await page.getByLabel('Poste').fill('Fondatrice')
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click()
  await expect(page.getByText('Le prénom est obligatoire').first()).toBeVisible()
  await expect(page.getByText(/^Erreurs de validation: Le prénom est obligatoire/)).toBeVisible()
  await page.getByLabel('Prénom').fill('Chloé')
  // The footer has a navigation labelled 'Entreprise' too.
  await page.getByRole('main').getByLabel('Entreprise').fill('Atelier Girard')
  await page.getByLabel('Ville').fill('Annecy')
  await page.getByLabel('Pays').fill('France')
  await page
    .getByLabel('Bio')
    .fill('Fromagère devenue cheffe d’entreprise.\nJe cherche un associé.')
  await page.getByLabel('Accroche').fill('accroche-visible-par-moi-seule')
  await page.getByLabel('LinkedIn').fill('linkedin.com/in/chloe-secret')
  await page.getByLabel('Site web').fill('atelier-secret.fr')
  // Sent while the connection fails: the form stays as typed, with a French message.
  await dropConnection(page, '**/profile/edit.data*')
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click()
  await expect(page.getByText(CONNECTION_FAILED)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier mon profil' })).toBeVisible()
  await expect(page.getByLabel('Bio')).toHaveValue(
    'Fromagère devenue cheffe d’entreprise.\nJe cherche un associé.',
  )
  await expect(page.getByLabel('Ville')).toHaveValue('Annecy')
  await page.unrouteAll()
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click()
  await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByText('Fondatrice · Atelier Girard')).toBeVisible()
  await expect(page.getByText('Annecy, France')).toBeVisible()

  // Custom links: https:// is added.
  await page.goto('/profile/edit')
  await hydrated(page)
  await page.getByLabel('Titre du lien 1').fill('Portfolio')
  await page.getByLabel('Adresse du lien 1').fill('chloe.design')
  await page.getByRole('button', { name: 'Ajouter un lien' }).click()
  // The keyboard goes to the new row (the tenth would take the button away with its focus).
  await expect(page.getByLabel('Titre du lien 2')).toBeFocused()
  await page.getByLabel('Titre du lien 2').fill('Boutique')
  await page.getByRole('button', { name: 'Enregistrer les liens' }).click()
  await expect(page.getByText('L’adresse du lien est obligatoire.', { exact: true })).toBeVisible()
  await page.getByLabel('Adresse du lien 2').fill('https://boutique.example.fr')
  await page.getByRole('button', { name: 'Enregistrer les liens' }).click()
  await expect(page.getByText('Liens mis à jour')).toBeVisible()
  // Enter in a field saves the links, as the form's button does: it never removes the first.
  await page.getByRole('button', { name: 'Ajouter un lien' }).click()
  await page.getByLabel('Titre du lien 3').fill('Blog')
  await page.getByLabel('Adresse du lien 3').fill('blog.example.fr')
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().includes('/profile/edit'),
  )
  await page.getByLabel('Adresse du lien 3').press('Enter')
  await saved
  await page.reload()
  await hydrated(page)
  await expect(page.getByLabel('Titre du lien 1')).toHaveValue('Portfolio')
  await expect(page.getByLabel('Titre du lien 3')).toHaveValue('Blog')
  // A link removed: the one now in its place takes the focus (the button went with its row).
  await page.getByRole('button', { name: 'Retirer le lien 1' }).click()
  await expect(page.getByLabel('Titre du lien 1')).toBeFocused()
  await expect(page.getByLabel('Titre du lien 1')).toHaveValue('Boutique')

  // Real uploads, cropped by the server.
  await page.goto('/profile')
  // One's own page names the public address as its canonical one.
  const publicAddress = new URL(`/profile/${userId}`, page.url()).href
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', publicAddress)
  // Until the page is hydrated, the pictures have their no-JavaScript forms ('Envoyer').
  await expect(page.getByRole('button', { name: 'Envoyer' })).toHaveCount(0)
  // A phone's photo over the limit is told at once, and the page stays.
  await page.getByLabel('Changer l’avatar').setInputFiles({
    name: 'trop-lourde.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(13 * 1024 * 1024),
  })
  await expect(page.getByText('L’image dépasse 5 Mo.')).toBeVisible()
  await expect(page.getByLabel('Changer l’avatar')).toBeEnabled()
  await page.getByLabel('Changer l’avatar').setInputFiles({
    name: 'portrait.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(900, 1200, '#b45309'),
  })
  await expect(page.getByText('Avatar mis à jour avec succès')).toBeVisible()
  await page.getByLabel('Changer la bannière').setInputFiles({
    name: 'banniere.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(2400, 900, '#1d4ed8'),
  })
  await expect(page.getByText('Bannière mise à jour avec succès')).toBeVisible()
  const avatar = page.getByRole('main').locator('img[src^="/uploads/profile_avatars/"]')
  await expect(avatar).toBeVisible()
  const banner = page.locator('img[src^="/uploads/profile_banners/"]')
  await expect(banner).toBeVisible()
  // The avatar is drawn over the banner it overlaps, not under it.
  const avatarOnTop = await avatar.evaluate((img) => {
    const box = img.getBoundingClientRect()
    return document.elementFromPoint(box.left + box.width / 2, box.top + 10) === img
  })
  expect(avatarOnTop).toBe(true)
  const bannerFile = await page.request.get((await banner.getAttribute('src'))!)
  const size = await sharp(await bannerFile.body()).metadata()
  expect([size.width, size.height]).toEqual([1500, 500])
  await expect(page.getByRole('link', { name: /Portfolio/ })).toHaveAttribute(
    'href',
    'https://chloe.design/',
  )
  await expect(page.getByText('accroche-visible-par-moi-seule')).toBeVisible()

  // A picture sent while the connection fails: a French toast, the page and its pictures stay.
  const avatarUrl = await avatar.getAttribute('src')
  await dropConnection(page, '**/api/profile/images/*')
  await page.getByLabel('Changer l’avatar').setInputFiles({
    name: 'dans-le-train.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(600, 600, '#15803d'),
  })
  await expect(
    page.getByText(`Erreur lors de l'upload de l'avatar : ${CONNECTION_FAILED}`),
  ).toBeVisible()
  await expect(page.getByLabel('Changer l’avatar')).toBeEnabled()
  await expect(avatar).toHaveAttribute('src', avatarUrl!)
  await expect(page.getByText('accroche-visible-par-moi-seule')).toBeVisible()
  await page.unrouteAll()

  for (const path of ['/profile', '/profile/edit']) {
    await page.goto(path)
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport)
      const name = path === '/profile' ? 'profile' : 'profile-edit'
      await page.screenshot({ path: `test-results/${name}-${viewport.name}.png`, fullPage: true })
      await expectNoAxeViolations(page)
    }
  }
  // The errors the browser logs are the two requests cut off on purpose, above.
  expect(errors).toEqual(
    Array(2).fill('Failed to load resource: net::ERR_INTERNET_DISCONNECTED') as string[],
  )

  // Another member: the public part only, no edit, no uploads, no saved posts.
  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } })
  const otherPage = await other.newPage()
  await signedInMember(otherPage, 'visiteur-profil')
  const response = await otherPage.goto(`/profile/${userId}`)
  const html = (await response?.text()) ?? ''
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Chloé Girard' })).toBeVisible()
  await expect(otherPage.getByText('Fondatrice · Atelier Girard')).toBeVisible()
  await expect(otherPage.locator('head meta[property="og:url"]')).toHaveAttribute(
    'content',
    publicAddress,
  )
  // A later page of their posts (older than a date) is followed by search engines, not indexed.
  await otherPage.goto(
    `/profile/${userId}?cursor=${encodeURIComponent('2020-01-01 00:00:00+00_00000000-0000-0000-0000-000000000000')}`,
  )
  await expect(otherPage.locator('head meta[name="robots"]')).toHaveAttribute(
    'content',
    'noindex, follow',
  )
  await expect(otherPage.locator('head link[rel="canonical"]')).toHaveCount(0)
  await otherPage.goto(`/profile/${userId}`)
  for (const secret of ['accroche-visible-par-moi-seule', 'chloe-secret', 'atelier-secret']) {
    expect(html).not.toContain(secret)
  }
  await expect(otherPage.getByRole('link', { name: 'Modifier le profil' })).toHaveCount(0)
  await expect(otherPage.getByText('Changer l’avatar')).toHaveCount(0)
  await expect(otherPage.getByRole('link', { name: 'Posts sauvegardés' })).toHaveCount(0)
  await otherPage.goto(`/profile/edit/${userId}`)
  await expect(otherPage).toHaveURL(/\/profile$/)
  await expect(otherPage.getByText('Accès non autorisé')).toBeVisible()
  await expect(
    otherPage.getByText('Vous ne pouvez modifier que votre propre profil.'),
  ).toBeVisible()
  await other.close()
})

test('a member who signed up without a name is asked to complete their profile, until they do', async ({
  page,
}) => {
  // A sign-up, an axe audit and four pages: 66 s on a slow host whose other worker ran the
  // profile journey above (CI, 2026-11-27), where every step had passed.
  test.slow()
  await signedInMember(page, 'sans-nom', '/feed', null)
  const prompt = page.getByText('Complétez votre profil professionnel')
  await expect(prompt).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Compléter mon profil' }).click()
  await expect(page).toHaveURL(/\/profile\/edit$/)
  await page.getByLabel('Prénom').fill('Nadia')
  await page.getByLabel('Nom', { exact: true }).fill('Benali')
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click()
  await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible()
  await page.goto('/feed')
  await expect(page.getByRole('button', { name: /Menu du compte de Nadia Benali/ })).toBeVisible()
  await expect(prompt).toBeHidden()
})

test('a visitor is sent to sign in for /profile and reads a public profile; an unknown one is 404', async ({
  page,
}) => {
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/)
  const response = await page.goto('/profile/inconnu-123')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Profil non trouvé' })).toBeVisible()

  // The author of the first demo post in the feed has a public profile with their
  // publications (a journey's own post may be deleted meanwhile).
  await page.goto('/feed')
  const author = (await demoCard(page, 0)).locator('header a[href^="/profile/"]')
  const name = (await author.textContent())?.trim() ?? ''
  await author.click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.locator('[data-slot="post-card"]').first()).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a profile card taller than the screen is read to its end, by keyboard too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 640 })
  await page.goto(fixtures().longProfilePath)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Capucine Delaunay-Marchand' }),
  ).toBeVisible()
  // A member who published a lot: the list runs far below the card, which stays beside it.
  await page.addStyleTag({
    content: 'section[aria-labelledby="profil-contenus"] { min-height: 4000px }',
  })
  await page.mouse.wheel(0, 1200)
  const first = page.getByRole('link', { name: /^Ressource n° 1\b/ })
  await first.focus()
  await expect(first).toBeInViewport()
  // Tab after Tab down the card's links: each one comes into view, the last too.
  for (let link = 2; link <= 10; link++) {
    await page.keyboard.press('Tab')
    const focused = page.getByRole('link', { name: new RegExp(`^Ressource n° ${link}\\b`) })
    await expect(focused).toBeFocused()
    await expect(focused).toBeInViewport()
  }
})

test('a profile card taller than the screen with nothing to focus scrolls from the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 640 })
  await page.goto(fixtures().longBioProfilePath)
  await hydrated(page)
  // Taller than the window: the card is a tab stop named by the member, and scrolls by keys.
  const card = page.getByRole('region', { name: 'Hortense Vallier-Dumas' })
  await expect(card).toHaveAttribute('tabindex', '0')
  // Reached by Tab from the top of the page, past the header's links.
  for (let step = 0; step < 30; step++) {
    await page.keyboard.press('Tab')
    if (await card.evaluate((node) => node === document.activeElement)) break
  }
  await expect(card).toBeFocused()
  // The bio is one paragraph: how far the card is scrolled tells what is shown of it.
  const unseen = () =>
    card.evaluate((node) => node.scrollHeight - node.clientHeight - node.scrollTop)
  expect(await unseen()).toBeGreaterThan(100)
  await page.keyboard.press('End')
  await expect.poll(unseen).toBeLessThan(2)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screens/profile-long-bio-1280.png' })
  // As tall as it needs, it scrolls with the page and is no stop of its own.
  await page.setViewportSize({ width: 1280, height: 2400 })
  await expect(card).not.toHaveAttribute('tabindex')
  // On a phone the card is the top of the page, read as the page scrolls.
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(card).not.toHaveAttribute('tabindex')
  await page.screenshot({ path: 'test-results/screens/profile-long-bio-375.png' })
})

test('back on one’s saved posts, a post unsaved meanwhile is no longer listed', async ({
  page,
}) => {
  await signedInMember(page, 'sauvegardes-retour', '/profile')
  // More saved posts than a page holds: the second page is loaded by scrolling.
  const saved = fixtures().demoPostIds.slice(0, 23)
  for (const postId of saved) {
    const answer = await page.request.post(`/api/posts/${postId}`, {
      form: { intent: 'save', saved: 'true' },
      headers: { accept: 'application/json' },
    })
    expect(answer.status()).toBe(200)
  }
  await page.getByRole('link', { name: 'Posts sauvegardés' }).click()
  const list = page.getByRole('list', { name: 'Posts sauvegardés' })
  const cards = list.locator('[data-slot="post-card"]')
  await expect(cards).toHaveCount(20)
  await page
    .getByRole('link', { name: 'Voir plus de publications' })
    .evaluate((link: HTMLElement) => link.click())
  await expect(cards).toHaveCount(saved.length)

  // The most recently saved, unsaved from the first page; then a post read, and back.
  const unsaved = cards.first()
  const labelledBy = await unsaved.getAttribute('aria-labelledby')
  const answer = page.waitForResponse(
    (response) => response.url().includes('/api/posts/') && response.request().method() === 'POST',
  )
  await unsaved.getByRole('button', { name: 'Sauvegardé' }).click()
  await answer
  await expect(unsaved.getByRole('button', { name: 'Sauvegarder' })).toBeVisible()
  await cards
    .nth(21)
    .locator('h2 a')
    .evaluate((link: HTMLElement) => link.click())
  await expect(page).toHaveURL(/\/post\//)
  await page.goBack()
  await expect(page).toHaveURL(/onglet=sauvegardes$/)
  await expect(cards).toHaveCount(saved.length - 1)
  await expect(list.locator(`[aria-labelledby="${labelledBy}"]`)).toHaveCount(0)
})
