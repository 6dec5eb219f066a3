import sharp from 'sharp'
import { RouterContextProvider } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ProfilePageData } from '../../app/features/profiles/profile-page'
import { getProfileOrThrow } from '../../app/features/profiles/profiles.server'
import { loader as postsApi } from '../../app/routes/api/profile-posts'
import { loader as profileLoader } from '../../app/routes/profile'
import { action as imagesApi } from '../../app/routes/api/profile-images'
import { action as editAction, loader as editLoader } from '../../app/routes/profile.edit'
import { RATE_LIMITS } from '../../app/server/rate-limit.server'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { parseJsonText } from '../../app/utils/json-text'
import { createPost, createProfile, savePost } from '../factories'
import { startInsideOneWindow } from '../setup/rate-windows'
import { sessionCookie } from '../setup/session-cookie'

type Handler = (args: never) => Promise<unknown>
type Who = 'visitor' | 'member' | 'owner'

const ORIGIN = 'http://localhost:3000'
const SECRETS = ['accroche-secrete', 'linkedin.com/in/secret', 'site-secret.fr']

let owner: { userId: string; id: string }
let cookies: Record<Who, string | null>
let savedTitle: string

beforeEach(async () => {
  owner = await createProfile(db, {
    firstName: 'Awa',
    lastName: 'Diallo',
    job: 'Fondatrice',
    description: 'accroche-secrete',
    linkedin: 'https://linkedin.com/in/secret',
    website: 'https://site-secret.fr/',
  })
  const member = await createProfile(db, { firstName: 'Paul', lastName: 'Martin' })
  cookies = {
    visitor: null,
    member: await sessionCookie(member.userId),
    owner: await sessionCookie(owner.userId),
  }
  const author = await createProfile(db)
  await createPost(db, { authorId: owner.id, title: 'Publication d’Awa' })
  savedTitle = 'Sauvegardé par Awa'
  const saved = await createPost(db, { authorId: author.id, title: savedTitle })
  await savePost(db, { postId: saved.id, userId: owner.userId })
})

/** Runs a loader or action as React Router does, through the session middleware. */
async function run(
  handler: Handler,
  who: Who,
  path: string,
  params: Record<string, string>,
  body?: FormData,
): Promise<unknown> {
  const headers = new Headers({ origin: ORIGIN })
  if (cookies[who]) headers.set('cookie', cookies[who])
  const request = new Request(`${ORIGIN}${path}`, {
    method: body ? 'POST' : 'GET',
    headers,
    body,
  })
  const context = new RouterContextProvider()
  let result: unknown
  const response = (await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: '' } as never,
    async () => {
      result = await handler({ request, context, params } as never).catch((error: unknown) => error)
      return result instanceof Response ? result : new Response(null)
    },
  )) as Response
  // A redirect carries the cookies the middleware adds (the flash toast).
  return result instanceof Response ? response : result
}

function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

const location = (result: unknown) =>
  result instanceof Response ? result.headers.get('location') : null
/** What a `data()` result carries. */
const payload = (result: unknown) => (result as { data: unknown }).data
/** A picture sent by the profile page's script (/api/profile/images/:kind). */
const sendImage = (who: Who, kind: string, body: FormData) =>
  run(imagesApi, who, `/api/profile/images/${kind}`, { kind }, body) as Promise<Response>
/** The toast a redirect flashes (its signed cookie, read back). */
function toastOf(result: unknown) {
  const cookie = (result as Response).headers
    .getSetCookie()
    .find((value) => value.startsWith('tremplin.toast='))
  const signed = decodeURIComponent(cookie?.slice('tremplin.toast='.length).split(';')[0] ?? '')
  return JSON.parse(
    Buffer.from(signed.slice(0, signed.lastIndexOf('.')), 'base64').toString('utf8'),
  ) as { type: string; message: string; description?: string }
}
const status = (result: unknown) =>
  result instanceof Response
    ? result.status
    : ((result as { init?: { status?: number } }).init?.status ?? 200)

