import { redirect } from 'react-router'
import { signOutEverywhere } from '~/features/auth/accounts.server'
import type { Route } from './+types/auth.sign-out'

/** 'Se déconnecter': every session of the account ends, this browser's cookies are cleared. */
export async function action({ request }: Route.ActionArgs) {
  const { cookies } = await signOutEverywhere({ headers: request.headers })
  const headers = new Headers()
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return redirect('/', { headers })
}

export function loader() {
  return redirect('/')
}
