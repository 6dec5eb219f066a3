// What the benchmark scripts send: Chromium's headers, and members' session cookies.
import { randomBytes, randomUUID } from 'node:crypto'
import { BENCH_SECRET, SESSION_COOKIE } from './server'

// What Chromium sends: the server compresses as it would for a browser.
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'fr-FR,fr;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
}
// What Chromium adds to a navigation to a page, and to a script's fetch of JSON (server.ts
// treats the two apart, ADR 032).
export const NAVIGATION_HEADERS = {
  ...BROWSER_HEADERS,
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-user': '?1',
}
export const FETCH_HEADERS = {
  ...BROWSER_HEADERS,
  accept: '*/*',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
}

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** 32 random letters and digits, like Better Auth's own session tokens. */
function randomToken(): string {
  return Array.from(randomBytes(32), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join(
    '',
  )
}

/**
 * A session for each member, inserted as Better Auth's internal adapter writes them (its module
 * needs Vite to load: it imports a text file), and its signed cookie: `token.signature` under
 * the app's prefix. Uses the app's database module, started by the caller.
 */
export async function mintSessionCookies(memberIds: readonly string[]): Promise<string[]> {
  const { sql } = await import('drizzle-orm')
  const { makeSignature } = await import('better-auth/crypto')
  const { db } = await import('../../app/server/db/db.server')
  const cookies: string[] = []
  for (const memberId of memberIds) {
    const token = randomToken()
    await db.execute(sql`
      insert into sessions (id, token, expires_at, ip_address, user_agent, user_id)
      values (${randomUUID()}, ${token}, now() + interval '30 days', '127.0.0.1', 'autocannon', ${memberId})`)
    const signature = await makeSignature(token, BENCH_SECRET)
    cookies.push(`${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`)
  }
  return cookies
}