describe('the profile permission matrix', () => {
  it('view: everyone reads the public profile; only the owner reads private fields', async () => {
    const path = `/profile/${owner.userId}`
    for (const who of ['visitor', 'member'] as const) {
      const page = (await run(profileLoader, who, path, {
        userId: owner.userId,
      })) as ProfilePageData
      expect(page.isOwner).toBe(false)
      expect(page.profile.firstName).toBe('Awa')
      const json = JSON.stringify(page)
      for (const secret of SECRETS) expect(json).not.toContain(secret)
    }
    const own = (await run(profileLoader, 'owner', path, {
      userId: owner.userId,
    })) as ProfilePageData
    expect(own.isOwner).toBe(true)
    expect(own.profile.description).toBe('accroche-secrete')
  })

  it('view of /profile: a visitor goes to /auth, a member sees their own profile', async () => {
    expect(location(await run(profileLoader, 'visitor', '/profile', {}))).toBe(
      '/auth?redirectTo=%2Fprofile',
    )
    const own = (await run(profileLoader, 'owner', '/profile', {})) as ProfilePageData
    expect(own).toMatchObject({ isOwner: true, profile: { userId: owner.userId } })
  })

  it('saved tab: the owner only; others get the publications, and 403 from the API', async () => {
    const path = `/profile/${owner.userId}?onglet=sauvegardes`
    for (const who of ['visitor', 'member'] as const) {
      const page = (await run(profileLoader, who, path, {
        userId: owner.userId,
      })) as ProfilePageData
      expect(page.tab).toBe('publications')
      expect(parseJsonText(page.posts).map((post) => post.title)).toEqual(['Publication d’Awa'])
      const api = (await run(
        postsApi,
        who,
        `/api/profiles/${owner.userId}/posts?onglet=sauvegardes`,
        {
          userId: owner.userId,
        },
      )) as Response
      expect(api.status).toBe(403)
    }
    const own = (await run(profileLoader, 'owner', path, {
      userId: owner.userId,
    })) as ProfilePageData
    expect(own.tab).toBe('sauvegardes')
    expect(parseJsonText(own.posts).map((post) => post.title)).toEqual([savedTitle])
    const api = (await run(
      postsApi,
      'owner',
      `/api/profiles/${owner.userId}/posts?onglet=sauvegardes`,
      {
        userId: owner.userId,
      },
    )) as Response
    expect(api.status).toBe(200)
  })

  it('edit page: a visitor goes to /auth, another member back to /profile, the owner gets it', async () => {
    expect(location(await run(editLoader, 'visitor', '/profile/edit', {}))).toBe(
      '/auth?redirectTo=%2Fprofile%2Fedit',
    )
    const denied = await run(editLoader, 'member', `/profile/edit/${owner.userId}`, {
      userId: owner.userId,
    })
    expect(location(denied)).toBe('/profile')
    expect((denied as Response).headers.get('set-cookie')).toContain('tremplin.toast')
    const own = (await run(editLoader, 'owner', `/profile/edit/${owner.userId}`, {
      userId: owner.userId,
    })) as { profile: { description: string } }
    expect(own.profile.description).toBe('accroche-secrete')
  })

  it('edit action: only the owner changes the profile', async () => {
    const values = { intent: 'profile', firstName: 'Pirate', lastName: 'Pirate' }
    expect(location(await run(editAction, 'visitor', '/profile/edit', {}, form(values)))).toMatch(
      /^\/auth\?redirectTo=/,
    )
    const denied = await run(
      editAction,
      'member',
      `/profile/edit/${owner.userId}`,
      { userId: owner.userId },
      form(values),
    )
    expect(location(denied)).toBe('/profile')
    expect(
      (await getProfileOrThrow({ userId: owner.userId, viewerId: null })).profile.firstName,
    ).toBe('Awa')

    const saved = await run(
      editAction,
      'owner',
      '/profile/edit',
      {},
      form({ intent: 'profile', firstName: ' Awa ', lastName: 'Diallo-Sy', website: 'awa.fr' }),
    )
    expect(location(saved)).toBe('/profile')
    const { profile } = await getProfileOrThrow({ userId: owner.userId, viewerId: owner.userId })
    expect(profile).toMatchObject({
      firstName: 'Awa',
      lastName: 'Diallo-Sy',
      website: 'https://awa.fr/',
    })
  })

  it('edit action: field errors come back with "Erreurs de validation" data', async () => {
    const result = await run(
      editAction,
      'owner',
      '/profile/edit',
      {},
      form({ intent: 'profile', firstName: '', lastName: '', website: 'javascript:alert(1)' }),
    )
    expect(status(result)).toBe(400)
    const reply = payload(result) as { result: { error: Record<string, string[]> } }
    expect(reply.result.error).toMatchObject({
      firstName: ['Le prénom est obligatoire'],
      lastName: ['Le nom est obligatoire'],
      website: ['Site web : Veuillez entrer un lien valide, par exemple https://exemple.fr.'],
    })
  })

  it('links: the owner saves them normalised, with "Liens mis à jour"', async () => {
    const result = await run(
      editAction,
      'owner',
      '/profile/edit',
      {},
      form({
        intent: 'links',
        'links[0].title': 'Portfolio',
        'links[0].url': 'awa.design',
        'links[1].title': '',
        'links[1].url': '',
      }),
    )
    expect(location(result)).toBe('/profile/edit')
    expect((result as Response).headers.get('set-cookie')).toContain('tremplin.toast')
    const { profile } = await getProfileOrThrow({ userId: owner.userId, viewerId: null })
    expect(profile.links).toEqual([{ title: 'Portfolio', url: 'https://awa.design/' }])
  })

  it('upload: a visitor goes to /auth, another member is refused, the owner changes the avatar', async () => {
    const image = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#c33' },
    })
      .png()
      .toBuffer()
    const upload = () =>
      form({ intent: 'avatar', file: new File([image], 'a.png', { type: 'image/png' }) })
    expect(location(await run(editAction, 'visitor', '/profile/edit', {}, upload()))).toMatch(
      /^\/auth/,
    )
    const denied = await run(
      editAction,
      'member',
      `/profile/edit/${owner.userId}`,
      { userId: owner.userId },
      upload(),
    )
    expect(location(denied)).toBe('/profile')
    expect(
      (await getProfileOrThrow({ userId: owner.userId, viewerId: null })).profile.avatar,
    ).toBeNull()

    // The editor's form without scripts: back to its page, the outcome in a toast.
    const done = await run(editAction, 'owner', '/profile/edit', {}, upload())
    expect(location(done)).toBe('/profile/edit')
    expect(toastOf(done)).toMatchObject({
      type: 'success',
      message: 'Avatar mis à jour avec succès',
    })
    expect(
      (await getProfileOrThrow({ userId: owner.userId, viewerId: null })).profile.avatar,
    ).toMatch(/^\/uploads\/profile_avatars\//)

    const refused = await run(
      editAction,
      'owner',
      '/profile/edit?redirectTo=%2Fprofile',
      {},
      form({ intent: 'banner', file: new File(['<svg/>'], 'b.png', { type: 'image/png' }) }),
    )
    expect(location(refused)).toBe('/profile')
    expect(toastOf(refused)).toMatchObject({
      type: 'error',
      message: "Erreur lors de l'upload de la bannière",
      description: 'Seuls les fichiers image sont acceptés.',
    })
    expect(
      (await getProfileOrThrow({ userId: owner.userId, viewerId: null })).profile.bannerImage,
    ).toBeNull()
  })

  it.each([
    ['the editor', '', (userId: string) => `/profile/edit/${userId}`],
    // The profile page's form (without JavaScript) names its page in the action's address.
    ['the profile page', '?redirectTo=%2Fprofile', () => '/profile'],
  ])(
    'upload: a picture over 6 Mo is refused before it is read, back to %s with why',
    async (_page, query, back) => {
      const oversized = new Request(`${ORIGIN}/profile/edit/${owner.userId}${query}`, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          cookie: cookies.owner!,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(7 * 1024 * 1024),
        },
        body: new Uint8Array(16),
      })
      const context = new RouterContextProvider()
      const answer = (await sessionMiddleware(
        { request: oversized, context, params: {}, unstable_pattern: '' } as never,
        async () =>
          (await editAction({
            request: oversized,
            context,
            params: { userId: owner.userId },
          } as never)) as Response,
      )) as Response
      expect(location(answer)).toBe(back(owner.userId))
      expect(toastOf(answer)).toMatchObject({ type: 'error', message: 'L’image dépasse 5 Mo.' })
      // Its body was never read (a multipart body of 16 bytes would not parse).
      expect(oversized.bodyUsed).toBe(false)
    },
  )

  it('upload by a script (/api/profile/images/:kind): JSON for the member, /auth for a visitor', async () => {
    const image = await sharp({
      create: { width: 1200, height: 400, channels: 3, background: '#1d4ed8' },
    })
      .png()
      .toBuffer()
    const upload = () => form({ file: new File([image], 'b.png', { type: 'image/png' }) })
    const visitor = await sendImage('visitor', 'banner', upload())
    expect(location(visitor)).toBe('/auth?redirectTo=%2Fprofile')

    const done = await sendImage('owner', 'banner', upload())
    expect(done.status).toBe(200)
    const answer = (await done.json()) as { ok: boolean; message: string; url: string }
    expect(answer).toMatchObject({ ok: true, message: 'Bannière mise à jour avec succès' })
    const { profile } = await getProfileOrThrow({ userId: owner.userId, viewerId: null })
    expect(profile.bannerImage).toBe(answer.url)
    expect(profile.bannerImage).toMatch(/^\/uploads\/profile_banners\//)

    const svg = form({ file: new File(['<svg/>'], 'a.png', { type: 'image/png' }) })
    const refused = await sendImage('owner', 'avatar', svg)
    expect(refused.status).toBe(415)
    expect(await refused.json()).toEqual({
      ok: false,
      message: "Erreur lors de l'upload de l'avatar : Seuls les fichiers image sont acceptés.",
    })
    const unknown = await sendImage('owner', 'photo', upload())
    expect(unknown.status).toBe(404)
    expect(
      (await getProfileOrThrow({ userId: owner.userId, viewerId: null })).profile.avatar,
    ).toBeNull()
  })

  it('upload: past the images’ allowance, the script reads why and the form without scripts gets a toast', async () => {
    await startInsideOneWindow(RATE_LIMITS.imageUploadPerMember.windowMs)
    // A form sent with no file costs nothing of the allowance.
    const empty = () => form({ file: new File([], 'vide.png', { type: 'image/png' }) })
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await sendImage('owner', 'avatar', empty())
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual({
        ok: false,
        message: "Erreur lors de l'upload de l'avatar : Aucun fichier choisi.",
      })
    }
    const notAnImage = () =>
      form({ file: new File(['Bonjour'], 'note.png', { type: 'image/png' }) })
    for (let attempt = 0; attempt < RATE_LIMITS.imageUploadPerMember.limit; attempt++) {
      const answer = await sendImage('owner', 'avatar', notAnImage())
      expect(answer.status).toBe(415)
      expect(await answer.json()).toEqual({
        ok: false,
        message: "Erreur lors de l'upload de l'avatar : Seuls les fichiers image sont acceptés.",
      })
    }
    const refused = await sendImage('owner', 'avatar', notAnImage())
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Erreur lors de l'upload de l'avatar : Trop de tentatives\. Réessayez dans \d+ (minutes?|secondes?)\.$/,
    )
    // The same allowance for the editor's form; without scripts, back to its page with a toast.
    const plain = form({ intent: 'banner', file: new File(['Bonjour'], 'note.png') })
    const back = (await run(
      editAction,
      'owner',
      '/profile/edit?redirectTo=%2Fprofile',
      {},
      plain,
    )) as Response
    expect(location(back)).toBe('/profile')
    const toast = toastOf(back)
    expect(toast).toMatchObject({
      type: 'error',
      message: "Erreur lors de l'upload de la bannière",
      description: expect.stringMatching(/^Trop de tentatives\. Réessayez dans /) as string,
    })
  })

  it('answers "Profil non trouvé" with 404 for an unknown member', async () => {
    const result = await run(profileLoader, 'visitor', '/profile/inconnu', { userId: 'inconnu' })
    expect(result).toMatchObject({ data: 'Profil non trouvé', init: { status: 404 } })
  })
})
