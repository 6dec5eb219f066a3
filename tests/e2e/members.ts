import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { BASE_URL } from '../../playwright.config'
import { hydrated } from './helpers'
import { clientIp, linkIn, uniqueEmail, waitForMail } from './mail'

export const PASSWORD = 'Fromagerie-Annecy-26'

/** The names a test member signs up with; null: none (they are optional). */
type SignUpNames = { firstName: string; lastName: string } | null

const CHLOE: SignUpNames = { firstName: 'Chloé', lastName: 'Girard' }

/**
 * Posts one of /auth's forms as a browser without scripts does (the forms work without them,
 * ADR 046), on the page's cookies, from its own client address (rate limits).
 */
async function postAuthForm(page: Page, form: Record<string, string>) {
  return page.request.post('/auth', {
    form,
    headers: { origin: BASE_URL, 'x-forwarded-for': clientIp() },
    maxRedirects: 0,
  })
}

/**
 * A member signed up and confirmed by the forms' own posts (the address confirmed from the mail
 * sent over SMTP): the journeys of signing up in the page are in accounts.test.ts and
 * site.test.ts; here a member is only what a journey starts from. The page is left where it was.
 */
export async function confirmedMember(
  page: Page,
  label: string,
  names: SignUpNames = CHLOE,
): Promise<string> {
  const email = uniqueEmail(label)
  const signUp = await postAuthForm(page, {
    intent: 'signup',
    ...names,
    email,
    password: PASSWORD,
  })
  expect(await signUp.text()).toContain('Compte créé avec succès ! Vérifiez votre email.')
  const link = linkIn(await waitForMail(email, /Confirmez/), '/api/auth/verify-email')
  const confirm = await postAuthForm(page, {
    intent: 'confirm-email',
    token: new URL(link).searchParams.get('token') ?? '',
  })
  expect(confirm.headers()['location']).toBe('/?confirmation=ok')
  return email
}

/** Fills and submits the sign-in form of the current /auth page. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

/**
 * A confirmed member, signed in by the sign-in form's post, on `path` with the page's scripts
 * in charge (signing in through the page is accounts.test.ts's).
 */
export async function signedInMember(
  page: Page,
  label: string,
  path = '/feed',
  names: SignUpNames = CHLOE,
): Promise<string> {
  const email = await confirmedMember(page, label, names)
  const signedIn = await postAuthForm(page, {
    intent: 'signin',
    email,
    password: PASSWORD,
    redirectTo: path,
  })
  expect(signedIn.headers()['location']).toBe(path)
  await page.goto(path)
  await hydrated(page)
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
