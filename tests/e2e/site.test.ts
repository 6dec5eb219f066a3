import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { BASE_URL } from '../../playwright.config'
import { STATIC_PAGE_PATHS } from '../../app/features/marketing/site-pages'
import {
  collectConsoleErrors,
  CONNECTION_FAILED,
  dropConnection,
  expectNoAxeViolations,
  holdRequests,
  hydrated,
  VALIDATION_SCRIPT,
  VIEWPORTS,
} from './helpers'
import { clientIp, confirmAddress, uniqueEmail } from './mail'
import { pageWithoutScripts } from './members'

const CONTACT_SUCCESS = 'Message envoyé avec succès ! Nous vous répondrons dans les 24h.'

// Each test comes from its own address, so per-address limits never add up across tests.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

// Every page this issue builds, with its one h1.
const PAGES = [
  { name: 'accueil', path: '/', heading: 'Le tremplin des entrepreneurs francophones' },
  { name: 'tarifs', path: '/pricing', heading: 'Une offre pour chaque étape de votre projet' },
  { name: 'moderation', path: '/moderation', heading: 'Règles de modération' },
  { name: 'cgu', path: '/terms', heading: 'Conditions d’utilisation' },
  {
    name: 'recrutement',
    path: '/careers',
    heading: 'Construisez avec nous le réseau des entrepreneurs',
  },
  { name: 'confidentialite', path: '/privacy', heading: 'Politique de confidentialité' },
  { name: 'contact', path: '/contact', heading: 'Parlons de votre projet' },
  {
    name: 'a-propos',
    path: '/about',
    heading: 'Entreprendre ne devrait jamais être un parcours solitaire',
  },
  { name: 'blog', path: '/blog', heading: 'Le blog de Tremplin' },
  {
    name: 'article',
    path: '/blog/choisir-son-statut-juridique',
    heading: 'Micro-entreprise, EURL ou SASU : comment choisir son statut',
  },
  { name: 'faq', path: '/faq', heading: 'Questions fréquentes' },
  { name: 'mentions-legales', path: '/mentions-legales', heading: 'Mentions légales' },
  { name: 'accessibilite', path: '/accessibilite', heading: 'Déclaration d’accessibilité' },
] as const

async function expectFrenchHead(page: Page, path: string) {
  expect(await page.title()).toMatch(/Tremplin/)
  const description = await page.locator('meta[name="description"]').getAttribute('content')
  expect(description?.length ?? 0).toBeGreaterThan(50)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  // One address per page for search engines and shared links, whatever query it was reached by.
  const canonical = new URL(path, page.url()).href
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', canonical)
  await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', canonical)
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    for (const { name, path, heading } of PAGES) {
      test(`${path} in both themes: French title, no console error, no axe violation`, async ({
        page,
      }) => {
        const errors = collectConsoleErrors(page)
        // Reached from a shared link with its tracking parameters.
        const response = await page.goto(`${path}?utm_source=newsletter`)
        expect(response?.status()).toBe(200)
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
        await expectFrenchHead(page, path)
        await expectNoAxeViolations(page)
        await page.screenshot({
          path: `test-results/screens/site-${name}-${viewport.name}-light.png`,
          fullPage: true,
        })

        // The theme the toggle would set (the html element's class, remembered under 'theme').
        await page.evaluate(() => {
          localStorage.setItem('theme', 'dark')
          document.documentElement.classList.add('dark')
        })
        await expect(page.locator('html')).toHaveClass(/dark/)
        await expectNoAxeViolations(page)
        await page.screenshot({
          path: `test-results/screens/site-${name}-${viewport.name}-dark.png`,
          fullPage: true,
        })
        expect(errors).toEqual([])
      })
    }
  })
}

/** The same-origin links of an HTML page, without fragments. */
function internalLinks(html: string): string[] {
  const links = new Set<string>()
  for (const [, raw] of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const href = raw!.replaceAll('&amp;', '&')
    if (!href.startsWith('/') || href.startsWith('//')) continue
    links.add(href.split('#')[0] || '/')
  }
  return [...links]
}

async function expectOk(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 })
  expect(response.status(), `GET ${path}`).toBe(200)
  return response
}

