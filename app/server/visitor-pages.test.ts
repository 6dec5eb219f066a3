import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { PUBLIC_CHANGE_HEADER, visitorPageKey, withVisitorPages } from './visitor-pages.server'

const ORIGIN = 'http://127.0.0.1:3000'

interface Answer {
  status?: number
  headers?: Record<string, string>
  wait?: number
}

/**
 * A page handler as the app's: each render numbered (in its body and its CSP nonce), with the
 * status, headers and delay a test asks for by the request's path.
 */
function renderer(answer: (request: Request) => Answer = () => ({})) {
  const state = { renders: 0 }
  const handler = async (request: Request) => {
    state.renders += 1
    const render = state.renders
    const { status = 200, headers = {}, wait = 0 } = answer(request)
    if (wait) await sleep(wait)
    const response = new Response(`<!DOCTYPE html><p>Rendu n° ${render}</p>`, {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
    })
    response.headers.set('Content-Security-Policy', `script-src 'nonce-n${render}'`)
    return response
  }
  return { state, handler }
}

function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...headers },
  })
}

const SECONDS = { seconds: 5, maxBytes: 1024 * 1024 }

/** Every write answered as one that changed what visitors see (the session middleware's mark). */
const publicWrites = (request: Request): Answer =>
  request.method === 'POST' ? { headers: { [PUBLIC_CHANGE_HEADER]: '1' } } : {}

