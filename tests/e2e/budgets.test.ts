// Client budgets, measured on the production build the suite serves: the JavaScript and CSS a
// page loads, gzip-compressed, the feed's network silence until the first scroll, and what the
// first paint waits for (its styles inline, its modules at low priority).
import { gzipSync } from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { demoCard } from './demo-cards'
import { collectConsoleErrors } from './helpers'
import { clientIp } from './mail'

const JS_BUDGET_BYTES = 150 * 1024
const CSS_BUDGET_BYTES = 30 * 1024

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

interface Loaded {
  url: string
  type: 'script' | 'stylesheet'
  gzipBytes: number
}

/** Every script and stylesheet the page loads (declared in the HTML or fetched later). */
async function loadedAssets(page: Page, path: string): Promise<Loaded[]> {
  const assets = new Map<string, Loaded>()
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const type = response.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    pending.push(
      response.body().then((body) => {
        assets.set(response.url(), { url: response.url(), type, gzipBytes: gzipSync(body).length })
      }),
    )
  })
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  // Declared but possibly still unused (modulepreload): counted too, as the browser fetches them.
  const declared = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLScriptElement>('script[src]'),
      ...document.querySelectorAll<HTMLLinkElement>(
        'link[rel="modulepreload"], link[rel="stylesheet"]',
      ),
    ].map((element) => ({
      url: element instanceof HTMLScriptElement ? element.src : element.href,
      type:
        element instanceof HTMLLinkElement && element.rel === 'stylesheet'
          ? 'stylesheet'
          : 'script',
    })),
  )
  await Promise.all(pending)
  for (const asset of declared) {
    if (assets.has(asset.url)) continue
    const body = await (await page.request.get(asset.url)).body()
    assets.set(asset.url, {
      url: asset.url,
      type: asset.type as Loaded['type'],
      gzipBytes: gzipSync(body).length,
    })
  }
  // The inline scripts of the document (hydration data, theme) travel with the HTML.
  return [...assets.values()]
}

async function firstPostPath(page: Page): Promise<string> {
  await page.goto('/feed')
  // A demo post: the feed's first may be one another journey is about to delete.
  const href = await (await demoCard(page, 0)).locator('h2 a').getAttribute('href')
  expect(href).toMatch(/^\/post\//)
  return href!
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

test('the landing page, the feed and a post page stay within their JavaScript and CSS budgets', async ({
  page,
}) => {
  const pages = ['/', '/feed', await firstPostPath(page)]
  const report: string[] = []
  for (const path of pages) {
    const assets = await loadedAssets(page, path)
    const js = assets.filter((asset) => asset.type === 'script')
    const css = assets.filter((asset) => asset.type === 'stylesheet')
    const jsBytes = js.reduce((sum, asset) => sum + asset.gzipBytes, 0)
    const cssBytes = css.reduce((sum, asset) => sum + asset.gzipBytes, 0)
    report.push(`${path}: JS ${kb(jsBytes)} in ${js.length} files, CSS ${kb(cssBytes)}`)
    expect(js.length, `${path} loads its scripts`).toBeGreaterThan(0)
    expect
      .soft(jsBytes, `${path}: gzip JavaScript ${kb(jsBytes)}`)
      .toBeLessThanOrEqual(JS_BUDGET_BYTES)
    expect(css.length, `${path} loads its stylesheet`).toBeGreaterThan(0)
    expect.soft(cssBytes, `${path}: gzip CSS ${kb(cssBytes)}`).toBeLessThanOrEqual(CSS_BUDGET_BYTES)
  }
  test.info().annotations.push({ type: 'budgets', description: report.join('; ') })
})

test('the feed makes no data request after its document until the first scroll', async ({
  page,
}) => {
  const requests: string[] = []
  page.on('request', (request) => requests.push(new URL(request.url()).pathname))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/feed')
  await expect(page.locator('[data-slot="post-card"]').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  // Nothing but the document and static files: no /api/*, no loader data (.data).
  const afterDocument = requests.slice(1)
  const dataRequests = afterDocument.filter(
    (path) => path.startsWith('/api/') || path.endsWith('.data'),
  )
  expect(requests[0]).toBe('/feed')
  expect(dataRequests).toEqual([])
  const notStatic = afterDocument.filter(
    (path) => !path.startsWith('/assets/') && !/\.(svg|ico|png|webp|woff2?)$/.test(path),
  )
  expect(notStatic).toEqual([])

  // The first scroll is what starts the view counting: the listener does see data requests.
  const views = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/views')
  await page.mouse.wheel(0, 600)
  await views
})

test('the first paint needs the document alone: its styles are inline, its stylesheet does not block', async ({
  page,
  playwright,
  baseURL,
}) => {
  for (const path of ['/', '/feed']) {
    // A browser's first visit: no stylesheet cookie.
    const firstVisit = await playwright.request.newContext({ baseURL })
    const response = await firstVisit.get(path)
    const html = await response.text()
    const head = html.slice(0, html.indexOf('</head>'))
    // Every stylesheet link of the head is a print one: nothing to wait for before painting.
    const links = head.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? []
    expect(links.length, path).toBeGreaterThan(0)
    for (const link of links) expect(link, path).toContain('media="print"')
    expect(head, path).toMatch(/<style nonce="[^"]+">[^<]*\.icon\{/)
    // …and the cookie saying that the browser now holds the stylesheet (ADR 021).
    expect(response.headers()['set-cookie'], path).toMatch(
      /^tremplin\.css=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    )

    // The next document links the stylesheet the browser holds instead of carrying it again.
    const nextHead = (await (await firstVisit.get(path)).text()).split('</head>')[0]!
    expect(nextHead, path).not.toMatch(/\.icon\{/)
    const nextLinks = nextHead.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? []
    expect(nextLinks.length, path).toBeGreaterThan(0)
    for (const link of nextLinks) expect(link, path).not.toContain('media=')
    await firstVisit.dispose()

    // A cookie naming another build's stylesheets gets them inline again.
    const otherBuild = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: 'tremplin.css=une-autre-version' },
    })
    expect(await (await otherBuild.get(path)).text(), path).toMatch(
      /<style nonce="[^"]+">[^<]*\.icon\{/,
    )
    await otherBuild.dispose()

    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    // Styled from the inline sheet on the first visit, from the linked one after it (the
    // default background is transparent), and hydrated without a mismatch both times.
    await page.context().clearCookies()
    for (const visit of ['first', 'next']) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      expect(background, `${path} (${visit})`).not.toBe('rgba(0, 0, 0, 0)')
    }
    expect(errors, path).toEqual([])
  }
})

test('pages ask for their modules at low priority, after what they show (ADR 057)', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const priorities = new Map<string, string>()
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    if (!priorities.has(request.url)) priorities.set(request.url, request.initialPriority)
  })
  const pages = ['/', '/feed', await firstPostPath(page)]
  const errors = collectConsoleErrors(page)
  for (const path of pages) {
    priorities.clear()
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => link.href,
      ),
    )
    expect(preloads.length, `${path} announces its modules`).toBeGreaterThan(3)
    expect(
      preloads.map((href) => [href, priorities.get(href)]),
      `${path}: each module fetched at low priority`,
    ).toEqual(preloads.map((href) => [href, 'Low']))
    expect(priorities.get(page.url()), `${path}: the document first`).toBe('VeryHigh')
    // It hydrates with the attribute React did not render, and reports no mismatch.
    await expect(page.getByRole('button', { name: 'Activer le thème sombre' })).toBeEnabled()
  }
  expect(errors).toEqual([])
})