test('every internal link of the public pages, and every page of the sitemap, answers 200', async ({
  request,
}) => {
  test.setTimeout(90_000)
  const crawled = new Set<string>()
  const checked = new Set<string>()
  const queue = ['/']
  // Follow links from the static pages only; the feed, posts and profiles are requested, not crawled.
  const crawlable = (path: string) => STATIC_PAGE_PATHS.includes(path) && path !== '/feed'
  const skipped = (path: string) =>
    path.startsWith('/api/') || path.startsWith('/auth/sign-out') || path.startsWith('/uploads/')
  while (queue.length > 0) {
    const path = queue.shift()!
    if (crawled.has(path)) continue
    crawled.add(path)
    checked.add(path)
    const html = await (await expectOk(request, path)).text()
    for (const link of internalLinks(html)) {
      if (skipped(link) || checked.has(link)) continue
      if (crawlable(link)) queue.push(link)
      else {
        checked.add(link)
        await expectOk(request, link)
      }
    }
  }
  // The header, footer and pages reach every static page.
  for (const path of STATIC_PAGE_PATHS) expect(checked, path).toContain(path)

  const sitemap = await expectOk(request, '/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  const sitemapPaths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  )
  expect(sitemapPaths.some((path) => path.startsWith('/post/'))).toBe(true)
  expect(sitemapPaths.some((path) => path.startsWith('/profile/'))).toBe(true)
  // Other journeys delete their posts and accounts, or rename members (their addresses then
  // redirect to the new ones), meanwhile: a page that is gone or moved must have left the
  // sitemap too.
  const unchecked = sitemapPaths.filter((path) => !checked.has(path))
  const gone: string[] = []
  for (let start = 0; start < unchecked.length; start += 8) {
    await Promise.all(
      unchecked.slice(start, start + 8).map(async (path) => {
        const response = await request.get(path, { maxRedirects: 0 })
        const kind = /^\/(post|profile)\//.exec(path)?.[1]
        const movedTo = response.headers()['location'] ?? ''
        if (kind && response.status() === 404) gone.push(path)
        else if (kind && response.status() === 302 && movedTo.startsWith(`/${kind}/`))
          gone.push(path)
        else expect(response.status(), `GET ${path}`).toBe(200)
      }),
    )
  }
  if (gone.length > 0) {
    const now = await (await expectOk(request, '/sitemap.xml')).text()
    for (const path of gone) expect(now, path).not.toContain(`${BASE_URL}${path}<`)
  }

  const robots = await (await expectOk(request, '/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`)
  const manifest = await (await expectOk(request, '/manifest.webmanifest')).json()
  for (const icon of manifest.icons as { src: string }[]) await expectOk(request, icon.src)
  await expectOk(request, '/apple-touch-icon.png')
  // …and pages name them in their head: the root's layout writes them, error pages included.
  for (const path of ['/', '/feed', '/faq', '/page-inconnue']) {
    const response = await request.get(path)
    expect(response.status(), `GET ${path}`).toBe(path === '/page-inconnue' ? 404 : 200)
    const html = await response.text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head, path).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>')
    expect(head, path).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>')
    expect(head, path).toContain('<link rel="manifest" href="/manifest.webmanifest"/>')
  }
})

test('the FAQ accordion opens one answer at a time, and the open one closes again', async ({
  page,
}) => {
  await page.goto('/faq')
  const questions = [
    'Qu’est-ce que Tremplin ?',
    'Comment créer un compte ?',
    'Tremplin est-il gratuit ?',
    'Comment publier un post ?',
    'Puis-je supprimer mon compte ?',
  ].map((name) => page.locator('details', { has: page.getByRole('heading', { name }) }))
  const isOpen = (question: Locator) =>
    question.evaluate((details) => (details as HTMLDetailsElement).open)
  for (const question of questions) expect(await isOpen(question)).toBe(false)
  const [what, signUp] = questions as [Locator, Locator]

  await what.locator('summary').click()
  await expect.poll(() => isOpen(what)).toBe(true)
  await expect(page.getByText('réseau social professionnel gratuit, en version bêta')).toBeVisible()

  await signUp.locator('summary').click()
  await expect.poll(() => isOpen(signUp)).toBe(true)
  await expect.poll(() => isOpen(what)).toBe(false)
  await expect(page.getByText('réseau social professionnel gratuit, en version bêta')).toBeHidden()
  await expect(page.getByText('Cliquez sur « Commencer » en haut à droite')).toBeVisible()

  // The keyboard works too, and the open answer closes.
  await signUp.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => isOpen(signUp)).toBe(false)
  for (const question of questions) expect(await isOpen(question)).toBe(false)

  await expect(page.getByRole('link', { name: 'Contactez-nous' })).toHaveAttribute(
    'href',
    '/contact',
  )
})

test('without JavaScript the FAQ answers open all the same', async ({ browser }) => {
  const page = await pageWithoutScripts(browser)
  await page.goto('/faq')
  await page.locator('summary', { hasText: 'Tremplin est-il gratuit ?' }).click()
  await expect(page.getByText('Oui, l’utilisation de Tremplin est gratuite.')).toBeVisible()
  await page.context().close()
})

async function fillContact(
  page: Page,
  values: { name: string; email: string; subject: string; message: string },
) {
  await page.getByLabel('Nom complet', { exact: true }).fill(values.name)
  await page.getByLabel('Email', { exact: true }).fill(values.email)
  await page.getByLabel('Sujet', { exact: true }).fill(values.subject)
  await page.getByLabel('Message', { exact: true }).fill(values.message)
}

const CONTACT = {
  name: 'Awa Diallo',
  email: 'awa.diallo@example.fr',
  subject: 'Partenariat incubateur',
  message: 'Bonjour, nous aimerions présenter Tremplin aux entrepreneurs que nous accompagnons.',
}

test('the contact form requires every field, checks the email in the browser, then thanks and clears', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page)
  await page.goto('/contact')
  const fields = ['Nom complet', 'Email', 'Sujet', 'Message'].map((label) =>
    page.getByLabel(label, { exact: true }),
  )
  for (const field of fields) await expect(field).toHaveAttribute('required', '')
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email')
  await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('rows', '6')

  // Nothing leaves the browser while a field is missing.
  let posted = false
  page.on('request', (request) => {
    if (request.method() === 'POST') posted = true
  })
  await page.getByRole('button', { name: 'Envoyer le message' }).click()
  for (const field of fields) {
    expect(await field.evaluate((node: HTMLInputElement) => node.validity.valueMissing)).toBe(true)
  }
  await fillContact(page, { ...CONTACT, email: 'pas-une-adresse' })
  await page.getByRole('button', { name: 'Envoyer le message' }).click()
  expect(
    await page
      .getByLabel('Email', { exact: true })
      .evaluate((node: HTMLInputElement) => node.validity.typeMismatch),
  ).toBe(true)
  expect(posted).toBe(false)

  await page.getByLabel('Email', { exact: true }).fill(CONTACT.email)
  // Sent while the connection fails: the message stays as typed, with a French message.
  await hydrated(page)
  await dropConnection(page, '**/contact.data*')
  await page.getByRole('button', { name: 'Envoyer le message' }).click()
  await expect(page.getByText(CONNECTION_FAILED)).toBeVisible()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(CONTACT.message)
  await page.unrouteAll()
  // Sent: the button stays busy while the page's data is read again after the action (the
  // fields are cleared only then), so a second press cannot send the message twice.
  let releaseReload = () => {}
  const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve))
  await page.route('**/contact.data*', async (route) => {
    if (route.request().method() === 'GET') await reloadHeld
    await route.continue()
  })
  const reload = page.waitForRequest(
    (request) => request.method() === 'GET' && request.url().includes('/contact.data'),
  )
  await page.getByRole('button', { name: 'Envoyer le message' }).click()
  await reload
  await expect(page.getByRole('button', { name: 'Envoi...' })).toBeDisabled()
  releaseReload()
  await expect(page.getByText(CONTACT_SUCCESS).first()).toBeVisible()
  await page.unrouteAll()
  for (const field of fields) await expect(field).toHaveValue('')
  expect(errors).toEqual(['Failed to load resource: net::ERR_INTERNET_DISCONNECTED'])
})