describe('withVisitorPages', () => {
  it('sends a visitor the page rendered for the visitor before, headers and all', async () => {
    const { state, handler } = renderer(() => ({
      headers: { 'Set-Cookie': 'tremplin.css=abc; Path=/; HttpOnly' },
    }))
    const serve = withVisitorPages(handler, SECONDS)
    const first = await serve(get('/feed'))
    const second = await serve(get('/feed'))
    expect(state.renders).toBe(1)
    expect(await second.text()).toBe(await first.text())
    expect(second.status).toBe(200)
    expect([...second.headers]).toEqual([...first.headers])
    expect(second.headers.get('content-security-policy')).toBe("script-src 'nonce-n1'")
    // The kept bytes are not used up by sending them.
    expect(await (await serve(get('/feed'))).text()).toBe('<!DOCTYPE html><p>Rendu n° 1</p>')
  })

  it('renders every page of a member, and of a visitor holding any other cookie', async () => {
    const { state, handler } = renderer()
    const serve = withVisitorPages(handler, SECONDS)
    const member = { cookie: 'tremplin.session_token=abc.def; tremplin.css=abc' }
    await serve(get('/feed', member))
    await serve(get('/feed', member))
    await serve(get('/feed', { cookie: 'tremplin.toast=xyz' }))
    await serve(get('/feed', { cookie: 'tremplin.toast=xyz' }))
    await serve(get('/feed', { authorization: 'Bearer abc' }))
    await serve(get('/feed', { authorization: 'Bearer abc' }))
    expect(state.renders).toBe(6)
  })

  it('keeps one page per address, compression and stylesheet cookie', async () => {
    const { state, handler } = renderer()
    const serve = withVisitorPages(handler, SECONDS)
    const requests = [
      get('/feed'),
      get('/feed?category=financement'),
      get('/feed', { 'accept-encoding': 'gzip' }),
      get('/feed', { cookie: 'tremplin.css=abc' }),
      get('/feed', { cookie: 'tremplin.css=old' }),
    ]
    for (const request of requests) await serve(request)
    for (const request of requests) await serve(request.clone())
    expect(state.renders).toBe(5)
    expect(visitorPageKey(get('/feed', { 'accept-encoding': 'gzip, br' }))).toBe(
      visitorPageKey(get('/feed', { 'accept-encoding': 'br' })),
    )
  })

  it('keeps only whole pages meant for everyone', async () => {
    const { state, handler } = renderer((request): Answer => {
      const path = new URL(request.url).pathname
      if (path === '/missing') return { status: 404 }
      if (path === '/toast') return { headers: { 'Set-Cookie': 'tremplin.toast=; Max-Age=0' } }
      if (path === '/private') return { headers: { 'Cache-Control': 'private, no-store' } }
      if (path === '/sitemap.xml') return { headers: { 'Content-Type': 'application/xml' } }
      return {}
    })
    const serve = withVisitorPages(handler, SECONDS)
    for (const path of ['/missing', '/toast', '/private', '/sitemap.xml']) {
      await serve(get(path))
      await serve(get(path))
    }
    expect(state.renders).toBe(8)
    const head = new Request(`${ORIGIN}/feed`, { method: 'HEAD' })
    expect(visitorPageKey(head)).toBeNull()
    expect(visitorPageKey(get('/feed.data'))).toBeNull()
    expect(visitorPageKey(get('/api/feed'))).toBeNull()
  })

  it('renders again after a write that changed what visitors see, but not after views are counted', async () => {
    const { state, handler } = renderer(publicWrites)
    const serve = withVisitorPages(handler, SECONDS)
    const post = (path: string) => new Request(`${ORIGIN}${path}`, { method: 'POST', body: 'x=1' })
    await serve(get('/feed'))
    await serve(post('/api/views'))
    await serve(get('/feed'))
    expect(state.renders).toBe(2)
    const written = await serve(post('/api/posts/abc'))
    expect(written.headers.has(PUBLIC_CHANGE_HEADER)).toBe(false)
    await serve(get('/feed'))
    expect(state.renders).toBe(4)
  })

  it('keeps its pages through writes that change nothing visitors see, answered or redirected', async () => {
    const { state, handler } = renderer((request) =>
      new URL(request.url).pathname === '/auth/sign-out' ? { status: 302 } : {},
    )
    const serve = withVisitorPages(handler, SECONDS)
    await serve(get('/feed'))
    for (const path of ['/auth/sign-out', '/contact', '/api/posts/abc']) {
      await serve(new Request(`${ORIGIN}${path}`, { method: 'POST', body: 'x=1' }))
    }
    await serve(get('/feed'))
    // The first render and the three writes: the page was sent again.
    expect(state.renders).toBe(4)
  })

  it('keeps its pages through a refused write', async () => {
    const { state, handler } = renderer((request) =>
      request.method === 'POST' ? { status: 403 } : {},
    )
    const serve = withVisitorPages(handler, SECONDS)
    await serve(get('/feed'))
    await serve(new Request(`${ORIGIN}/api/posts/abc`, { method: 'POST', body: 'x=1' }))
    await serve(get('/feed'))
    expect(state.renders).toBe(2)
  })

  it('does not keep a page whose render began before a write', async () => {
    const { state, handler } = renderer((request) => ({
      ...publicWrites(request),
      wait: new URL(request.url).pathname === '/feed' ? 30 : 0,
    }))
    const serve = withVisitorPages(handler, SECONDS)
    const rendering = serve(get('/feed'))
    await serve(new Request(`${ORIGIN}/post/create`, { method: 'POST', body: 'x=1' }))
    await rendering
    await serve(get('/feed'))
    expect(state.renders).toBe(3)
  })

  it('takes the mark off the answer when it keeps nothing', async () => {
    const { handler } = renderer(publicWrites)
    const serve = withVisitorPages(handler, { seconds: 0, maxBytes: 1024 * 1024 })
    const written = await serve(
      new Request(`${ORIGIN}/post/create`, { method: 'POST', body: 'x=1' }),
    )
    expect(written.status).toBe(200)
    expect(written.headers.has(PUBLIC_CHANGE_HEADER)).toBe(false)
  })

  it('renders again once the page is older than its seconds', async () => {
    const { state, handler } = renderer()
    // A second: the next request comes well within it, even on a busy machine.
    const serve = withVisitorPages(handler, { seconds: 1, maxBytes: 1024 * 1024 })
    await serve(get('/feed'))
    await serve(get('/feed'))
    expect(state.renders).toBe(1)
    await sleep(1_100)
    expect(await (await serve(get('/feed'))).text()).toBe('<!DOCTYPE html><p>Rendu n° 2</p>')
  })

  it('renders a page once for visitors who ask for it at the same time', async () => {
    const { state, handler } = renderer(() => ({ wait: 20 }))
    const serve = withVisitorPages(handler, SECONDS)
    const pages = await Promise.all(Array.from({ length: 5 }, () => serve(get('/feed'))))
    expect(state.renders).toBe(1)
    for (const page of pages) expect(await page.text()).toBe('<!DOCTYPE html><p>Rendu n° 1</p>')
  })

  it('lets each waiting visitor render when the page could not be kept', async () => {
    const { state, handler } = renderer(() => ({ wait: 20, status: 503 }))
    const serve = withVisitorPages(handler, SECONDS)
    const pages = await Promise.all(Array.from({ length: 3 }, () => serve(get('/feed'))))
    expect(state.renders).toBe(3)
    expect(new Set(await Promise.all(pages.map((page) => page.text()))).size).toBe(3)
  })

  it('keeps nothing at 0 seconds', async () => {
    const { state, handler } = renderer()
    const serve = withVisitorPages(handler, { seconds: 0, maxBytes: 1024 })
    await serve(get('/feed'))
    await serve(get('/feed'))
    expect(state.renders).toBe(2)
  })
})
