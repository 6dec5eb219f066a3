// Fetches a page someone else named (a link in a post) without letting that name reach our own
// network: every destination is resolved once, every address checked, and the connection is
// made to the checked address itself (ADR 010).
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import ipaddr from 'ipaddr.js'

export interface ResolvedAddress {
  address: string
  family: number
}

/** Every address of a hostname, as `dns.promises.lookup(hostname, { all: true })` gives them. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export interface SafeFetchOptions {
  resolver?: Resolver
  /** For the whole fetch, redirects included. */
  timeoutMs?: number
  /** Of the (decoded) body; a longer page is refused, not truncated. */
  maxBytes?: number
  maxRedirects?: number
  /**
   * Replaces the public-address rule, with the destination's port: tests let one loopback
   * server through, an operator's trusted origins (LINK_PREVIEW_ALLOWED_ORIGINS) an address on
   * its own port only.
   */
  isAllowedAddress?: (address: string, port: number) => boolean
  /** Tests only: replaces the 80/443 rule, for test servers on random ports. */
  allowedPorts?: readonly number[]
}

export interface SafeFetchResult {
  /** The URL of the page finally read, after redirects. */
  finalUrl: string
  status: number
  /** The media type, lower-cased, without parameters: text/html or application/xhtml+xml. */
  contentType: string
  body: string
}

/** A destination refused before any connection: scheme, port, credentials or address. */
export class UnsafeUrlError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`Refused destination ${url}: ${reason}`)
    this.name = 'UnsafeUrlError'
  }
}

export type SafeFetchFailure =
  'dns' | 'network' | 'timeout' | 'too-many-redirects' | 'bad-status' | 'not-html' | 'too-large'

/** An allowed destination that did not give a usable page. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'SafeFetchError'
  }
}

// ASCII on purpose: some servers and firewalls reject non-ASCII bytes in headers.
export const SAFE_FETCH_USER_AGENT = 'TremplinBot/1.0 (+apercu de lien)'
const DEFAULT_TIMEOUT_MS = 3000
const DEFAULT_MAX_BYTES = 1024 * 1024
const DEFAULT_MAX_REDIRECTS = 3
const DEFAULT_PORTS = [80, 443] as const
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml'])

const defaultResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true })

// 2000::/3 is the only IPv6 space handed out as global unicast; ::/8 (IPv4-compatible ::a.b.c.d
// among others) and every other block stay refused.
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3')
// NAT64's well-known prefix carries an IPv4 address in its last 32 bits (DNS64 networks).
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96')

function isPublicIp(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  // ipaddr.js names every special IPv4 block (loopback, private, carrierGradeNat, linkLocal,
  // unspecified, broadcast, multicast, reserved…); only 'unicast' is left for the Internet.
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast'
  const v6 = ip as ipaddr.IPv6
  if (v6.zoneId) return false
  if (v6.isIPv4MappedAddress()) return isPublicIp(v6.toIPv4Address())
  if (v6.match(NAT64_WELL_KNOWN)) {
    const [high = 0, low = 0] = v6.parts.slice(6)
    return isPublicIp(new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]))
  }
  // Inside 2000::/3, 'unicast' leaves out 6to4 (2002::/16), Teredo (2001::/32), documentation
  // and the other special blocks, whose embedded IPv4 addresses would need their own checks.
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast'
}

/** True only for an ordinary public unicast address (IPv4-mapped IPv6 judged by its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (net.isIP(address) === 0) return false
  try {
    return isPublicIp(ipaddr.parse(address))
  } catch {
    return false
  }
}

interface Destination {
  url: URL
  /** The hostname without IPv6 brackets, for the Host header and TLS. */
  hostname: string
  port: number
  /** The checked address the connection is pinned to. */
  address: ResolvedAddress
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

/** Checks a URL completely (scheme, credentials, port, every address) before any connection. */
async function checkDestination(
  raw: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<Destination> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UnsafeUrlError(raw, 'not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsafeUrlError(raw, `scheme ${url.protocol}`)
  }
  if (url.username || url.password) throw new UnsafeUrlError(raw, 'credentials in the URL')
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
  if (!(options.allowedPorts ?? DEFAULT_PORTS).includes(port)) {
    throw new UnsafeUrlError(raw, `port ${port}`)
  }
  // WHATWG URL has already turned decimal, octal and hexadecimal IPv4 forms into dotted quads.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const isAllowed = options.isAllowedAddress ?? isPublicAddress
  let addresses: ResolvedAddress[]
  const literalFamily = net.isIP(hostname)
  if (literalFamily !== 0) {
    addresses = [{ address: hostname, family: literalFamily }]
  } else {
    try {
      const answers = await Promise.race([
        (options.resolver ?? defaultResolver)(hostname),
        rejectOnAbort(signal),
      ])
      addresses = answers.map(({ address }) => ({ address, family: net.isIP(address) }))
    } catch (error) {
      if (signal.aborted) throw error
      throw new SafeFetchError('dns', `Could not resolve ${hostname}`, { cause: error })
    }
    if (addresses.length === 0) throw new SafeFetchError('dns', `No address for ${hostname}`)
  }
  // One refused address refuses the name: the connection could otherwise land on it.
  for (const { address } of addresses) {
    if (!isAllowed(address, port)) throw new UnsafeUrlError(raw, `address ${address}`)
  }
  return { url, hostname, port, address: addresses[0]! }
}

/** A `lookup` that answers the already-checked address whatever is asked: no second DNS query. */
function pinnedLookup({ address, family }: ResolvedAddress): net.LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address, family }])
    else callback(null, address, family)
  }
}

