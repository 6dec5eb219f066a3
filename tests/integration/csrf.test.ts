// Cross-site request forgery: a page on another site makes the member's browser send a write
// to Tremplin with the member's cookies. Every route of app/routes.ts that has an action is
// tried, as React Router runs it (root middleware first) and as server.ts judges the same
// request before React Router sees it: the attempt is refused with 403 before the action runs,
// and nothing is written. A route added with an action is covered without editing this file.
import { describe, expect, it } from 'vitest'
import * as entryServer from '../../app/entry.server'
import {
  CROSS_ORIGIN_MESSAGE,
  isCrossOriginWrite,
  isCrossOriginWriteOf,
} from '../../app/server/origin.server'
import { db } from '../../app/server/db/db.server'
import { createProfile } from '../factories'
import {
  appRoutes,
  callRoute,
  databaseState,
  form,
  ORIGIN,
  routeModule,
  samplePath,
} from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

const actionRoutes = (
  await Promise.all(
    appRoutes().map(async (route) => ({ route, module: await routeModule(route.file) })),
  )
)
  .filter(({ module }) => typeof module.action === 'function')
  .map(({ route }) => route)

/** What a browser sends when another site's page submits a form or calls fetch. */
const ATTACKS: { name: string; headers: Record<string, string> }[] = [
  { name: 'Origin of another site', headers: { origin: 'https://evil.example' } },
  {
    name: 'Origin of another port of this host',
    headers: { origin: 'http://localhost:4000', 'sec-fetch-site': 'same-site' },
  },
  // Sandboxed iframes, data: URLs and some redirects send the literal "null".
  { name: 'Origin: null', headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } },
  {
    name: 'Sec-Fetch-Site: cross-site without Origin',
    headers: { 'sec-fetch-site': 'cross-site' },
  },
  { name: 'Sec-Fetch-Site: same-site without Origin', headers: { 'sec-fetch-site': 'same-site' } },
]

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

/** A body every action would act on if it ran: intents and fields of several forms at once. */
const forgedForm = () =>
  form({
    intent: 'delete',
    type: 'up',
    content: 'Message forgé',
    title: 'Titre forgé',
    categories: 'feedback',
    firstName: 'Forgé',
    lastName: 'Forgé',
  })

async function signedInMember() {
  const profile = await createProfile(db)
  return sessionCookie(profile.userId)
}

describe('cross-origin writes', () => {
  it('are tried on every route that has an action', () => {
    // The list comes from app/routes.ts; these are the ones known when this was written.
    expect(actionRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/feed',
        '/auth',
        '/auth/sign-out',
        '/settings',
        '/profile/edit/:userId?',
        '/post/create',
        '/api/uploads',
        '/api/posts/:postId/comments',
        '/api/views',
        '/api/posts/:postId',
        '/api/favorites',
        '/api/profile/images/:kind',
      ]),
    )
  })

  describe.each(actionRoutes.map((route) => [route.path, route] as const))('%s', (_path, route) => {
    const url = samplePath(route.path)

    it.each(ATTACKS.map((attack) => [attack.name, attack] as const))(
      'refuses a write with %s, before the action runs, for a signed-in member',
      async (_name, attack) => {
        const cookie = await signedInMember()
        const before = await databaseState()
        for (const method of WRITE_METHODS) {
          const answer = await callRoute({
            url,
            method,
            cookie,
            headers: attack.headers,
            body: forgedForm(),
          })
          expect({ method, status: answer.status, reached: answer.reached }).toEqual({
            method,
            status: 403,
            reached: false,
          })
          expect(answer.text).toBe(CROSS_ORIGIN_MESSAGE)

          // server.ts applies the same rule to the raw node:http request, before React Router.
          const request = new Request(new URL(url, ORIGIN), { method, headers: attack.headers })
          expect(isCrossOriginWrite(request)).toBe(true)
          expect(
            entryServer.isCrossOriginWriteOf({
              method,
              origin: attack.headers.origin,
              secFetchSite: attack.headers['sec-fetch-site'],
              ownOrigin: `http://${new URL(ORIGIN).host}`,
            }),
          ).toBe(true)
        }
        expect(await databaseState()).toEqual(before)
      },
    )

    it('lets the same request through from this site (the check is not a blanket refusal)', async () => {
      const cookie = await signedInMember()
      const requests: Record<string, string>[] = [
        { origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
        // Typed in the address bar or from a bookmark: no Origin, Sec-Fetch-Site: none.
        { 'sec-fetch-site': 'none' },
        // Not a browser (curl, a server): no Origin and no Sec-Fetch-Site, no victim's cookies.
        {},
      ]
      for (const headers of requests) {
        const answer = await callRoute({ url, method: 'POST', cookie, headers, body: forgedForm() })
        expect({
          headers,
          reached: answer.reached,
          refused: answer.text === CROSS_ORIGIN_MESSAGE,
        }).toEqual({ headers, reached: true, refused: false })
      }
    })
  })

  it('leaves reads alone: a GET with another site’s Origin is answered', async () => {
    const answer = await callRoute({ url: '/feed', headers: { origin: 'https://evil.example' } })
    expect(answer.status).toBe(200)
  })

  it('is the rule server.ts receives from the build’s entry', () => {
    // server.ts calls build.entry.module.isCrossOriginWriteOf: it must be this very function.
    expect(entryServer.isCrossOriginWriteOf).toBe(isCrossOriginWriteOf)
    expect(entryServer.CROSS_ORIGIN_MESSAGE).toBe(CROSS_ORIGIN_MESSAGE)
  })
})
