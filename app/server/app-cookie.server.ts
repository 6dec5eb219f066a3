import { createCookie, type Cookie } from 'react-router'
import { getEnv } from './env.server'

/**
 * One of the app's own cookies, made on first use (the environment is read then): HttpOnly,
 * SameSite=Lax, Secure when the public address is HTTPS, and signed with the app's secret when
 * `signed`.
 */
export function appCookie(
  name: string,
  { path, maxAge, signed = false }: { path: string; maxAge: number; signed?: boolean },
): () => Cookie {
  let cookie: Cookie | undefined
  return () => {
    cookie ??= createCookie(name, {
      path,
      httpOnly: true,
      sameSite: 'lax',
      secure: new URL(getEnv().PUBLIC_URL).protocol === 'https:',
      maxAge,
      ...(signed ? { secrets: [getEnv().BETTER_AUTH_SECRET] } : {}),
    })
    return cookie
  }
}
