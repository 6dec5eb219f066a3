/**
 * The client's address as the edge (server.ts) determined it: the socket address, or with
 * TRUST_PROXY the address the reverse proxy appended to X-Forwarded-For. server.ts overwrites
 * any value a client sends, so it cannot be spoofed.
 */
export const CLIENT_IP_HEADER = 'x-tremplin-client-ip'

export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? 'local'
}
