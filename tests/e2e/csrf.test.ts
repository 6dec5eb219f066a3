// The origin check as deployed: server.ts answers 403 to a cross-site write before React
// Router sees it, on every route of app/routes.ts (tests/integration/csrf.test.ts proves the
// same of the root middleware, route by route, with a member's cookies).
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { expect, test } from '@playwright/test'
import routes from '../../app/routes'

const CROSS_ORIGIN_MESSAGE = 'Requête refusée : origine non autorisée.'

/** Every route's path with sample params (a UUID for each, a file name for a splat). */
function samplePaths(entries: readonly RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent || '/'
    const sample = path
      .split('/')
      .map((segment) =>
        segment === '*'
          ? 'fichier.webp'
          : segment.startsWith(':')
            ? '00000000-0000-4000-8000-000000000000'
            : segment,
      )
      .join('/')
    return [sample, ...samplePaths(entry.children ?? [], path)]
  })
}

test('a cross-site write to any route is refused with 403 by the server itself', async ({
  request,
  baseURL,
}) => {
  const paths = samplePaths(routes as RouteConfigEntry[])
  expect(paths.length).toBeGreaterThan(30)
  const notRefused: string[] = []
  const ownRefused: string[] = []
  for (const path of paths) {
    const attacks: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of attacks) {
      const response = await request.post(path, {
        headers,
        form: { intent: 'delete' },
        maxRedirects: 0,
      })
      const ok = response.status() === 403 && (await response.text()) === CROSS_ORIGIN_MESSAGE
      if (!ok) notRefused.push(`${path} ${JSON.stringify(headers)}: ${response.status()}`)
    }
    // The same request from this site reaches the app (whatever it then answers).
    const own = await request.post(path, {
      headers: { origin: baseURL! },
      form: { intent: 'delete' },
      maxRedirects: 0,
    })
    if ((await own.text()) === CROSS_ORIGIN_MESSAGE) ownRefused.push(path)
  }
  expect({ notRefused, ownRefused }).toEqual({ notRefused: [], ownRefused: [] })
})
