import type http from 'node:http'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signIn, signUp } from '../../app/features/auth/accounts.server'
import { useLinkPreviewFetcher } from '../../app/features/link-preview/link-preview.server'
import { loader } from '../../app/routes/api/link-preview'
import { getAuth } from '../../app/server/auth/auth.server'
import { CLIENT_IP_HEADER } from '../../app/server/auth/client-ip.server'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { linkPreviews } from '../../app/server/db/schema'
import { createMailer, useMailer } from '../../app/server/mail/mailer.server'
import { safeFetchText } from '../../app/server/net/safe-fetch.server'
import { RATE_LIMITS } from '../../app/server/rate-limit.server'
import { createPost, createProfile } from '../factories'
import { startPageServer, type PageServer } from '../setup/page-server'
import { startInsideOneWindow } from '../setup/rate-windows'
import { linksIn, startSmtpCapture, type SmtpCapture } from '../setup/smtp'

const ORIGIN = 'http://localhost:3000'
let smtp: SmtpCapture
let site: PageServer
let base: string

function page(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = new URL(request.url ?? '/', 'http://x').pathname
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
  response.end(`<meta property="og:title" content="Article ${path}">`)
}

beforeAll(async () => {
  smtp = await startSmtpCapture()
  useMailer(
    createMailer({ smtpUrl: smtp.url, from: 'Tremplin <test@tremplin.local>', mailDir: '' }),
  )
  // A test site on 127.0.0.2, let through for this file only; production keeps the strict rule.
  site = await startPageServer({ host: '127.0.0.2', handler: page })
  base = `http://actu.example:${site.port}`
  useLinkPreviewFetcher((url) =>
    safeFetchText(url, {
      resolver: async () => [{ address: '127.0.0.2', family: 4 }],
      isAllowedAddress: (address) => address === '127.0.0.2',
      allowedPorts: [site.port],
    }),
  )
})

afterAll(async () => {
  useLinkPreviewFetcher(null)
  await Promise.all([smtp.close(), site.close()])
})

beforeEach(() => site.reset())

/** Signs up, confirms through the mailed link and signs in: the member's Cookie header. */
async function signedInMember(email: string): Promise<string> {
  const meta = () => ({ ip: '203.0.113.7', headers: new Headers({ origin: ORIGIN }) })
  const password = 'Lancement-2026!'
  await signUp({ email, password, firstName: 'Awa', lastName: 'Diallo', ...meta() })
  const mail = await smtp.waitForMail(email, { subject: /Confirmez/ })
  await getAuth().handler(new Request(linksIn(mail)[0]!, { headers: { origin: ORIGIN } }))
  const outcome = await signIn({ email, password, ...meta() })
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.message}`)
  return outcome.cookies.map((value) => value.split(';')[0]).join('; ')
}

/** GET /api/link-preview through the session middleware, as React Router runs it. */
async function preview(url: string | null, init: { cookie?: string; ip?: string } = {}) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: init.ip ?? '198.51.100.1' })
  if (init.cookie) headers.set('cookie', init.cookie)
  const query = url === null ? '' : `?url=${encodeURIComponent(url)}`
  const request = new Request(`${ORIGIN}/api/link-preview${query}`, { headers })
  const context = new RouterContextProvider()
  return (await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: '' } as never,
    async () => (await loader({ request, context, params: {} } as never)) as Response,
  )) as Response
}

async function somePost(externalUrl: string) {
  const author = await createProfile(db)
  return createPost(db, { authorId: author.id, title: 'Un lien à lire', externalUrl })
}

describe('GET /api/link-preview', () => {
  it('does not fetch an arbitrary URL for a visitor', async () => {
    const response = await preview(`${base}/nimporte-quoi`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ preview: null })
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(site.connections).toBe(0)
    expect(await db.select().from(linkPreviews)).toEqual([])
  })

  it('answers a visitor a link holding a NUL like any unknown link, not with a 500', async () => {
    const response = await preview(`${base}/a\u0000b`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ preview: null })
    expect(site.connections).toBe(0)
  })

  it("serves a visitor the preview of a post's external link", async () => {
    await somePost(`${base}/article`)
    const response = await preview(`${base}/article`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=300')
    expect(await response.json()).toEqual({
      preview: {
        url: `${base}/article`,
        title: 'Article /article',
        description: null,
        image: null,
        siteName: 'actu.example',
      },
    })
    expect(site.requests).toHaveLength(1)
  })

  it('serves a visitor what the cache already holds', async () => {
    await db.insert(linkPreviews).values({
      url: 'https://exemple.fr/deja-vu',
      title: 'Déjà vu',
      ok: true,
    })
    const response = await preview('https://exemple.fr/deja-vu#haut')
    expect((await response.json()).preview).toMatchObject({ title: 'Déjà vu' })
  })

  it('answers 400 for a missing or malformed URL', async () => {
    const answers: Record<string, unknown> = {}
    const urls = [null, '', 'pas une url', 'ftp://exemple.fr/', 'javascript:alert(1)']
    for (const url of urls) {
      const response = await preview(url)
      answers[String(url)] = { status: response.status, body: await response.json() }
    }
    const refusal = { status: 400, body: { error: 'Adresse de lien invalide.' } }
    expect(answers).toEqual(Object.fromEntries(urls.map((url) => [String(url), refusal])))
  })

  it('lets a member preview any URL, within a rate limit of fetches', async () => {
    const cookie = await signedInMember('awa.diallo@exemple.fr')
    await startInsideOneWindow(RATE_LIMITS.linkPreviewPerMember.windowMs)
    const first = await preview(`${base}/brouillon`, { cookie })
    expect((await first.json()).preview).toMatchObject({ title: 'Article /brouillon' })

    // Cache hits are free; the limit counts fetches (20 a minute per account).
    for (let index = 0; index < 5; index++) await preview(`${base}/brouillon`, { cookie })
    for (let index = 1; index < 20; index++) {
      expect((await preview(`${base}/page-${index}`, { cookie })).status).toBe(200)
    }
    expect(site.requests).toHaveLength(20)
    const refused = await preview(`${base}/page-de-trop`, { cookie })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await refused.json()).error).toMatch(/^Trop de tentatives/)
    expect(site.requests).toHaveLength(20)
    // What is cached still comes back.
    expect((await preview(`${base}/brouillon`, { cookie })).status).toBe(200)
  })

  it('rate-limits the fetches a visitor triggers, per address', async () => {
    for (let index = 0; index < 21; index++) await somePost(`${base}/post-${index}`)
    await startInsideOneWindow(RATE_LIMITS.linkPreviewPerIp.windowMs)
    for (let index = 0; index < 20; index++) {
      expect((await preview(`${base}/post-${index}`, { ip: '198.51.100.9' })).status).toBe(200)
    }
    expect((await preview(`${base}/post-20`, { ip: '198.51.100.9' })).status).toBe(429)
    expect((await preview(`${base}/post-20`, { ip: '198.51.100.10' })).status).toBe(200)
  })
})