function sameAddress(a: string | undefined, b: string): boolean {
  if (!a) return false
  try {
    return ipaddr.process(a).toString() === ipaddr.process(b).toString()
  } catch {
    return false
  }
}

function openRequest(destination: Destination, signal: AbortSignal) {
  const { url, hostname, port, address } = destination
  const client = url.protocol === 'https:' ? https : http
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = client.request({
      protocol: url.protocol,
      hostname,
      port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        'User-Agent': SAFE_FETCH_USER_AGENT,
        Accept: 'text/html,application/xhtml+xml;q=0.9',
        'Accept-Language': 'fr,en;q=0.8',
        'Accept-Encoding': 'gzip, deflate, br',
      },
      // No pooled socket: each request connects to the address checked for it.
      agent: false,
      lookup: pinnedLookup(address),
      ...(url.protocol === 'https:' && net.isIP(hostname) === 0 ? { servername: hostname } : {}),
      signal,
    })
    // Belt and braces: the pinned lookup already decides where the socket goes.
    request.once('socket', (socket) => {
      const verify = () => {
        if (!sameAddress(socket.remoteAddress, address.address)) {
          socket.destroy(new UnsafeUrlError(url.href, `connected to ${socket.remoteAddress}`))
        }
      }
      if (socket.connecting) socket.once('connect', verify)
      else verify()
    })
    request.once('response', resolve)
    request.once('error', reject)
    request.end()
  })
}

function decodedStream(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase()
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress
  if (encoding === 'identity' || encoding === '') return response
  if (encoding === 'gzip' || encoding === 'x-gzip') decoder = zlib.createGunzip()
  else if (encoding === 'deflate') decoder = zlib.createInflate()
  else if (encoding === 'br') decoder = zlib.createBrotliDecompress()
  else throw new SafeFetchError('not-html', `Unsupported content encoding ${encoding}`)
  response.once('error', (error) => decoder.destroy(error))
  return response.pipe(decoder)
}

/** Reads at most maxBytes of decoded body; more is refused (a decompression bomb included). */
async function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const stream = decodedStream(response)
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBytes) throw new SafeFetchError('too-large', `Body over ${maxBytes} bytes`)
      chunks.push(chunk)
    }
  } finally {
    response.destroy()
    stream.destroy()
  }
  return Buffer.concat(chunks)
}

const CHARSET_PARAMETER = /charset\s*=\s*["']?\s*([\w.:-]+)/i
const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i

/** The page as text: BOM, then the Content-Type charset, then a <meta> in the first 1 KB, else UTF-8. */
function decodeText(body: Buffer, contentTypeHeader: string): string {
  let label = 'utf-8'
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) label = 'utf-8'
  else if (body[0] === 0xff && body[1] === 0xfe) label = 'utf-16le'
  else if (body[0] === 0xfe && body[1] === 0xff) label = 'utf-16be'
  else {
    label =
      CHARSET_PARAMETER.exec(contentTypeHeader)?.[1] ??
      META_CHARSET.exec(body.subarray(0, 1024).toString('latin1'))?.[1] ??
      'utf-8'
  }
  try {
    return new TextDecoder(label).decode(body)
  } catch {
    return new TextDecoder('utf-8').decode(body)
  }
}

/**
 * GETs an HTML page on the public Internet: http(s) on ports 80/443 only, every address of every
 * hop checked and pinned, at most `maxRedirects` redirects, `timeoutMs` in all, `maxBytes` of
 * body. Throws UnsafeUrlError for a refused destination and SafeFetchError for anything else.
 */
export async function safeFetchText(
  url: string,
  options: SafeFetchOptions = {},
): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const { signal } = controller
  try {
    let current = url
    for (let redirects = 0; ; redirects++) {
      const destination = await checkDestination(current, options, signal)
      let response: http.IncomingMessage
      try {
        response = await openRequest(destination, signal)
      } catch (error) {
        if (error instanceof UnsafeUrlError || signal.aborted) throw error
        throw new SafeFetchError('network', `Could not reach ${destination.url.host}`, {
          cause: error,
        })
      }
      const status = response.statusCode ?? 0
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy()
        const location = response.headers.location
        if (!location) throw new SafeFetchError('bad-status', `Redirect ${status} without Location`)
        if (redirects >= maxRedirects) {
          throw new SafeFetchError('too-many-redirects', `More than ${maxRedirects} redirects`)
        }
        try {
          current = new URL(location, destination.url).href
        } catch {
          throw new UnsafeUrlError(location, 'invalid redirect')
        }
        continue
      }
      if (status < 200 || status > 299) {
        response.destroy()
        throw new SafeFetchError('bad-status', `Status ${status}`)
      }
      const contentTypeHeader = String(response.headers['content-type'] ?? '')
      const contentType = (contentTypeHeader.split(';')[0] ?? '').trim().toLowerCase()
      if (!HTML_TYPES.has(contentType)) {
        response.destroy()
        throw new SafeFetchError('not-html', `Content type ${contentType || 'missing'}`)
      }
      const declaredLength = Number(response.headers['content-length'])
      if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
        response.destroy()
        throw new SafeFetchError('too-large', `Content-Length ${declaredLength}`)
      }
      const body = await readBody(response, maxBytes)
      return {
        finalUrl: destination.url.href,
        status,
        contentType,
        body: decodeText(body, contentTypeHeader),
      }
    }
  } catch (error) {
    if (signal.aborted && !(error instanceof UnsafeUrlError)) {
      throw new SafeFetchError('timeout', 'Timed out', { cause: error })
    }
    throw error
  } finally {
    clearTimeout(timer)
  }
}
