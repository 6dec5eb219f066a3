import type http from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startPageServer, type PageServer } from '../../../tests/setup/page-server'
import {
  isPublicAddress,
  SafeFetchError,
  safeFetchText,
  UnsafeUrlError,
  type Resolver,
  type SafeFetchOptions,
} from './safe-fetch.server'

// The "victim" listens on 127.0.0.1, where an attacker would aim; the "site" listens on
// 127.0.0.2 on the same port and plays a public server in the tests that let it through
// explicitly. Same port on purpose: a fetch that re-resolved a name and got 127.0.0.1 would
// land on the victim and show up in its connection count.
let victim: PageServer
let site: PageServer
let port: number

function html(response: http.ServerResponse, body: string, type = 'text/html; charset=utf-8') {
  response.writeHead(200, { 'Content-Type': type })
  response.end(body)
}

const siteHandler = (request: http.IncomingMessage, response: http.ServerResponse) => {
  const path = request.url ?? '/'
  const hop = /^\/hop\/(\d+)$/.exec(path)
  if (hop) {
    const next = Number(hop[1]) + 1
    if (next > 4) return html(response, '<title>Arrivée</title>')
    response.writeHead(302, { Location: `/hop/${next}` })
    return response.end()
  }
  switch (path) {
    case '/page':
      return html(response, '<title>Bonjour</title><p>Café crème</p>')
    case '/relative-redirect':
      response.writeHead(301, { Location: '/page' })
      return response.end()
    case '/redirect-to-victim':
      response.writeHead(302, { Location: `http://127.0.0.1:${port}/` })
      return response.end()
    case '/redirect-to-metadata':
      response.writeHead(307, { Location: 'http://169.254.169.254/latest/meta-data/' })
      return response.end()
    case '/redirect-to-file':
      response.writeHead(302, { Location: 'file:///etc/passwd' })
      return response.end()
    case '/redirect-to-rebound-name':
      response.writeHead(302, { Location: `http://interne.example:${port}/` })
      return response.end()
    case '/big':
      return html(response, 'x'.repeat(2048))
    case '/big-chunked':
      response.writeHead(200, { 'Content-Type': 'text/html' })
      for (let index = 0; index < 4; index++) response.write('x'.repeat(512))
      return response.end()
    case '/gzip-bomb': {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' })
      return response.end(gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20)))
    }
    case '/gzip':
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' })
      return response.end(gzipSync('<title>Compressé</title>'))
    case '/latin1':
      response.writeHead(200, { 'Content-Type': 'text/html; charset=ISO-8859-1' })
      return response.end(Buffer.from('<title>Café</title>', 'latin1'))
    case '/meta-charset':
      response.writeHead(200, { 'Content-Type': 'text/html' })
      return response.end(
        Buffer.from('<meta charset="windows-1252"><title>Crème brûlée</title>', 'latin1'),
      )
    case '/image':
      response.writeHead(200, { 'Content-Type': 'image/png' })
      return response.end('png')
    case '/no-type':
      response.writeHead(200)
      return response.end('<title>Sans type</title>')
    case '/slow':
      return // never answers
    case '/slow-body':
      response.writeHead(200, { 'Content-Type': 'text/html' })
      return response.write('<title>Lent') // never ends
    default:
      response.writeHead(404, { 'Content-Type': 'text/html' })
      return response.end('<title>Introuvable</title>')
  }
}

beforeAll(async () => {
  victim = await startPageServer({ host: '127.0.0.1' })
  port = victim.port
  site = await startPageServer({ host: '127.0.0.2', port, handler: siteHandler })
})

afterAll(async () => {
  await Promise.all([victim.close(), site.close()])
})

beforeEach(() => {
  victim.reset()
  site.reset()
})

/** A resolver that answers from a table and counts its calls. */
function stubResolver(table: Record<string, string[] | (() => string[])>) {
  return vi.fn<Resolver>(async (hostname) => {
    const entry = table[hostname]
    if (!entry) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    const addresses = typeof entry === 'function' ? entry() : entry
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  })
}

