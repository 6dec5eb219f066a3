// Stored and reflected XSS: well-known filter-evasion payloads go into every text field a
// member can fill (composer, comment, profile and its links) and into the search, then every
// page that shows them is opened, signed in and as a visitor. Nothing may run: alert, confirm,
// prompt and print are replaced before any page script and record their calls, the console is
// watched, dialogs are recorded, and so are the CSP's refusals of scripts and frames (a refused
// injected script is still an injection). The DOM must hold no inline handler, no script or
// data: URL in a link or a source, no frame, and no script without this response's nonce.
import { expect, test, type Page } from '@playwright/test'
import { VIEWPORTS } from './helpers'
import { clientIp } from './mail'
import { signedInMember } from './members'

const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  '</title><script>alert(1)</script>',
  "{{constructor.constructor('alert(1)')()}}",
  '<a href="jav&#x09;ascript:alert(1)">clic</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '\u202E<b onmouseover=alert(1)>gnp.exe</b>',
  '<details open ontoggle=alert(1)>',
  "'-alert(1)-'",
  '<img src=x onerror="console.log(\'xss-console\')">',
  '</script><script>alert("ld+json")</script>',
]

const TITLE = `</title><script>alert(1)</script> "><img src=x onerror=alert(1)> {{constructor.constructor('alert(1)')()}} ?`
// A card may shorten a long title: its start is enough to find it.
const CARD_TITLE = TITLE.slice(0, 60)
// Served by tests/setup/link-fixture-server.ts, an origin the e2e server may fetch: its page
// has markup in its OpenGraph tags and a javascript: image.
const HOSTILE_LINK = 'http://127.0.0.1:3127/page-piegee?q="><script>alert(1)</script>'
const REFUSED_LINKS = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp() })
})

interface Watch {
  dialogs: string[]
  errors: string[]
}

/** Records, from before the first script of every document, whatever a payload could trigger. */
async function watch(page: Page): Promise<Watch> {
  const recorded: Watch = { dialogs: [], errors: [] }
  page.on('dialog', (dialog) => {
    recorded.dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  page.on('pageerror', (error) => recorded.errors.push(error.message))
  await page.addInitScript(() => {
    const calls: string[] = []
    Object.defineProperty(window, '__xss', { value: calls })
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.assign(window, {
        [name]: (...args: unknown[]) => {
          calls.push(`${name}(${args.map(String).join(', ')})`)
          return null
        },
      })
    }
    for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[name].bind(console)
      console[name] = (...args: unknown[]) => {
        if (args.some((arg) => String(arg).includes('xss'))) {
          calls.push(`console.${name}(${args.map(String).join(', ')})`)
        }
        original(...args)
      }
    }
    // Template-injection payloads reach code through Function ('constructor.constructor') or
    // eval: calls that carry a payload's code are recorded (the CSP would refuse them anyway).
    const RealFunction = Function
    const realEval = window.eval
    const carriesPayload = (args: unknown[]) =>
      args.some((arg) => /alert\(|xss-console/.test(String(arg)))
    // oxlint-disable-next-line no-extend-native -- a spy inside the page under test
    Object.defineProperty(Function.prototype, 'constructor', {
      configurable: true,
      writable: true,
      value: function constructor(...args: string[]) {
        if (carriesPayload(args)) calls.push(`Function(${args.join(', ')})`)
        return RealFunction(...args)
      },
    })
    window.eval = (code: string) => {
      if (carriesPayload([code])) calls.push(`eval(${code})`)
      return realEval(code)
    }
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod checks once whether eval is allowed (new Function('') in a try): that refusal is
      // expected; an inline script, handler or frame refused means markup got through.
      if (event.blockedURI === 'eval') return
      if (/^(script|frame|child|object)/.test(event.effectiveDirective)) {
        calls.push(`CSP refused ${event.effectiveDirective}: ${event.blockedURI}`)
      }
    })
  })
  return recorded
}

