import { expect, test, type Page } from '@playwright/test'
import { BASE_URL } from '../../playwright.config'
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
import { clientIp, confirmAddress, linkIn, mailsTo, uniqueEmail, waitForMail } from './mail'
import { pageWithoutScripts, signedInMember } from './members'

// Each test comes from its own address, so per-address limits never add up across tests.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

async function signUp(page: Page, email: string, password: string) {
  // Through the header's 'Commencer', as the FAQ tells a newcomer: it opens the sign-up tab.
  await page.goto('/about')
  await page.getByRole('banner').getByRole('link', { name: 'Commencer' }).click()
  await expect(page).toHaveURL(/\/auth\?tab=signup$/)
  await page.getByLabel('Prénom (facultatif)', { exact: true }).fill('Camille')
  await page.getByLabel('Nom (facultatif)', { exact: true }).fill('Durand')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Créer mon compte' }).click()
  await expect(
    page.getByText('Compte créé avec succès ! Vérifiez votre email.').first(),
  ).toBeVisible()
}

/** Asks for a reset link from /auth's « Mot de passe oublié ? », as a member does. */
async function askForResetLink(page: Page, email: string) {
  await page.goto('/auth')
  await page.getByText('Mot de passe oublié ?').click()
  await page.getByLabel('Email du compte').fill(email)
  await page.getByRole('button', { name: 'Envoyer le lien' }).click()
  await expect(
    page.getByText('Un email de réinitialisation a été envoyé à votre adresse.').first(),
  ).toBeVisible()
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await hydrated(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

test('sign-up, confirmation link, sign-in, sign-out', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  const email = uniqueEmail('inscription')
  await signUp(page, email, 'Coworking-Nantes-26')

  const mail = await waitForMail(email, /Confirmez votre adresse email/)
  // Opened, the link confirms nothing yet (a mail scanner opens it too): its page's button does.
  await page.goto(linkIn(mail, '/api/auth/verify-email'))
  await expect(page.getByRole('heading', { name: 'Confirmer votre adresse email' })).toBeVisible()
  await page.getByRole('button', { name: 'Confirmer mon adresse email' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:3100\/\?confirmation=ok$/)
  await expect(page.getByText('Adresse email confirmée')).toBeVisible()

  await signIn(page, email, 'Coworking-Nantes-26')
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.getByText('Connexion réussie !')).toBeVisible()

  // A signed-in member who opens /auth is sent home.
  await page.goto('/auth')
  await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/)
  await hydrated(page)

  await page.setViewportSize({ width: 1280, height: 800 })
  // From the keyboard: Enter opens the menu on its first item, as it does a menu button's.
  await page.getByRole('button', { name: /Menu du compte de Camille Durand/ }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeFocused()
  // The item with the focus shows a ring, not only a faint background (WCAG 1.4.11, 2.4.7).
  const ring = await page
    .getByRole('menuitem', { name: 'Profil' })
    .evaluate((item) => getComputedStyle(item).outlineStyle)
  expect(ring).not.toBe('none')
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/)
  await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible()
  expect(errors).toEqual([])
})

test('an unconfirmed address is offered its confirmation mail again, the button kept after each answer, a refusal included', async ({
  page,
}) => {
  const email = uniqueEmail('renvoi')
  await signUp(page, email, 'Coworking-Nantes-26')
  await waitForMail(email, /Confirmez votre adresse email/)
  await signIn(page, email, 'Coworking-Nantes-26')
  await expect(
    page.getByText('Votre adresse email n’est pas encore confirmée', { exact: false }).first(),
  ).toBeVisible()
  const resend = page.getByRole('button', { name: 'Renvoyer l’email de confirmation' })
  // Three mails to an address in 15 minutes, the sign-up's included: two more, then a refusal.
  for (const expected of [2, 3]) {
    await resend.click()
    await expect(
      page.getByText('un nouvel email de confirmation vient de partir', { exact: false }).first(),
    ).toBeVisible()
    // The button stays, with the keyboard on it: the member may ask again.
    await expect(resend).toBeFocused()
    await expect.poll(() => mailsTo(email, /Confirmez votre adresse email/)).toBe(expected)
  }
  await resend.click()
  await expect(page.getByText(/Trop de tentatives\. Réessayez dans/).first()).toBeVisible()
  await expect(resend).toBeFocused()
  await confirmAddress(page, email)
  await signIn(page, email, 'Coworking-Nantes-26')
  await expect(page).toHaveURL(/\/feed$/)
})