/** Only for tests that need a server to answer: 127.0.0.2 (the site) plays a public address. */
function letTheSiteThrough(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return {
    isAllowedAddress: (address) => address === '127.0.0.2' || isPublicAddress(address),
    allowedPorts: [port],
    resolver: stubResolver({ 'site.example': ['127.0.0.2'] }),
    ...extra,
  }
}

async function refusal(url: string, options?: SafeFetchOptions): Promise<unknown> {
  return safeFetchText(url, options).then(
    () => expect.unreachable(`${url} was fetched`),
    (error: unknown) => error,
  )
}

/** How a fetch failed: 'refused' for UnsafeUrlError, else SafeFetchError's reason. */
function outcome(error: unknown): string {
  if (error instanceof UnsafeUrlError) return 'refused'
  if (error instanceof SafeFetchError) return error.reason
  return String(error)
}

/** Each item's result in one object, so that a failure names the items that differ. */
async function eachOf<T extends string>(
  items: readonly T[],
  check: (item: T) => unknown,
): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {}
  for (const item of items) results[item] = await check(item)
  return results
}

const every = (items: readonly string[], value: unknown) =>
  Object.fromEntries(items.map((item) => [item, value]))

describe('isPublicAddress', () => {
  it('accepts ordinary public unicast addresses, IPv4 and IPv6', async () => {
    const addresses = [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '2a00:1450:4007:80e::200e',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]
    expect(await eachOf(addresses, isPublicAddress)).toEqual(every(addresses, true))
  })

  it('refuses every special block and anything that is not an address', async () => {
    const addresses = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '255.255.255.255',
      '224.0.0.1',
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      'fc00::1',
      'fd12::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      'localhost',
      '2130706433',
      '',
    ]
    expect(await eachOf(addresses, isPublicAddress)).toEqual(every(addresses, false))
  })
})

describe('safeFetchText refuses without connecting', () => {
  const literals = [
    '127.0.0.1',
    '0.0.0.0',
    '[::]',
    '[::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '169.254.169.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '[fc00::1]',
    '[fd12::1]',
    '[fe80::1]',
    '[64:ff9b::7f00:1]',
    '[2002:7f00:1::1]',
    // Decimal, octal, hexadecimal and short forms of 127.0.0.1: WHATWG URL normalises them.
    '2130706433',
    '0177.0.0.1',
    '0x7f.0.0.1',
    '127.1',
  ]

  it.each(literals)('http://%s with the strict default rule', async (host) => {
    const resolver = stubResolver({})
    // The victim's port is let through so that only the address rule can refuse.
    const error = await refusal(`http://${host}:${port}/`, { resolver, allowedPorts: [port] })
    expect(error).toBeInstanceOf(UnsafeUrlError)
    expect(resolver).not.toHaveBeenCalled()
    expect(victim.connections).toBe(0)
  })

  it('refuses loopback on the default ports with no option at all', async () => {
    for (const url of ['http://127.0.0.1/', 'https://[::1]/', 'http://2130706433/']) {
      expect(await refusal(url)).toBeInstanceOf(UnsafeUrlError)
    }
    // The system resolver answers 127.0.0.1 (and ::1) for localhost.
    expect(await refusal('http://localhost/')).toBeInstanceOf(UnsafeUrlError)
  })

  it('refuses a name whose only address is private', async () => {
    const resolver = stubResolver({ 'intranet.example': ['10.0.0.5'] })
    const error = await refusal(`http://intranet.example:${port}/`, {
      resolver,
      allowedPorts: [port],
    })
    expect(error).toBeInstanceOf(UnsafeUrlError)
    expect(resolver).toHaveBeenCalledTimes(1)
  })

  it('refuses a name with one public and one private address, in either order', async () => {
    const resolver = stubResolver({
      'mixte.example': ['93.184.216.34', '127.0.0.1'],
      'mixte-inverse.example': ['127.0.0.1', '93.184.216.34'],
      'mixte-v6.example': ['2606:4700:4700::1111', '::1'],
    })
    const names = ['mixte.example', 'mixte-inverse.example', 'mixte-v6.example']
    const outcomes = await eachOf(names, async (name) =>
      outcome(await refusal(`http://${name}:${port}/`, { resolver, allowedPorts: [port] })),
    )
    expect(outcomes).toEqual(every(names, 'refused'))
    expect(victim.connections).toBe(0)
  })

  it('refuses ports other than 80 and 443, before resolving', async () => {
    const resolver = stubResolver({ 'exemple.fr': ['93.184.216.34'] })
    const urls = [
      'http://exemple.fr:8080/',
      'https://exemple.fr:8443/',
      'http://exemple.fr:22/',
      `http://exemple.fr:${port}/`,
    ]
    const outcomes = await eachOf(urls, async (url) => outcome(await refusal(url, { resolver })))
    expect(outcomes).toEqual(every(urls, 'refused'))
    expect(resolver).not.toHaveBeenCalled()
    // Even an address let through stays refused on a port that is not.
    const error = await refusal(`http://127.0.0.2:${port}/page`, {
      isAllowedAddress: (address) => address === '127.0.0.2',
    })
    expect(error).toBeInstanceOf(UnsafeUrlError)
    expect(site.connections).toBe(0)
  })

  it('refuses other schemes and credentials in the URL', async () => {
    const urls = [
      'file:///etc/passwd',
      'ftp://exemple.fr/',
      `gopher://127.0.0.1:${port}/_`,
      'data:text/html,<title>x</title>',
      'javascript:alert(1)',
      `ws://127.0.0.2:${port}/`,
      `http://moi:secret@site.example:${port}/page`,
      'pas une adresse',
    ]
    const outcomes = await eachOf(urls, async (url) =>
      outcome(await refusal(url, letTheSiteThrough())),
    )
    expect(outcomes).toEqual(every(urls, 'refused'))
    expect(victim.connections).toBe(0)
    expect(site.connections).toBe(0)
  })
})

