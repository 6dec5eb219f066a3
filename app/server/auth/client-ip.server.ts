/**
 * The client's address as the edge (server.ts) determined it: the socket address, or with
 * TRUST_PROXY the address the reverse proxy appended to X-Forwarded-For. server.ts overwrites
 * any value a client sends, so it cannot be spoofed.
 */
export const CLIENT_IP_HEADER = 'x-tremplin-client-ip'

export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? 'local'
}

/**
 * The part of an address that per-address limits count: an IPv4 address whole, an IPv6 one by
 * its /64 network, which a single subscriber holds whole (every address of it would otherwise
 * be a fresh counter), as Better Auth's own limiter does. An IPv4 address written as IPv6
 * (`::ffff:203.0.113.7`) is that IPv4 address.
 */
export function limitedAddress(address: string): string {
  const bare = address.split('%')[0]!.toLowerCase()
  if (!bare.includes(':')) return bare
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare)
  if (mapped) return mapped[1]!
  const [head = '', tail] = bare.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  const network = groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':')
  return `${network}::/64`
}