/** What ran or was injected on the current page; all empty when the page is safe. */
async function expectNothingRan(page: Page, recorded: Watch, where: string) {
  // Lets load-time handlers (onerror of a broken image, ontoggle…) fire if they exist.
  await page.waitForLoadState('networkidle')
  const found = await page.evaluate(() => {
    const injected: string[] = []
    const dangerousUrl = /^(javascript|vbscript|data):/i
    const urlAttributes = /^(href|src|action|formaction|xlink:href|data|poster|background)$/i
    for (const element of document.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase()
      for (const { name, value } of element.attributes) {
        // oxlint-disable-next-line no-control-regex -- browsers ignore these inside a scheme
        const compact = value.replaceAll(/[\u0000-\u0020]+/g, '')
        if (/^on/i.test(name)) injected.push(`<${tag} ${name}="${value}">`)
        if (name === 'srcdoc') injected.push(`<${tag} srcdoc>`)
        if (
          urlAttributes.test(name) &&
          dangerousUrl.test(compact) &&
          !(tag === 'img' && /^data:image\//i.test(compact))
        ) {
          injected.push(`<${tag} ${name}="${value}">`)
        }
      }
      if (['object', 'embed', 'base', 'frame'].includes(tag)) injected.push(`<${tag}>`)
      if (
        tag === 'iframe' &&
        !(element as HTMLIFrameElement).src.startsWith('https://www.youtube-nocookie.com/')
      ) {
        injected.push('<iframe>')
      }
      if (
        tag === 'script' &&
        !(element as HTMLScriptElement).nonce &&
        (element as HTMLScriptElement).type !== 'application/ld+json'
      ) {
        injected.push(`<script> without the nonce: ${element.outerHTML.slice(0, 120)}`)
      }
    }
    return { calls: (window as unknown as { __xss: string[] }).__xss, injected }
  })
  expect({ where, ...found, dialogs: recorded.dialogs, errors: recorded.errors }).toEqual({
    where,
    calls: [],
    injected: [],
    dialogs: [],
    errors: [],
  })
}

test('payloads stored in every field and typed in the search never run, for members and visitors', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const recorded = await watch(page)
  await signedInMember(page, 'xss', '/profile/edit')

  // Profile fields: markup everywhere, script and data: links refused by the form.
  await page.getByLabel('Prénom').fill('<svg/onload=alert(1)>')
  await page.getByLabel('Nom', { exact: true }).fill('"><img src=x onerror=alert(1)>')
  await page.getByLabel('Poste').fill('<script>alert(1)</script>')
  await page
    .getByRole('main')
    .getByLabel('Entreprise')
    .fill("{{constructor.constructor('alert(1)')()}}")
  await page.getByLabel('Ville').fill('\u202E<b onmouseover=alert(1)>gnp.exe</b>')
  await page.getByLabel('Pays').fill('</title><script>alert(1)</script>')
  await page.getByLabel('Accroche').fill('<a href="jav&#x09;ascript:alert(1)">clic</a>')
  await page.getByLabel('Bio').fill(PAYLOADS.join('\n'))
  for (const link of REFUSED_LINKS) {
    await page.getByLabel('LinkedIn').fill(link)
    await page.getByRole('button', { name: 'Enregistrer le profil' }).click()
    await expect(
      page
        .getByText('LinkedIn : Veuillez entrer un lien valide, par exemple https://exemple.fr.')
        .first(),
    ).toBeVisible()
  }
  await page.getByLabel('LinkedIn').fill('linkedin.com/in/"><svg/onload=alert(1)>')
  await page.getByLabel('Site web').fill('exemple.fr/?q=<script>alert(1)</script>')
  await page.getByRole('button', { name: 'Enregistrer le profil' }).click()
  await expect(page.getByText('Profil mis à jour avec succès')).toBeVisible()
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: '<svg/onload=alert(1)> "><img src=x onerror=alert(1)>',
    }),
  ).toBeVisible()
  await expectNothingRan(page, recorded, 'own profile after editing it')

  // Custom links: a script URL is refused, a URL with markup in it is stored encoded.
  await page.goto('/profile/edit')
  await page.getByLabel('Titre du lien 1').fill('<img src=x onerror=alert(1)>')
  for (const link of [...REFUSED_LINKS, 'JaVaScRiPt:alert(1)']) {
    await page.getByLabel('Adresse du lien 1').fill(link)
    await page.getByRole('button', { name: 'Enregistrer les liens' }).click()
    await expect(
      page.getByText('Veuillez entrer un lien valide, par exemple https://exemple.fr.').first(),
    ).toBeVisible()
  }
  await page.getByLabel('Adresse du lien 1').fill('exemple.fr/"><script>alert(1)</script>')
  await page.getByRole('button', { name: 'Enregistrer les liens' }).click()
  await expect(page.getByText('Liens mis à jour')).toBeVisible()
  await page.goto('/profile')
  const customLink = page.getByRole('link', { name: '<img src=x onerror=alert(1)>' })
  await expect(customLink).toHaveAttribute('href', /^https:\/\/exemple\.fr\//)
  await expectNothingRan(page, recorded, 'own profile with its links')
  const saved = await page.getByRole('link', { name: 'Posts sauvegardés' }).getAttribute('href')
  const profileUrl = new URL(saved ?? '', 'http://localhost').pathname

  // The composer: title, content, tags, link and event place.
  await page.goto('/post/create')
  await page.getByRole('radio', { name: 'Événement' }).check()
  await page.getByLabel('Titre').fill(TITLE)
  await page.getByLabel('Contenu').fill(PAYLOADS.join('\n'))
  await page.getByRole('checkbox', { name: 'Networking' }).check()
  await page
    .getByLabel('Tags (facultatif)')
    .fill('<svg/onload=alert(1)>, "><img src=x onerror=alert(1)>, <script>alert(1)</script>')
  await page.getByLabel('Date et heure (heure de Paris)').fill('2027-06-15T18:30')
  // No space to break at, as a pasted address: the card must wrap it (checked at 375 px below).
  await page
    .getByLabel('Lieu')
    .fill(
      '<iframe/srcdoc="<script>parent.alert(1)</script>"></iframe>https://visio.exemple.fr/rejoindre/reunion-0123456789-abcdefghijklmnopqrstuvwxyz',
    )
  for (const link of REFUSED_LINKS) {
    await page.getByLabel('Lien externe (facultatif)').fill(link)
    await page.getByRole('button', { name: 'Publier' }).click()
    await expect(
      page.getByText('Veuillez entrer un lien valide, par exemple https://exemple.fr.').first(),
    ).toBeVisible()
  }
  await page.getByLabel('Lien externe (facultatif)').fill(HOSTILE_LINK)
  await expect(page.locator('[data-slot="link-preview"]')).toContainText('Guide piégé')
  await expectNothingRan(page, recorded, 'composer with the hostile link preview')
  await page.getByRole('button', { name: 'Publier' }).click()
  await expect(page.getByText('Post créé avec succès !')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  const postUrl = new URL(page.url()).pathname

  // A comment with every payload, on the post's page.
  await page.getByLabel('Votre commentaire').fill(PAYLOADS.join('\n'))
  await page.getByRole('button', { name: 'Commenter' }).click()
  await expect(page.getByText('Commentaire publié')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await expect(page.getByText("'-alert(1)-'").first()).toBeVisible()
  await expectNothingRan(page, recorded, 'post page with its comment')

  await page.goto('/feed')
  await expect(
    page.locator('[data-slot="post-card"]', { hasText: CARD_TITLE }).first(),
  ).toBeVisible()
  await expectNothingRan(page, recorded, 'feed')

  // Search: each payload as the query, and the suggestions of the search field.
  for (const payload of PAYLOADS) {
    await page.goto(`/feed?q=${encodeURIComponent(payload)}`)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Résultats de recherche' }),
    ).toBeVisible()
    await expectNothingRan(page, recorded, `search for ${payload}`)
  }
  await page.goto('/feed')
  const box = page.getByRole('combobox', { name: 'Rechercher' })
  await box.fill('"><img src=x onerror=alert(1)>')
  await expectNothingRan(page, recorded, 'search field holding a payload')
  // A word of the post: its hostile title among the suggestions.
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/search/suggestions') && /q=alert\b/.test(response.url()),
  )
  await box.fill('alert')
  await answered
  await expect(
    page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /constructor/ }),
  ).toBeVisible()
  await expectNothingRan(page, recorded, 'search suggestions')

  // Long unbroken payloads must wrap: no page grows wider than the screen.
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport)
    for (const [name, path] of [
      ['feed', '/feed'],
      ['post', postUrl],
      ['profile', profileUrl],
      ['search', '/feed?q=alert'],
      // The active filter's chip holds the term, up to 100 characters with no space.
      ['long-search', `/feed?q=${'x'.repeat(100)}`],
    ]) {
      await page.goto(path!)
      await page.screenshot({
        path: `test-results/xss-${name}-${viewport.name}.png`,
        fullPage: true,
      })
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect({ page: name, width }).toEqual({ page: name, width: viewport.width })
    }
  }

  // A visitor reads the same pages (public fields only).
  const visitor = await browser.newPage()
  const visitorRecorded = await watch(visitor)
  const name = '<svg/onload=alert(1)> "><img src=x onerror=alert(1)>'
  for (const [path, shown] of [
    ['/feed', visitor.locator('[data-slot="post-card"]', { hasText: CARD_TITLE }).first()],
    [postUrl, visitor.getByRole('heading', { level: 1, name: TITLE })],
    [profileUrl, visitor.getByRole('heading', { level: 1, name })],
    ['/feed?q=alert', visitor.locator('[data-slot="post-card"]', { hasText: CARD_TITLE }).first()],
  ] as const) {
    await visitor.goto(path)
    await expect(shown).toBeVisible()
    await expectNothingRan(visitor, visitorRecorded, `visitor on ${path}`)
  }
  await visitor.close()
})