test('the sign-in button stays busy until the feed has come: no second press meanwhile', async ({
  page,
}) => {
  const email = uniqueEmail('connexion-occupee')
  await signUp(page, email, 'Coworking-Nantes-26')
  await confirmAddress(page, email)
  // The feed's data is held back after the sign-in's redirect, as on a slow connection.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/feed.data*', async (route) => {
    await held
    await route.continue()
  })
  const feedAsked = page.waitForRequest('**/feed.data*')
  await signIn(page, email, 'Coworking-Nantes-26')
  await feedAsked
  await expect(page.getByRole('button', { name: 'Connexion...' })).toBeDisabled()
  release()
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.getByText('Connexion réussie !')).toBeVisible()
})

test('forgot password, emailed link, new password, sign-in', async ({ page }) => {
  const email = uniqueEmail('oubli')
  await signUp(page, email, 'Premiere-Version-26')
  await confirmAddress(page, email)

  await askForResetLink(page, email)

  await page.goto(linkIn(await waitForMail(email, /Réinitialisez/), 'reset-password'))
  await expect(page).toHaveURL(/\/auth\?type=recovery&token=/)
  // One of the most common passwords: refused on its own field, the link still good.
  await page.getByLabel('Nouveau mot de passe').fill('password')
  await page.getByLabel('Confirmez le mot de passe').fill('password')
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click()
  await expect(page.getByLabel('Nouveau mot de passe')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('form').getByText(/fait partie des plus courants/)).toBeVisible()
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: `test-results/reset-common-password-${viewport.name}.png` })
  }
  await page.getByLabel('Nouveau mot de passe').fill('Seconde-Version-26')
  await page.getByLabel('Confirmez le mot de passe').fill('Autre-chose-26')
  await page.getByLabel('Confirmez le mot de passe').blur()
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible()
  await page.getByLabel('Confirmez le mot de passe').fill('Seconde-Version-26')
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click()
  await expect(page.getByText('Mot de passe réinitialisé avec succès !')).toBeVisible()

  await signIn(page, email, 'Seconde-Version-26')
  await expect(page).toHaveURL(/\/feed$/)
})

test('a reset link opened where the member is signed in gives the reset form, then signs them out', async ({
  page,
  browser,
}) => {
  const email = await signedInMember(page, 'oubli-connecte')
  // Asked from another device, where they are not signed in.
  const other = await browser.newContext()
  const phone = await other.newPage()
  await askForResetLink(phone, email)
  await other.close()

  await page.goto(linkIn(await waitForMail(email, /Réinitialisez/), 'reset-password'))
  await expect(page).toHaveURL(/\/auth\?type=recovery&token=/)
  await page.getByLabel('Nouveau mot de passe').fill('Seconde-Version-26')
  await page.getByLabel('Confirmez le mot de passe').fill('Seconde-Version-26')
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click()
  await expect(page.getByText('Mot de passe réinitialisé avec succès !')).toBeVisible()
  // Every session ended with the old password, this one too.
  await signIn(page, email, 'Seconde-Version-26')
  await expect(page).toHaveURL(/\/feed$/)
})

test('the account mails’ « Réinitialiser mon mot de passe » opens the form to ask for a link', async ({
  page,
}) => {
  await page.goto('/auth?forgot=1')
  await expect(page.getByLabel('Email du compte')).toBeVisible()
  await page.goto('/auth')
  await expect(page.getByLabel('Email du compte')).toBeHidden()
})

