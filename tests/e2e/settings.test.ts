import { base32 } from '@better-auth/utils/base32'
import { createOTP } from '@better-auth/utils/otp'
import { expect, test, type Locator, type Page } from '@playwright/test'
import {
  CONNECTION_FAILED,
  dropConnection,
  expectNoAxeViolations,
  hydrated,
  VIEWPORTS,
} from './helpers'
import { clientIp, waitForMail } from './mail'
import { confirmedMember, PASSWORD, pageWithoutScripts, signedInMember, signIn } from './members'

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

function codeAt(secret: string, offset = 0): Promise<string> {
  const totp = createOTP(new TextDecoder().decode(base32.decode(secret)))
  return totp.hotp(Math.floor(Date.now() / 30_000) + offset)
}

/** Signs in on `page` as `email`, back on /settings, and starts two-factor enrolment there. */
async function startEnrolment(page: Page, email: string): Promise<Locator> {
  await page.goto('/auth?redirectTo=%2Fsettings')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/settings$/)
  const section = page.getByRole('region', { name: 'Double authentification' })
  await section.getByLabel('Votre mot de passe').fill(PASSWORD)
  await section.getByRole('button', { name: 'Activer la double authentification' }).click()
  return section
}

test('a visitor sent to /auth from settings comes back there after signing in', async ({
  page,
}) => {
  const email = await confirmedMember(page, 'retour')
  await page.goto('/settings')
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/)
  await signIn(page, email)
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('heading', { name: 'Paramètres du compte' })).toBeVisible()
})

test('a new password sent while the connection fails stays typed, and a toast says why', async ({
  page,
}) => {
  await signedInMember(page, 'mot-de-passe-train', '/settings')
  // One of the most common passwords: refused on its own field.
  const newPassword = page.getByLabel('Nouveau mot de passe', { exact: true })
  await page.getByLabel('Mot de passe actuel').fill(PASSWORD)
  await newPassword.fill('password')
  await page.getByLabel('Confirmez le nouveau mot de passe').fill('password')
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true')
  await expect(
    page.getByRole('region', { name: 'Mot de passe' }).getByText(/fait partie des plus courants/),
  ).toBeVisible()
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    await page
      .getByRole('region', { name: 'Mot de passe' })
      .screenshot({ path: `test-results/settings-common-password-${viewport.name}.png` })
  }
  await page.getByLabel('Mot de passe actuel').fill(PASSWORD)
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau-Studio-27')
  await page.getByLabel('Confirmez le nouveau mot de passe').fill('Nouveau-Studio-27')
  await dropConnection(page, '**/settings.data*')
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(page.getByText(CONNECTION_FAILED)).toBeVisible()
  // Disabled on its way, the button lost the focus; the answer in, it has it back.
  await expect(page.getByRole('button', { name: 'Changer le mot de passe' })).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Paramètres du compte' })).toBeVisible()
  await expect(page.getByLabel('Nouveau mot de passe', { exact: true })).toHaveValue(
    'Nouveau-Studio-27',
  )
  await page.unrouteAll()
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(
    page.getByText('Mot de passe modifié. Vos autres sessions ont été fermées.'),
  ).toBeVisible()
})

test('two-factor: enrol with the QR code secret, then sign-in asks for a code', async ({
  page,
}) => {
  const email = await confirmedMember(page, 'deuxfacteurs')
  const section = await startEnrolment(page, email)
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible()
  await expect(
    section.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem'),
  ).toHaveCount(10)
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim()
  // A mistyped code: the QR code, the key and the backup codes stay on screen.
  await section.getByLabel('3. Code affiché par l’application').fill('000000')
  await section.getByRole('button', { name: 'Confirmer l’activation' }).click()
  await expect(section.getByText('Code invalide.')).toBeVisible()
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible()
  await expect(section.getByTestId('totp-secret')).toHaveText(secret)
  await expect(
    section.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem'),
  ).toHaveCount(10)
  // Codes of the current and the next period: each is accepted for 30 to 90 s (a window of one
  // period either side), however slow the machine, and the two never match (replays are refused).
  await section.getByLabel('3. Code affiché par l’application').fill(await codeAt(secret))
  await section.getByRole('button', { name: 'Confirmer l’activation' }).click()
  await expect(page.getByText('Double authentification activée.')).toBeVisible()
  await expect(section.getByText('activée', { exact: true })).toBeVisible()
  // The confirming form is gone with its button: the section's heading has the keyboard.
  await expect(section.getByRole('heading', { name: 'Double authentification' })).toBeFocused()

  await page
    .getByRole('region', { name: 'Sessions ouvertes' })
    .getByRole('button', { name: 'Se déconnecter de toutes les sessions' })
    .click()
  await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/)
  await page.goto('/auth')
  await signIn(page, email)
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible()
  await page.getByLabel('Code de vérification').fill(await codeAt(secret, 1))
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page).toHaveURL(/\/feed$/)

  // Turned off: the member stays signed in, on the settings page.
  await page.goto('/settings')
  const again = page.getByRole('region', { name: 'Double authentification' })
  await again.getByLabel('Votre mot de passe').fill(PASSWORD)
  await again.getByRole('button', { name: 'Désactiver la double authentification' }).click()
  await expect(page.getByText('Double authentification désactivée.')).toBeVisible()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(
    again.getByRole('button', { name: 'Activer la double authentification' }),
  ).toBeVisible()
  await expect(again.getByRole('heading', { name: 'Double authentification' })).toBeFocused()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Paramètres du compte' })).toBeVisible()
})

