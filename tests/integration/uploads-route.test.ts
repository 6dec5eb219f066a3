import { sql } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signIn, signUp } from '../../app/features/auth/accounts.server'
import { action } from '../../app/routes/api/uploads.create'
import { getAuth } from '../../app/server/auth/auth.server'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { RATE_LIMITS } from '../../app/server/rate-limit.server'
import { createMailer, useMailer } from '../../app/server/mail/mailer.server'
import { getStorage } from '../../app/server/storage.server'
import { startInsideOneWindow } from '../setup/rate-windows'
import { callRoute } from '../setup/route-harness'
import { linksIn, startSmtpCapture, type SmtpCapture } from '../setup/smtp'

const ORIGIN = 'http://localhost:3000'
const UPLOAD_URL = `${ORIGIN}/api/uploads`
let smtp: SmtpCapture
let ipCounter = 0
const storedKeys: string[] = []

beforeAll(async () => {
  smtp = await startSmtpCapture()
  useMailer(
    createMailer({ smtpUrl: smtp.url, from: 'Tremplin <test@tremplin.local>', mailDir: '' }),
  )
})
afterAll(() => smtp.close())
afterEach(async () => {
  await Promise.all(storedKeys.splice(0).map((key) => getStorage().remove(key)))
})

/** Signs up, confirms through the mailed link and signs in: the member's Cookie header. */
async function signedInMember(email: string): Promise<string> {
  const meta = () => ({ ip: `192.0.2.${++ipCounter}`, headers: new Headers({ origin: ORIGIN }) })
  const password = 'Atelier-Nantes-26'
  await signUp({ email, password, firstName: 'Inès', lastName: 'Moreau', ...meta() })
  const mail = await smtp.waitForMail(email, { subject: /Confirmez/ })
  await getAuth().handler(new Request(linksIn(mail)[0]!, { headers: { origin: ORIGIN } }))
  const outcome = await signIn({ email, password, ...meta() })
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.message}`)
  return outcome.cookies.map((value) => value.split(';')[0]).join('; ')
}

function uploadForm(file: Blob, name: string, folder: string | null = 'posts'): FormData {
  const form = new FormData()
  form.set('file', file, name)
  if (folder !== null) form.set('folder', folder)
  return form
}

/** Runs the action as React Router would, through the session middleware. */
async function uploadResponse(init: RequestInit & { cookie?: string }): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('origin', ORIGIN)
  if (init.cookie) headers.set('cookie', init.cookie)
  const request = new Request(UPLOAD_URL, { method: 'POST', ...init, headers })
  const context = new RouterContextProvider()
  return (await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: '' } as never,
    async () => (await action({ request, context, params: {} } as never)) as Response,
  )) as Response
}

/** The upload's status and JSON body; a stored image is removed after the test. */
async function upload(
  init: RequestInit & { cookie?: string },
): Promise<{ status: number; body: { url?: string; error?: string } }> {
  const response = await uploadResponse(init)
  const body = (await response.json()) as { url?: string; error?: string }
  if (body.url) storedKeys.push(getStorage().keyFromUrl(body.url)!)
  return { status: response.status, body }
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#e4572e' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret' } })
    .toBuffer()

describe('POST /api/uploads', () => {
  it('refuses a visitor with 401 and stores nothing', async () => {
    const result = await upload({ body: uploadForm(new Blob([await photo()]), 'photo.jpg') })
    expect(result).toEqual({
      status: 401,
      body: { error: 'Connectez-vous pour ajouter une image.' },
    })
    const rateRows = await db.execute(sql`select key from rate_limits`)
    expect(rateRows.rows).toEqual([])
  })

  it('stores a member’s photo as a clean WebP under a random key and answers its URL', async () => {
    const cookie = await signedInMember('ines.moreau@example.fr')
    const result = await upload({
      cookie,
      body: uploadForm(new Blob([await photo()], { type: 'image/jpeg' }), 'IMG_2041.JPG'),
    })
    expect(result.status).toBe(201)
    expect(Object.keys(result.body)).toEqual(['url'])
    expect(result.body.url).toMatch(/^\/uploads\/posts\/[0-9a-f-]{36}\.webp$/)
    const stored = await getStorage().get(getStorage().keyFromUrl(result.body.url!)!)
    const metadata = await sharp(stored!).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 })
    expect(metadata.exif).toBeUndefined()
    expect(Buffer.from(stored!).includes('secret')).toBe(false)
    // Recorded as the member's: a post may take only its author's upload.
    const owners = await db.execute<{ url: string; email: string }>(sql`
      select u.url, m.email from uploads u join users m on m.id = u.user_id`)
    expect(owners.rows).toEqual([{ url: result.body.url, email: 'ines.moreau@example.fr' }])

    // The folder defaults to posts; the profile folders are accepted too.
    const avatar = await upload({
      cookie,
      body: uploadForm(new Blob([await photo()]), 'avatar.jpg', 'profile_avatars'),
    })
    expect(avatar.body.url).toMatch(/^\/uploads\/profile_avatars\/[0-9a-f-]{36}\.webp$/)
    const unspecified = await upload({
      cookie,
      body: uploadForm(new Blob([await photo()]), 'a.jpg', null),
    })
    expect(unspecified.body.url).toMatch(/^\/uploads\/posts\//)

    // Served to be kept a week at most: a copy outlives the file's removal (an account
    // deleted) by no more, within the privacy policy's 30 days.
    const served = await callRoute({ url: result.body.url! })
    expect(served.status).toBe(200)
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=604800, immutable')
  })

  it('answers each refusal with its status and French message', async () => {
    const cookie = await signedInMember('refus@example.fr')
    const svg = new Blob(
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      {
        type: 'image/svg+xml',
      },
    )
    expect(await upload({ cookie, body: uploadForm(svg, 'logo.svg') })).toEqual({
      status: 415,
      body: { error: 'Seuls les fichiers image sont acceptés.' },
    })
    const pdf = new Blob(['%PDF-1.7\n%%EOF\n'], { type: 'image/png' })
    expect((await upload({ cookie, body: uploadForm(pdf, 'photo.png') })).status).toBe(415)

    const big = new Uint8Array(5 * 1024 * 1024 + 1)
    big.set(await photo())
    expect(await upload({ cookie, body: uploadForm(new Blob([big]), 'grande.jpg') })).toEqual({
      status: 413,
      body: { error: 'L’image dépasse 5 Mo.' },
    })

    const unknownFolder = uploadForm(new Blob([await photo()]), 'a.jpg', '../etc')
    expect(await upload({ cookie, body: unknownFolder })).toEqual({
      status: 400,
      body: { error: 'Requête invalide.' },
    })
    const noFile = new FormData()
    noFile.set('file', 'pas un fichier')
    expect((await upload({ cookie, body: noFile })).status).toBe(400)
    expect((await upload({ cookie, body: JSON.stringify({ file: 'x' }) })).status).toBe(400)
  })

  it('refuses a declared Content-Length over 6 Mo (5 Mo and the form) with 413 without reading the body', async () => {
    const cookie = await signedInMember('gros-envoi@example.fr')
    let pulled = false
    const body = new ReadableStream<Uint8Array>(
      {
        pull() {
          pulled = true
          throw new Error('the body must not be read')
        },
      },
      // Nothing is pulled until someone reads.
      { highWaterMark: 0 },
    )
    const result = await upload({
      cookie,
      body,
      duplex: 'half',
      headers: {
        'content-type': 'multipart/form-data; boundary=----tremplin',
        'content-length': String(6 * 1024 * 1024 + 1),
      },
    } as RequestInit & { duplex: 'half' })
    expect(result).toEqual({ status: 413, body: { error: 'L’image dépasse 5 Mo.' } })
    expect(pulled).toBe(false)
  })

  it('stops reading a body without Content-Length once it passes the limit', async () => {
    const cookie = await signedInMember('sans-longueur@example.fr')
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1024 * 1024
        controller.enqueue(new Uint8Array(1024 * 1024))
        if (sent >= 64 * 1024 * 1024) controller.close()
      },
    })
    const result = await upload({
      cookie,
      body,
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=----tremplin' },
    } as RequestInit & { duplex: 'half' })
    expect(result.status).toBe(413)
    expect(sent).toBeLessThan(10 * 1024 * 1024)
  })

  it('allows 10 uploads per member in 30 minutes, then answers 429', async () => {
    const cookie = await signedInMember('rafale@example.fr')
    await startInsideOneWindow(RATE_LIMITS.imageUploadPerMember.windowMs)
    // Every attempt counts, refused or not; these cost no decoding.
    for (let attempt = 0; attempt < 10; attempt++) {
      const form = uploadForm(new Blob(['x']), 'x.jpg', 'nulle-part')
      expect((await upload({ cookie, body: form })).status).toBe(400)
    }
    const refused = await uploadResponse({
      cookie,
      body: uploadForm(new Blob([await photo()]), 'a.jpg'),
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    // In minutes, or in seconds when the window ends within the minute.
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Trop de tentatives\. Réessayez dans \d+ (minutes?|secondes?)\.$/,
    )

    const other = await signedInMember('voisine@example.fr')
    expect(
      (await upload({ cookie: other, body: uploadForm(new Blob([await photo()]), 'a.jpg') }))
        .status,
    ).toBe(201)
  })
})