test('a reset link that expired while its page was open leads to asking for a new one', async ({
  page,
}) => {
  await page.goto('/auth?type=recovery&token=expire-entre-temps')
  await page.getByLabel('Nouveau mot de passe').fill('Coworking-Lille-27')
  await page.getByLabel('Confirmez le mot de passe').fill('Coworking-Lille-27')
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click()
  await expect(
    page.getByText('Ce lien est invalide ou a expiré. Demandez-en un nouveau.').first(),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
})

test('validation messages appear as the person types, in French', async ({ page }) => {
  await page.goto('/auth?tab=signup')
  const email = page.getByLabel('Email', { exact: true })
  // The live region is in the page, empty, before the error comes: one inserted with its text
  // is not announced, and the focus has already left the field.
  const emailId = await email.getAttribute('id')
  const region = page.locator(`[id="${emailId}-error"]`)
  await expect(region).toHaveAttribute('aria-live', 'polite')
  await expect(region).toBeEmpty()
  await region.evaluate((node) => node.setAttribute('data-before-error', ''))
  await email.fill('pas-une-adresse')
  await email.blur()
  await expect(page.getByText('Veuillez entrer une adresse email valide.')).toBeVisible()
  await expect(region).toHaveAttribute('data-before-error', '')
  await expect(region).toHaveText('Veuillez entrer une adresse email valide.')
  await expect(email).toHaveAttribute('aria-describedby', new RegExp(`${emailId}-error`))
  await email.fill('bonne@adresse.fr')
  await expect(page.getByText('Veuillez entrer une adresse email valide.')).toBeHidden()
  const password = page.getByLabel('Mot de passe', { exact: true })
  await password.fill('court')
  await password.blur()
  await expect(page.getByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeVisible()
  const show = page.getByRole('button', { name: 'Afficher le mot de passe' })
  await show.click()
  await expect(password).toHaveAttribute('type', 'text')
  // A toggle: the same name, pressed.
  await expect(show).toHaveAttribute('aria-pressed', 'true')
})

test('a field left before its validation script arrived is checked when the script comes', async ({
  page,
}) => {
  // Left early, the field asks Conform for a validation that goes as a submit event: that is
  // not a sending, and the script's arrival still shows the field's error.
  const release = await holdRequests(page, VALIDATION_SCRIPT)
  await page.goto('/auth?tab=signup')
  await hydrated(page)
  const validationLoaded = page.waitForResponse(VALIDATION_SCRIPT)
  const email = page.getByLabel('Email', { exact: true })
  await email.fill('pas-une-adresse')
  await email.blur()
  release()
  await validationLoaded
  await expect(page.getByText('Veuillez entrer une adresse email valide.')).toBeVisible()
})

test('a field left in a form closed before its validation came leaves the form opened since alone', async ({
  page,
}) => {
  const release = await holdRequests(page, VALIDATION_SCRIPT)
  await page.goto('/auth')
  await hydrated(page)
  const email = page.getByLabel('Email', { exact: true })
  await email.fill('pas-une-adresse')
  await email.blur()
  // To the other tab and back before the validation has come: a new, empty sign-in form.
  await page.getByRole('link', { name: 'Inscription' }).click()
  await expect(page.getByRole('button', { name: 'Créer mon compte' })).toBeVisible()
  await page.getByRole('link', { name: 'Connexion' }).click()
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  await expect(email).toHaveValue('')
  const loaded = page.waitForResponse(VALIDATION_SCRIPT)
  release()
  await loaded
  // A moment for the field left in the closed form to be validated, were it still to be.
  await page.waitForTimeout(300)
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('form').getByRole('alert')).toHaveCount(0)
})

test('what was typed before the page’s scripts ran is checked once they have', async ({ page }) => {
  const holdScripts = async () => {
    const release = await holdRequests(page, /\/assets\/entry\.client-[^/]+\.js$/)
    return async () => {
      release()
      await hydrated(page)
      await page.unrouteAll()
    }
  }
  const email = page.getByLabel('Email', { exact: true })
  const error = page.getByText('Veuillez entrer une adresse email valide.')

  // Focused before, left after: the blur fetches the validation the focus never asked for.
  let hydrate = await holdScripts()
  await page.goto('/auth?tab=signup', { waitUntil: 'commit' })
  await email.fill('pas-une-adresse')
  await hydrate()
  await expect(error).toBeHidden()
  await email.blur()
  await expect(error).toBeVisible()

  // Typed into and left before: the field is checked as the page comes alive.
  hydrate = await holdScripts()
  await page.goto('/auth?tab=signup', { waitUntil: 'commit' })
  await email.fill('pas-une-adresse')
  await email.blur()
  await hydrate()
  await expect(error).toBeVisible()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
})

test('a wrong password shows the server error in French, where the keyboard goes on', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('inconnu'), 'Mauvais-Mot-26')
  const error = page.locator('form').getByRole('alert')
  await expect(error).toHaveText('Email ou mot de passe incorrect.')
  // The button was disabled on its way and lost the focus: the error holds it, then the fields.
  await expect(error).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
})

test('a sign-in sent while the connection fails keeps the form, with a French message', async ({
  page,
}) => {
  const email = uniqueEmail('train')
  await page.goto('/auth')
  // Sent by the router once it runs; before, the browser would post the form itself.
  await hydrated(page)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais-Mot-26')
  await dropConnection(page, '**/auth.data*')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByRole('alert').filter({ hasText: CONNECTION_FAILED }).first()).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email)
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue('Mauvais-Mot-26')
  await expectNoAxeViolations(page)
  // Back online, the same form goes, and the server answers it.
  await page.unrouteAll()
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect.' }).first(),
  ).toBeVisible()
})

