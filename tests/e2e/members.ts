import { expect, type Browser, type Page } from '@playwright/test'
import { clientIp, linkIn, uniqueEmail, waitForMail } from './mail'

export const PASSWORD = 'Fromagerie-Annecy-26'

/** The names a test member signs up with; null: none (they are optional). */
type SignUpNames = { firstName: string; lastName: string } | null

const CHLOE: SignUpNames = { firstName: 'Chloé', lastName: 'Girard' }

/** Signs up through the form and confirms the address from the email. */
export async function confirmedMember(
  page: Page,
  label: string,
  names: SignUpNames = CHLOE,
): Promise<string> {
  const email = uniqueEmail(label)
  await page.goto('/auth?tab=signup')
  if (names) {
    await page.getByLabel('Prénom (facultatif)', { exact: true }).fill(names.firstName)
    await page.getByLabel('Nom (facultatif)', { exact: true }).fill(names.lastName)
  }
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Créer mon compte' }).click()
  await expect(
    page.getByText('Compte créé avec succès ! Vérifiez votre email.').first(),
  ).toBeVisible()
  await page.goto(linkIn(await waitForMail(email, /Confirmez/), '/api/auth/verify-email'))
  await expect(page.getByText('Adresse email confirmée')).toBeVisible()
  return email
}

/** Fills and submits the sign-in form of the current /auth page. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

/** A confirmed member, signed in, on `path` (through /auth?redirectTo). */
export async function signedInMember(
  page: Page,
  label: string,
  path = '/feed',
  names: SignUpNames = CHLOE,
): Promise<string> {
  const email = await confirmedMember(page, label, names)
  await page.goto(`/auth?redirectTo=${encodeURIComponent(path)}`)
  await signIn(page, email)
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`))
  return email
}

/**
 * A page in a browser that runs no script, with its own client address (rate limits), signed
 * in as `member`'s page is when given.
 */
export async function pageWithoutScripts(
  browser: Browser,
  { member, viewport }: { member?: Page; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  })
  if (member) await context.addCookies(await member.context().cookies())
  return context.newPage()
}
