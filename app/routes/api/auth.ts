import { getAuth } from '~/server/auth/auth.server'
import type { Route } from './+types/auth'

// Better Auth's own endpoints (email confirmation and reset links land here).
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request)
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request)
}
