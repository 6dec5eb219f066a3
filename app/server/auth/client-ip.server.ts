import { isIPv4, isIPv6 } from 'node:net'

/**
 * The client's address as the edge (server.ts) determined it: the socket address, or with
 * TRUST_PROXY the address the reverse proxy appended to X-Forwarded-For. server.ts overwrites
 * any value a client sends, so it cannot be spoofed. Better Auth reads the header itself for
 * its session records (the whole address).
 */
export const CLIENT_IP_HEADER = 'x-tremplin-client-ip'

/** The client's address as every per-address limit counts it (`limitedAddress`). */
export function clientAddressForLimits(request: Request): string {
  return limitedAddress(request.headers.get(CLIENT_IP_HEADER) ?? 'local')
}

/**
 * The part of an address that per-address limits count: an IPv4 address whole, an IPv6 one by
 * its /64 network, which a single subscriber holds whole (every address of it would otherwise
 * be a fresh counter), as Better Auth's own limiter does. An IPv4 address written as IPv6
 * (`::ffff:203.0.113.7`, `::ffff:cb00:7107`) is that IPv4 address; a port a proxy appended is
 * left out. Anything else (no address known) is counted as it is.
 */
export function limitedAddress(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address)
  const bare = (bracketed?.[1] ?? address.replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1'))
    .split('%')[0]!
    .toLowerCase()
  if (isIPv4(bare) || !isIPv6(bare)) return bare
  const groups = ipv6Groups(bare)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!]
    return [high >> 8, high & 255, low >> 8, low & 255].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail makes the last two). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address)
  let text = address
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16))
}