describe('safeFetchText and redirects', () => {
  it('re-checks a redirect to a private address and refuses it', async () => {
    const paths = ['/redirect-to-victim', '/redirect-to-metadata', '/redirect-to-file']
    const outcomes = await eachOf(paths, async (path) =>
      outcome(await refusal(`http://site.example:${port}${path}`, letTheSiteThrough())),
    )
    expect(outcomes).toEqual(every(paths, 'refused'))
    expect(site.requests.map((request) => request.path)).toEqual([
      '/redirect-to-victim',
      '/redirect-to-metadata',
      '/redirect-to-file',
    ])
    expect(victim.connections).toBe(0)
  })

  it('resolves the name of every hop again and refuses one that answers a private address', async () => {
    const resolver = stubResolver({
      'site.example': ['127.0.0.2'],
      'interne.example': ['127.0.0.1'],
    })
    const error = await refusal(
      `http://site.example:${port}/redirect-to-rebound-name`,
      letTheSiteThrough({ resolver }),
    )
    expect(error).toBeInstanceOf(UnsafeUrlError)
    expect(resolver.mock.calls.map(([name]) => name)).toEqual(['site.example', 'interne.example'])
    expect(victim.connections).toBe(0)
  })

  it('follows three redirects and refuses a fourth', async () => {
    const three = await safeFetchText(`http://site.example:${port}/hop/1`, letTheSiteThrough())
    expect(three.finalUrl).toBe(`http://site.example:${port}/hop/4`)
    expect(three.body).toContain('Arrivée')

    site.reset()
    const error = await refusal(`http://site.example:${port}/hop/0`, letTheSiteThrough())
    expect(error).toBeInstanceOf(SafeFetchError)
    expect((error as SafeFetchError).reason).toBe('too-many-redirects')
    // The fourth Location is never requested.
    expect(site.requests.map((request) => request.path)).toEqual([
      '/hop/0',
      '/hop/1',
      '/hop/2',
      '/hop/3',
    ])
  })

  it('resolves a relative Location against the current URL', async () => {
    const result = await safeFetchText(
      `http://site.example:${port}/relative-redirect`,
      letTheSiteThrough(),
    )
    expect(result.finalUrl).toBe(`http://site.example:${port}/page`)
    expect(result.body).toContain('Bonjour')
  })
})