test('the header marks the page shown otherwise than by colour', async ({ page }) => {
  // WCAG 1.4.1: the current section is underlined, the others are not.
  await page.goto('/about')
  const nav = page.getByRole('navigation', { name: 'Navigation principale' })
  const line = (name: string) =>
    nav
      .getByRole('link', { name, exact: true })
      .evaluate((link) => getComputedStyle(link).textDecorationLine)
  expect(await line('À propos')).toBe('underline')
  expect(await line('Blog')).toBe('none')
})

test('a field’s edge stands out from what is around it, in both themes (WCAG 1.4.11)', async ({
  page,
}) => {
  await page.goto('/contact')
  for (const theme of ['light', 'dark']) {
    await page.evaluate((dark) => {
      document.documentElement.classList.toggle('dark', dark)
    }, theme === 'dark')
    // The border and the background behind the field, as the screen shows them (a canvas turns
    // any CSS colour into sRGB), then their contrast ratio.
    const ratio = await page.getByLabel('Email', { exact: true }).evaluate((field) => {
      const canvas = document.createElement('canvas').getContext('2d')!
      const rgb = (color: string) => {
        canvas.clearRect(0, 0, 1, 1)
        canvas.fillStyle = color
        canvas.fillRect(0, 0, 1, 1)
        // A plain array: mapped, a typed one would keep only whole numbers.
        return Array.from(canvas.getImageData(0, 0, 1, 1).data.slice(0, 3))
      }
      const luminance = (color: string) => {
        const [r, g, b] = rgb(color).map((value) => {
          const c = value / 255
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
        })
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
      }
      let around = field.parentElement!
      while (getComputedStyle(around).backgroundColor === 'rgba(0, 0, 0, 0)') {
        around = around.parentElement!
      }
      const [high, low] = [
        luminance(getComputedStyle(field).borderTopColor),
        luminance(getComputedStyle(around).backgroundColor),
      ].toSorted((a, b) => b - a)
      return (high! + 0.05) / (low! + 0.05)
    })
    expect(ratio, theme).toBeGreaterThanOrEqual(3)
  }
})

