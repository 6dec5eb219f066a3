import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { hydrated } from './helpers'
import { clientIp, confirmAddress, uniqueEmail } from './mail'

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
  await confirmAddress(page, email)
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
  // Signed in by the page's scripts: the target page comes as the app renders it, ready.
  await hydrated(page)
  await signIn(page, email)
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`))
  return email
}

interface OtherBrowser {
  /** Signed in as this page is. */
  member?: Page
  viewport?: { width: number; height: number }
}

/** A new browser context with its own client address (rate limits), signed in as `member`. */
async function otherBrowser(
  browser: Browser,
  { member, viewport }: OtherBrowser,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...options,
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': clientIp() },
  })
  if (member) await context.addCookies(await member.context().cookies())
  return context
}

/**
 * A page in a browser that runs no script, with its own client address (rate limits), signed
 * in as `member`'s page is when given.
 */
export async function pageWithoutScripts(
  browser: Browser,
  other: OtherBrowser = {},
): Promise<Page> {
  return (await otherBrowser(browser, other, { javaScriptEnabled: false })).newPage()
}

/**
 * A page as a browser that runs no script shows it, in a browser that does, so that axe (which
 * runs as a script, and cannot in the first) can audit it: the document's scripts and module
 * preloads left out, its `<noscript>` content in place, and its stylesheets' `(scripting: none)`
 * rules applied (ADR 046), signed in as `member`'s page is when given. Each `<details>` stand-in
 * can then be opened for the audit by a script of the test's own.
 */
export async function pageAsWithoutScripts(
  browser: Browser,
  other: OtherBrowser = {},
): Promise<Page> {
  const context = await otherBrowser(browser, other)
  const withoutScriptsCss = (css: string) => css.replaceAll('(scripting:none)', 'all')
  await context.route('**/*', async (route) => {
    const type = route.request().resourceType()
    if (type === 'script') return route.abort()
    if (type !== 'document' && type !== 'stylesheet') return route.fallback()
    const response = await route.fetch()
    const text = await response.text()
    const body =
      type === 'stylesheet'
        ? withoutScriptsCss(text)
        : withoutScriptsCss(text)
            .replaceAll(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
            .replaceAll(/<link rel="modulepreload"[^>]*>/g, '')
            .replaceAll(/<\/?noscript>/g, '')
    // The body is sent again as text: its former encoding and length no longer apply.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(
        ([name]) => name !== 'content-encoding' && name !== 'content-length',
      ),
    )
    return route.fulfill({ status: response.status(), headers, body })
  })
  return context.newPage()
}

/**
 * Ends every session of the page's member from another tab (« Se déconnecter de toutes les
 * sessions », ADR 005): the page still shows what it showed, its session gone.
 */
export async function endSessionsFromAnotherTab(page: Page): Promise<void> {
  const other = await page.context().newPage()
  await other.goto('/settings')
  await other
    .getByRole('region', { name: 'Sessions ouvertes' })
    .getByRole('button', { name: 'Se déconnecter de toutes les sessions' })
    .click()
  await expect(other).toHaveURL(/127\.0\.0\.1:3100\/$/)
  await other.close()
}
