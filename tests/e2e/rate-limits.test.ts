// Rate limits as deployed (issue 10): the production server's own limits, reached at the limit
// and one past it, through the path variants an attacker would try to get a fresh counter
// (trailing slash, double slash, upper case), and by address: X-Forwarded-For counts only
// when TRUST_PROXY says a proxy sets it.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { expect, request as newRequest, test, type APIRequestContext } from '@playwright/test'
import { clientIp, uniqueEmail } from './mail'
import { startInsideOneWindow } from '../setup/rate-windows'
import { signedInMember } from './members'

const SIGN_IN = '/auth'
const SIGN_IN_LIMIT = 5 // per address and minute (RATE_LIMITS.signInPerIp)
const VARIANTS = ['/auth/', '//auth', '/AUTH']
// Better Auth's own sign-in, which would skip the app's limits: not served (ADR 005).
const BETTER_AUTH_SIGN_IN = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-in/email/',
  '/API/AUTH/SIGN-IN/EMAIL',
]

async function signInAttempt(
  api: APIRequestContext,
  origin: string,
  path: string,
  forwardedFor?: string,
) {
  const response = await api.post(origin + path, {
    headers: { origin, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    form: { intent: 'signin', email: uniqueEmail('limite'), password: 'Mauvais-Mot-26' },
    maxRedirects: 0,
  })
  return response.status()
}

test('sign-in: 5 attempts a minute per address, then 429 on every spelling of the path', async ({
  request,
  baseURL,
}) => {
  test.slow()
  const address = clientIp()
  // A burst that straddled two minutes would start a fresh count half-way.
  await startInsideOneWindow(60_000, 30_000)
  for (let attempt = 0; attempt < SIGN_IN_LIMIT; attempt++) {
    expect(await signInAttempt(request, baseURL!, SIGN_IN, address)).toBe(401)
  }
  expect(await signInAttempt(request, baseURL!, SIGN_IN, address)).toBe(429)
  // The refusal says when to try again (RFC 9110), to the page's plain form and to the same
  // form sent by its script (React Router's data request, /auth.data) alike.
  for (const path of [SIGN_IN, `${SIGN_IN}.data`]) {
    const refused = await request.post(baseURL! + path, {
      headers: { origin: baseURL!, 'x-forwarded-for': address },
      form: { intent: 'signin', email: uniqueEmail('limite'), password: 'Mauvais-Mot-26' },
      maxRedirects: 0,
    })
    expect(refused.status(), path).toBe(429)
    expect(Number(refused.headers()['retry-after']), path).toBeGreaterThanOrEqual(1)
  }
  for (const variant of VARIANTS) {
    // Either the same limit or no such page: never a fresh counter.
    expect([404, 429], variant).toContain(await signInAttempt(request, baseURL!, variant, address))
  }
  // Another address (the proxy says so: this server trusts it) has its own counter.
  expect(await signInAttempt(request, baseURL!, SIGN_IN, clientIp())).toBe(401)
  for (const path of BETTER_AUTH_SIGN_IN) {
    const response = await request.post(baseURL! + path, {
      headers: { origin: baseURL!, 'x-forwarded-for': clientIp() },
      data: { email: uniqueEmail('direct'), password: 'Mauvais-Mot-26' },
      maxRedirects: 0,
    })
    expect(response.status(), path).toBe(404)
  }
})

/** Every spelling of a path that an attacker could hope routes to a fresh counter. */
function variantsOf(path: string): string[] {
  return [`${path}/`, path.replace('/', '//'), path.toUpperCase()]
}

test('write limits are per member: no spelling of a path gets a fresh counter', async ({
  page,
  baseURL,
}) => {
  test.slow()
  await signedInMember(page, 'limites-ecriture')
  const api = page.request
  const send = (path: string, form: Record<string, string>) =>
    api
      .post(baseURL + path, {
        headers: { origin: baseURL!, accept: 'application/json' },
        form,
        maxRedirects: 0,
      })
      .then((response) => response.status())
  // All at once, right after the burst: still inside its window on a slow machine.
  const expectRefusedEverywhere = async (path: string, form: Record<string, string>) => {
    const variants = variantsOf(path)
    const [status, ...variantStatuses] = await Promise.all(
      [path, ...variants].map((each) => send(each, form)),
    )
    expect(status, path).toBe(429)
    variants.forEach((variant, index) => {
      expect([404, 429], variant).toContain(variantStatuses[index])
    })
  }

  // Posts: one per 10 seconds. The post is the member's own: other tests delete theirs.
  const newPost = { title: 'Une question sur les limites ?', categories: 'feedback' }
  // Each burst waits for a fresh window (a margin as long as the window).
  await startInsideOneWindow(10_000, 10_000)
  const created = await api.post(`${baseURL}/post/create`, {
    headers: { origin: baseURL! },
    form: newPost,
    maxRedirects: 0,
  })
  expect(created.status()).toBe(302)
  await expectRefusedEverywhere('/post/create', newPost)
  await page.goto(created.headers().location!)
  const action = await page.locator('form[action^="/api/posts/"]').first().getAttribute('action')
  expect(action).toMatch(/^\/api\/posts\/[\w-]+$/)

  // Comments: one per 5 seconds.
  const comment = { intent: 'comment', content: 'Merci pour le partage !' }
  await startInsideOneWindow(5_000, 5_000)
  expect(await send(`${action}/comments`, comment)).toBe(201)
  // Another text: the same one again is the comment already published (ADR 063, ADR 066).
  await expectRefusedEverywhere(`${action}/comments`, { ...comment, content: 'Et encore merci.' })

  // Votes: 60 a minute.
  const vote = { intent: 'vote', type: 'up' }
  await startInsideOneWindow(60_000, 30_000)
  for (let index = 0; index < 60; index++) expect(await send(action!, vote)).toBe(200)
  await expectRefusedEverywhere(action!, vote)
})

test.describe('without TRUST_PROXY', () => {
  const port = 3141
  const origin = `http://127.0.0.1:${port}`
  let server: ChildProcess

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    fs.rmSync('data/e2e-direct', { recursive: true, force: true })
    server = spawn(process.execPath, ['server.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: 'data/e2e-direct',
        SEED_DEMO_CONTENT: 'never',
        TRUST_PROXY: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    })
    const api = await newRequest.newContext()
    await expect
      .poll(async () => (await api.get(`${origin}/healthz`).catch(() => null))?.status(), {
        timeout: 90_000,
      })
      .toBe(200)
    await api.dispose()
  })

  test.afterAll(() => {
    server.kill('SIGTERM')
  })

  test('a spoofed X-Forwarded-For does not buy new sign-in attempts', async () => {
    test.slow()
    const api = await newRequest.newContext()
    await startInsideOneWindow(60_000, 30_000)
    for (let attempt = 0; attempt < SIGN_IN_LIMIT; attempt++) {
      expect(await signInAttempt(api, origin, SIGN_IN, clientIp())).toBe(401)
    }
    expect(await signInAttempt(api, origin, SIGN_IN, clientIp())).toBe(429)
    await api.dispose()
  })
})
