import { expect, test } from '@playwright/test'
import { clientIp } from './mail'
import { signedInMember } from './members'

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

test('HTML pages carry a nonce-based CSP and the protective headers; every script has the nonce', async ({
  page,
}) => {
  const scriptErrors: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) scriptErrors.push(message.text())
  })
  const response = await page.goto('/feed')
  const headers = response!.headers()
  const csp = headers['content-security-policy'] ?? ''
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  expect(nonce).toBeTruthy()
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive)
  }
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['x-frame-options']).toBe('DENY')
  // Over http:// (this test server), no HSTS: it is sent in production over https only.
  expect(headers['strict-transport-security']).toBeUndefined()

  const html = await response!.text()
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
  const executable = scripts.filter((tag) => !/type="application\/ld\+json"/.test(tag))
  expect(executable.length).toBeGreaterThan(0)
  for (const tag of executable) expect(tag).toContain(`nonce="${nonce}"`)
  // A second response has another nonce.
  const again = await page.request.get('/feed')
  expect(again.headers()['content-security-policy']).not.toContain(nonce)
  // The page works under this policy: hydration ran, nothing was refused.
  await expect(page.getByRole('button', { name: 'Activer le thème sombre' })).toBeEnabled()
  expect(scriptErrors).toEqual([])
})

test('static files get nosniff too; signed-in HTML is never cached; cookies are HttpOnly and Lax', async ({
  page,
}) => {
  const favicon = await page.request.get('/favicon.svg')
  expect(favicon.headers()['x-content-type-options']).toBe('nosniff')

  const anonymous = await page.request.get('/feed')
  expect(anonymous.headers()['cache-control'] ?? '').not.toContain('no-store')

  await signedInMember(page, 'entetes')
  const signedIn = await page.request.get('/feed')
  expect(signedIn.headers()['cache-control']).toBe('private, no-store')
  const cookies = await page.context().cookies()
  const session = cookies.find((cookie) => cookie.name === 'tremplin.session_token')
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
})