test('a message sent from a link with its subject clears the subject too', async ({ page }) => {
  // /careers links to the form with the position as subject: once sent, the form is empty, as
  // without JavaScript (a second application is not one click away).
  await page.goto('/contact?sujet=Candidature%20%3A%20Product%20designer')
  await hydrated(page)
  const subject = page.getByLabel('Sujet', { exact: true })
  await expect(subject).toHaveValue('Candidature : Product designer')
  await fillContact(page, { ...CONTACT, subject: 'Candidature : Product designer' })
  await page.getByRole('button', { name: 'Envoyer le message' }).click()
  await expect(page.getByText(CONTACT_SUCCESS).first()).toBeVisible()
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  await expect(subject).toHaveValue('')
})

test('the contact form works without JavaScript, and the server checks it with the same rules', async ({
  browser,
  request,
}) => {
  const page = await pageWithoutScripts(browser)
  await page.goto('/contact?sujet=Candidature%20%3A%20Product%20designer')
  await expect(page.getByLabel('Sujet', { exact: true })).toHaveValue(
    'Candidature : Product designer',
  )
  await fillContact(page, CONTACT)
  const [posted] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST'),
    page.getByRole('button', { name: 'Envoyer le message' }).click(),
  ])
  // Answered by a redirect (the thanks flashed): a reload does not send the message again.
  expect(posted.status()).toBe(302)
  await expect(page.getByRole('status').filter({ hasText: CONTACT_SUCCESS })).toBeVisible()
  await expect(page.getByLabel('Nom complet', { exact: true })).toHaveValue('')
  const reloaded = await page.reload()
  expect(reloaded?.request().method()).toBe('GET')
  await expect(page.getByRole('status').filter({ hasText: CONTACT_SUCCESS })).toHaveCount(0)
  await page.context().close()

  // A client that skips the browser's checks meets the schema on the server.
  const refused = await request.post('/contact', {
    headers: { origin: BASE_URL, 'x-forwarded-for': clientIp() },
    form: { name: 'Awa', email: 'pas-une-adresse', subject: '', message: 'Bonjour' },
  })
  expect(refused.status()).toBe(400)
  const html = await refused.text()
  expect(html).toContain('Veuillez entrer une adresse email valide.')
  expect(html).toContain('Veuillez indiquer le sujet de votre message.')
})

