import http from 'node:http'
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
  // A second response has another nonce: this browser now holds the stylesheet cookie, so the
  // page is another one than the first visit's (a visitor's same page keeps its nonce, below).
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
  // A page's data, read by the browser on a navigation, holds the same: the settings' email and
  // sessions' addresses, the profile's saved posts, the feed's votes.
  for (const path of ['/settings.data', '/profile.data', '/notifications.data', '/feed.data']) {
    const data = await page.request.get(path)
    expect({ path, status: data.status(), cacheControl: data.headers()['cache-control'] }).toEqual({
      path,
      status: 200,
      cacheControl: 'private, no-store',
    })
  }
  const cookies = await page.context().cookies()
  const session = cookies.find((cookie) => cookie.name === 'tremplin.session_token')
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
})

test('a visitor’s page is sent again, nonce and all, until this server accepts a write (ADR 040)', async ({
  page,
  baseURL,
}) => {
  const nonceOf = (csp: string | null | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]
  // Each visit a first one, without the cookies a browser context would keep.
  const ip = clientIp()
  const visit = async (path: string) => {
    const response = await fetch(`${baseURL}${path}`, { headers: { 'x-forwarded-for': ip } })
    expect(response.status).toBe(200)
    return {
      nonce: nonceOf(response.headers.get('content-security-policy')),
      html: await response.text(),
    }
  }
  // The server is shared with the other worker's tests: a write of theirs between two visits
  // ends the kept page, so a few pairs are tried. Without keeping, no pair ever matches.
  let [first, second] = [await visit('/feed'), await visit('/feed')]
  for (let attempt = 1; attempt < 5 && second.nonce !== first.nonce; attempt++) {
    ;[first, second] = [await visit('/feed'), await visit('/feed')]
  }
  expect(first.nonce).toBeTruthy()
  expect(second).toEqual(first)

  // A member's pages are rendered each time.
  await signedInMember(page, 'page-gardee', '/post/create')
  const member = [await page.request.get('/feed'), await page.request.get('/feed')]
  expect(nonceOf(member[1]!.headers()['content-security-policy'])).not.toBe(
    nonceOf(member[0]!.headers()['content-security-policy']),
  )

  // The member publishes: the visitor's next page shows the post at once, and no longer once
  // it is deleted.
  const title = `Publication vue des visiteurs ${Date.now()}`
  await page.getByLabel('Titre').fill(title)
  await page.getByRole('checkbox', { name: 'Autres' }).check()
  // A page kept just before the post is published: seconds younger than its limit.
  const before = await visit('/feed')
  await page.getByRole('button', { name: 'Publier' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const published = await visit('/feed')
  expect(published.nonce).not.toBe(before.nonce)
  expect(published.html).toContain(title)

  await page.getByRole('button', { name: `Options du post « ${title} »` }).click()
  await page.getByRole('menuitem', { name: 'Supprimer' }).click()
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click()
  await expect(page.getByText('Post supprimé avec succès')).toBeVisible()
  expect((await visit('/feed')).html).not.toContain(title)
})

test('a request body must give its size, and at most 12 Mo: a chunked or larger one is refused unread', async ({
  baseURL,
}) => {
  const { hostname, port } = new URL(baseURL!)
  const send = (headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: '/contact',
          headers: { origin: baseURL!, 'x-forwarded-for': clientIp(), ...headers },
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => (text += chunk))
          response.on('end', () => {
            // Whatever this client still had to send, it sends nothing more.
            request.destroy()
            resolve({ status: response.statusCode ?? 0, text })
          })
        },
      )
      request.on('error', reject)
      if (body === undefined) request.flushHeaders()
      else request.end(body)
    })
  // Chunked: the body's size is not given. The request stays open; the answer comes anyway.
  const chunked = await send({
    'content-type': 'application/x-www-form-urlencoded',
    'transfer-encoding': 'chunked',
  })
  expect(chunked).toEqual({
    status: 411,
    text: 'Requête refusée : la taille de son contenu doit être annoncée.',
  })
  // 13 Mo announced, none sent: refused before a byte of it is read.
  const large = await send({
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(13 * 1024 * 1024),
  })
  expect(large).toEqual({ status: 413, text: 'Requête refusée : son contenu dépasse 12 Mo.' })
})