test('without JavaScript, the forms validate on the server, sign in and sign out', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('sansjs')
  await signUp(page, email, 'Sans-Script-2026')
  await confirmAddress(page, email)

  const noScript = await pageWithoutScripts(browser)
  await noScript.goto('/auth')
  // Showing the password takes a script: no button that would do nothing.
  await expect(noScript.getByRole('button', { name: 'Afficher le mot de passe' })).toHaveCount(0)
  await noScript.getByLabel('Email', { exact: true }).fill('invalide')
  await noScript.getByLabel('Mot de passe', { exact: true }).fill('x')
  await noScript.getByRole('button', { name: 'Se connecter' }).click()
  await expect(noScript.getByText('Veuillez entrer une adresse email valide.')).toBeVisible()

  await noScript.goto('/auth?tab=signup')
  await expect(noScript.getByRole('link', { name: 'Inscription' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await noScript.getByLabel('Mot de passe', { exact: true }).fill('court')
  await noScript.getByRole('button', { name: 'Créer mon compte' }).click()
  await expect(
    noScript.getByText('Le mot de passe doit contenir au moins 8 caractères.'),
  ).toBeVisible()

  await noScript.goto('/auth')
  await noScript.getByLabel('Email', { exact: true }).fill(email)
  await noScript.getByLabel('Mot de passe', { exact: true }).fill('Sans-Script-2026')
  await noScript.getByRole('button', { name: 'Se connecter' }).click()
  await expect(noScript).toHaveURL(/\/feed$/)
  await noScript.goto('/settings')
  await noScript.getByRole('button', { name: 'Se déconnecter de toutes les sessions' }).click()
  await expect(noScript).toHaveURL(/127\.0\.0\.1:3100\/$/)
  await expect(noScript.getByRole('link', { name: 'Se connecter' }).first()).toBeAttached()
  await noScript.context().close()
})

/** Each page has its own CSP nonce: the only bytes allowed to differ between two answers. */
function withoutNonce(html: string): string {
  return html.replaceAll(/ nonce="[^"]*"/g, ' nonce=""')
}

test('a reset request answers an unknown address byte for byte as a known one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('connu')
  await signUp(page, email, 'Atelier-Reims-2026')
  const post = (address: string) =>
    request.post('/auth', {
      headers: { origin: BASE_URL, 'x-forwarded-for': clientIp() },
      form: { intent: 'forgot-password', email: address },
    })
  // A browser's first document carries the stylesheet inline (ADR 021): compare two later ones.
  await request.get('/auth')
  const known = await post(email)
  const unknown = await post(uniqueEmail('inconnu'))
  expect(known.status()).toBe(200)
  expect(withoutNonce(await known.text())).toBe(withoutNonce(await unknown.text()))
})

test('sign-up answers an existing address byte for byte as a new one', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('doublon')
  await signUp(page, email, 'Marche-Bordeaux-26')
  // The request fixture does not carry the context's address: one of its own, so that these
  // sign-ups do not count against 127.0.0.1's, which other files spend.
  const ip = clientIp()
  const post = (address: string) =>
    request.post('/auth?tab=signup', {
      headers: { origin: BASE_URL, 'x-forwarded-for': ip },
      form: {
        intent: 'signup',
        firstName: '',
        lastName: '',
        email: address,
        password: 'Marche-Bordeaux-26',
      },
    })
  // A browser's first document carries the stylesheet inline (ADR 021): compare two later ones.
  await request.get('/auth')
  const known = await post(email)
  const unknown = await post(uniqueEmail('jamais-vu'))
  expect(known.status()).toBe(unknown.status())
  expect(withoutNonce(await known.text())).toBe(withoutNonce(await unknown.text()))
})

test('a cross-origin form post is refused', async ({ request }) => {
  const response = await request.post('/auth', {
    headers: { origin: 'https://malveillant.example' },
    form: { intent: 'signin', email: 'a@example.fr', password: 'peu-importe-26' },
  })
  expect(response.status()).toBe(403)
})

for (const viewport of VIEWPORTS) {
  test(`the auth screens are axe-clean at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    for (const path of [
      '/auth',
      '/auth?tab=signup',
      '/auth?type=recovery&token=exemple',
      '/auth?type=confirmation&token=exemple',
    ]) {
      await page.goto(path)
      await expectNoAxeViolations(page)
    }
    await page.screenshot({
      path: `test-results/screens/auth-confirmation-${viewport.name}.png`,
      fullPage: true,
    })
    await page.goto('/auth?tab=signup')
    await page.screenshot({
      path: `test-results/screens/auth-signup-${viewport.name}.png`,
      fullPage: true,
    })
    await page.goto('/auth')
    await page.getByText('Mot de passe oublié ?').click()
    await expectNoAxeViolations(page)
    await page.screenshot({
      path: `test-results/screens/auth-signin-${viewport.name}.png`,
      fullPage: true,
    })
  })
}