test('a password changed without JavaScript says so on the page', async ({ page, browser }) => {
  const email = await confirmedMember(page, 'mot-de-passe-sansjs')
  const noScript = await pageWithoutScripts(browser)
  await noScript.goto('/auth?redirectTo=%2Fsettings')
  await signIn(noScript, email)
  await expect(noScript).toHaveURL(/\/settings$/)
  await noScript.getByLabel('Mot de passe actuel').fill(PASSWORD)
  await noScript.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau-Studio-27')
  await noScript.getByLabel('Confirmez le nouveau mot de passe').fill('Nouveau-Studio-27')
  await noScript.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(
    noScript
      .getByRole('status')
      .filter({ hasText: 'Mot de passe modifié. Vos autres sessions ont été fermées.' }),
  ).toBeVisible()
  // The session Better Auth opened in place of this one is listed as this one, alone.
  const listed = noScript.getByRole('region', { name: 'Sessions ouvertes' }).getByRole('listitem')
  await expect(listed).toHaveCount(1)
  await expect(listed.getByText(/ · cette session$/)).toHaveCount(1)
  await expect(noScript.getByRole('button', { name: 'Fermer cette session' })).toHaveCount(0)
  await noScript.context().close()
})

test('two-factor without JavaScript: after a mistyped code, enrolment can start again', async ({
  page,
  browser,
}) => {
  const email = await confirmedMember(page, 'deuxfacteurs-sansjs')
  const noScript = await pageWithoutScripts(browser)
  const section = await startEnrolment(noScript, email)
  const first = (await section.getByTestId('totp-secret').textContent())!.trim()
  await section.getByLabel('3. Code affiché par l’application').fill('000000')
  await section.getByRole('button', { name: 'Confirmer l’activation' }).click()
  await expect(section.getByText('Code invalide.')).toBeVisible()
  // The page came back without the QR code (it is shown once): a way to start again.
  await expect(section.getByTestId('totp-secret')).toHaveCount(0)
  await section.getByLabel('Votre mot de passe').fill(PASSWORD)
  await section.getByRole('button', { name: 'Recommencer l’activation' }).click()
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible()
  const second = (await section.getByTestId('totp-secret').textContent())!.trim()
  expect(second).not.toBe(first)
  const backupCode = (await section
    .getByRole('list', { name: 'Codes de secours' })
    .getByRole('listitem')
    .first()
    .textContent())!.trim()
  await section.getByLabel('3. Code affiché par l’application').fill(await codeAt(second))
  await section.getByRole('button', { name: 'Confirmer l’activation' }).click()
  await expect(
    noScript.getByRole('status').filter({ hasText: 'Double authentification activée.' }),
  ).toBeVisible()
  await expect(section.getByText('activée', { exact: true })).toBeVisible()

  // Signed out, then in again without the phone: a backup code in the same field.
  const account = noScript.locator('[data-slot="user-menu-fallback"]')
  await account.locator('summary').click()
  await account.getByRole('button', { name: 'Se déconnecter' }).click()
  await noScript.goto('/auth')
  await signIn(noScript, email)
  await expect(noScript.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible()
  await expect(noScript.getByRole('button', { name: 'Utiliser un code de secours' })).toHaveCount(0)
  await expect(
    noScript.getByText('saisissez l’un de vos codes de secours dans le même champ'),
  ).toBeVisible()
  // The challenge over (its cookie gone, as after ten minutes): back to sign in, told why.
  await noScript.context().clearCookies({ name: 'tremplin.two_factor' })
  await noScript.getByLabel('Code de vérification').fill(backupCode)
  await noScript.getByRole('button', { name: 'Vérifier' }).click()
  await expect(noScript.getByText('La vérification a expiré : reconnectez-vous.')).toBeVisible()
  await signIn(noScript, email)
  await expect(noScript.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible()
  await noScript.getByLabel('Code de vérification').fill(backupCode)
  await noScript.getByRole('button', { name: 'Vérifier' }).click()
  await expect(noScript).toHaveURL(/\/feed$/)
  await noScript.context().close()
})

test('closing another session from the keyboard leaves the focus on the sessions list', async ({
  page,
  browser,
}) => {
  const email = await confirmedMember(page, 'sessions')
  // A second session, from another browser.
  const other = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:140.0) Gecko/20100101 Firefox/140.0',
  })
  const otherPage = await other.newPage()
  await otherPage.goto('/auth')
  await signIn(otherPage, email)
  await expect(otherPage).toHaveURL(/\/feed$/)
  await other.close()

  await page.goto('/auth?redirectTo=%2Fsettings')
  await signIn(page, email)
  const sessions = page.getByRole('region', { name: 'Sessions ouvertes' })
  // Named with its session's device and date: each button is told apart from the others.
  const close = sessions.getByRole('button', {
    name: /^Fermer cette session \(Firefox 140 sur macOS, ouverte le \d.+\)$/,
  })
  await expect(close).toHaveCount(1)
  // Each browser as its member knows it, not its User-Agent.
  await expect(sessions.getByText('Firefox 140 sur macOS', { exact: true })).toBeVisible()
  await expect(sessions.getByText(/^Chrome \d+ sur Windows$/)).toBeVisible()
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') sent.push(request.url())
  })
  await close.focus()
  // Pressed twice, as an impatient hand does: one request, and no « Session inconnue. » after.
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Session fermée.')).toBeVisible()
  await expect(close).toHaveCount(0)
  await expect(sessions.getByRole('heading', { name: 'Sessions ouvertes' })).toBeFocused()
  expect(sent).toHaveLength(1)
  await expect(page.getByText('Session inconnue.')).toHaveCount(0)
})

