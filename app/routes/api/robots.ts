import { renderRobots } from '~/features/marketing/sitemap.server'
import { getEnv } from '~/server/env.server'

/** GET /robots.txt */
export function loader() {
  return new Response(renderRobots(getEnv().PUBLIC_URL), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  })
}