describe('safeFetchText pins the checked address', () => {
  it('never reaches loopback when the name answers public first and 127.0.0.1 afterwards', async () => {
    let calls = 0
    // 127.0.0.2 stands for the public answer; every later answer points at the victim.
    const resolver = stubResolver({
      'rebond.example': () => (++calls === 1 ? ['127.0.0.2'] : ['127.0.0.1']),
    })
    const result = await safeFetchText(
      `http://rebond.example:${port}/page`,
      letTheSiteThrough({ resolver }),
    )
    expect(result.body).toContain('Bonjour')
    expect(resolver).toHaveBeenCalledTimes(1)
    expect(victim.connections).toBe(0)
    expect(site.connections).toBe(1)
    // Virtual hosting still works: the Host header carries the name, not the address.
    expect(site.requests[0]?.headers.host).toBe(`rebond.example:${port}`)
  })
})

describe('safeFetchText reads pages', () => {
  it('returns the page with its final URL, status and type, and identifies itself', async () => {
    const result = await safeFetchText(`http://site.example:${port}/page`, letTheSiteThrough())
    expect(result).toEqual({
      finalUrl: `http://site.example:${port}/page`,
      status: 200,
      contentType: 'text/html',
      body: '<title>Bonjour</title><p>Café crème</p>',
    })
    const headers = site.requests[0]!.headers
    expect(headers['user-agent']).toMatch(/^TremplinBot\/1\.0/)
    expect(headers.accept).toContain('text/html')
  })

  it('decodes the charset of the header or of a <meta>, and gzip', async () => {
    const fetchBody = async (path: string) =>
      (await safeFetchText(`http://site.example:${port}${path}`, letTheSiteThrough())).body
    expect(await fetchBody('/latin1')).toBe('<title>Café</title>')
    expect(await fetchBody('/meta-charset')).toContain('Crème brûlée')
    expect(await fetchBody('/gzip')).toBe('<title>Compressé</title>')
  })

  it('refuses a body over maxBytes, declared or not, compressed or not', async () => {
    const paths = ['/big', '/big-chunked']
    const outcomes = await eachOf(paths, async (path) =>
      outcome(
        await refusal(`http://site.example:${port}${path}`, letTheSiteThrough({ maxBytes: 1024 })),
      ),
    )
    expect(outcomes).toEqual(every(paths, 'too-large'))
    // 5 MB of spaces in a few KB of gzip: stopped at the default 1 MB.
    const bomb = await refusal(`http://site.example:${port}/gzip-bomb`, letTheSiteThrough())
    expect((bomb as SafeFetchError).reason).toBe('too-large')
  })

  it('gives up after the time-out, whether the headers or the body stall', async () => {
    const paths = ['/slow', '/slow-body']
    const outcomes = await eachOf(paths, async (path) => {
      const started = Date.now()
      const error = await refusal(
        `http://site.example:${port}${path}`,
        letTheSiteThrough({ timeoutMs: 300 }),
      )
      return { reason: outcome(error), quick: Date.now() - started < 2000 }
    })
    expect(outcomes).toEqual(every(paths, { reason: 'timeout', quick: true }))
  })

  it('refuses what is not HTML, and error statuses', async () => {
    const reason = async (path: string) =>
      ((await refusal(`http://site.example:${port}${path}`, letTheSiteThrough())) as SafeFetchError)
        .reason
    expect(await reason('/image')).toBe('not-html')
    expect(await reason('/no-type')).toBe('not-html')
    expect(await reason('/introuvable')).toBe('bad-status')
  })

  it('reports a name that does not resolve', async () => {
    const error = await refusal(`http://inconnu.example:${port}/`, letTheSiteThrough())
    expect((error as SafeFetchError).reason).toBe('dns')
  })
})