test('the landing block signs a visitor up (kept as typed through a failed connection), the emailed link confirms, and the block signs them in', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page)
  const email = uniqueEmail('accueil')
  await page.goto('/')
  const block = page.getByRole('region', { name: 'Rejoignez Tremplin dès maintenant' })
  await expect(block.getByRole('link', { name: 'Inscription' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  // The forms' validation, loaded on the first focus, arrives only after the failed answer (a
  // slow connection): it must not wipe that answer's message from the form.
  const answerFailed = page.waitForEvent('requestfailed', (request) =>
    request.url().includes('/_.data'),
  )
  await holdRequests(page, VALIDATION_SCRIPT, answerFailed)
  const validationLoaded = page.waitForResponse(VALIDATION_SCRIPT)
  await block.getByLabel('Prénom (facultatif)', { exact: true }).fill('Maëlle')
  await block.getByLabel('Nom (facultatif)', { exact: true }).fill('Kerbrat')
  await block.getByLabel('Email', { exact: true }).fill(email)
  await block.getByLabel('Mot de passe', { exact: true }).fill('Creperie-Quimper-26')
  // Sent while the connection fails: the block stays as typed, with a French message (ADR 052).
  await hydrated(page)
  await dropConnection(page, '**/_.data*')
  await block.getByRole('button', { name: 'Créer mon compte' }).click()
  await validationLoaded
  // A moment for the fields left early to be validated, were they still to be.
  await page.waitForTimeout(300)
  await expect(
    block.getByRole('alert').filter({ hasText: CONNECTION_FAILED }).first(),
  ).toBeVisible()
  await expect(block.getByLabel('Prénom (facultatif)', { exact: true })).toHaveValue('Maëlle')
  await expect(block.getByLabel('Email', { exact: true })).toHaveValue(email)
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await block.screenshot({ path: `test-results/landing-offline-${viewport.name}.png` })
  }
  await page.unrouteAll()
  await block.getByRole('button', { name: 'Créer mon compte' }).click()
  await expect(
    page.getByText('Compte créé avec succès ! Vérifiez votre email.').first(),
  ).toBeVisible()
  await expect(page).toHaveURL(/127\.0\.0\.1:3100\/(\?index)?(#rejoindre)?$/)

  await confirmAddress(page, email)

  // Back on the landing page, the block opens on its sign-in tab.
  const signInBlock = page.getByRole('region', { name: 'Rejoignez Tremplin dès maintenant' })
  await expect(signInBlock.getByRole('link', { name: 'Connexion' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await signInBlock.getByLabel('Email', { exact: true }).fill(email)
  await signInBlock.getByLabel('Mot de passe', { exact: true }).fill('Creperie-Quimper-26')
  await signInBlock.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.getByText('Connexion réussie !')).toBeVisible()

  // A member sees a welcome instead of the forms, and the call to action leads to the feed.
  await page.goto('/')
  const welcome = page.getByRole('region', { name: 'Bon retour parmi nous, Maëlle !' })
  await expect(welcome).toBeVisible()
  await expect(welcome.getByRole('link', { name: 'Accéder au fil' })).toHaveAttribute(
    'href',
    '/feed',
  )
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0)
  await expect(
    page
      .getByRole('region', { name: 'Prêt à donner de l’élan à votre projet ?' })
      .getByRole('link'),
  ).toHaveAttribute('href', '/feed')
  await expectNoAxeViolations(page)
  // The one error the browser logs is the sign-up cut off on purpose, above.
  expect(errors).toEqual(['Failed to load resource: net::ERR_INTERNET_DISCONNECTED'])
})

test('the landing block works without JavaScript: tabs, sign-up, and a refused sign-in', async ({
  browser,
}) => {
  const page = await pageWithoutScripts(browser)
  await page.goto('/')
  const block = page.getByRole('region', { name: 'Rejoignez Tremplin dès maintenant' })
  await block.getByLabel('Email', { exact: true }).fill(uniqueEmail('accueil-sans-js'))
  await block.getByLabel('Mot de passe', { exact: true }).fill('court')
  await block.getByRole('button', { name: 'Créer mon compte' }).click()
  await expect(
    block.getByText('Le mot de passe doit contenir au moins 8 caractères.'),
  ).toBeVisible()
  await block.getByLabel('Mot de passe', { exact: true }).fill('Sans-Script-Brest-26')
  await block.getByRole('button', { name: 'Créer mon compte' }).click()
  await expect(
    block
      .getByRole('status')
      .filter({ hasText: 'Compte créé avec succès ! Vérifiez votre email.' }),
  ).toBeVisible()

  await block.getByRole('link', { name: 'Connexion' }).click()
  await expect(page).toHaveURL(/\?tab=signin/)
  await block.getByLabel('Email', { exact: true }).fill(uniqueEmail('inconnu'))
  await block.getByLabel('Mot de passe', { exact: true }).fill('Mauvais-Mot-26')
  await block.getByRole('button', { name: 'Se connecter' }).click()
  await expect(
    block.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect.' }),
  ).toBeVisible()
  await page.context().close()
})