test('export downloads my data as JSON', async ({ page }) => {
  const email = await signedInMember(page, 'export', '/settings')
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Exporter mes données' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toMatch(/^tremplin-export-\d{4}-\d{2}-\d{2}\.json$/)
  const exported = JSON.parse(
    await (
      await download.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString('utf8')),
  )
  expect(exported.account.email).toBe(email)
  expect(exported.profile.firstName).toBe('Chloé')
})

test('deletion: confirmed by the password, everything is gone and the old cookie gets 401', async ({
  page,
}) => {
  const email = await signedInMember(page, 'suppression', '/settings')
  const oldCookies = await page.context().cookies()

  const section = page.getByRole('region', { name: 'Supprimer mon compte' })
  await section.getByLabel('Votre mot de passe').fill('pas-le-bon-mot-26')
  await section.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click()
  await expect(section.getByRole('alert')).toBeVisible()

  await section.getByLabel('Votre mot de passe').fill(PASSWORD)
  await section.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/)
  await expect(page.getByText('Votre compte et vos données ont été supprimés.')).toBeVisible()
  await waitForMail(email, /supprimé/)

  const cookieHeader = oldCookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  // The old session cookie opens nothing: a member's page sends it to sign in.
  const response = await page.request.get('/settings', {
    headers: { cookie: cookieHeader },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toBe('/auth?redirectTo=%2Fsettings')

  await page.goto('/auth')
  await signIn(page, email)
  await expect(
    page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect.' }),
  ).toBeVisible()
})

for (const viewport of VIEWPORTS) {
  test(`the settings page is axe-clean at ${viewport.width} px`, async ({ page }) => {
    await signedInMember(page, `axe${viewport.width}`, '/settings')
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await expect(page.getByRole('heading', { name: 'Paramètres du compte' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({
      path: `test-results/screens/settings-${viewport.name}.png`,
      fullPage: true,
    })
    // And in the dark theme, whose lighter red takes dark text on its buttons.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expectNoAxeViolations(page)
  })
}

test('on a phone, the drawer offers Profil, Paramètres and Se déconnecter', async ({ page }) => {
  const email = await confirmedMember(page, 'mobile')
  await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/auth')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/feed$/)
  await page.goto('/')
  await hydrated(page)
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  const drawer = page.getByRole('dialog', { name: 'Menu' })
  await expect(drawer.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile')
  await expect(drawer.getByRole('link', { name: 'Paramètres' })).toHaveAttribute(
    'href',
    '/settings',
  )
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screens/drawer-member-mobile.png' })
  await drawer.getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:3100\/$/)
  await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible()
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Se connecter' }),
  ).toBeVisible()
})
