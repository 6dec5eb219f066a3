import { isRouteErrorResponse, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { authorName } from '~/features/feed/feed-item'
import { canonicalTags, originOf } from '~/features/marketing/page-meta'
import { ProfilePage } from '~/features/profiles/profile-page'
import { loadProfilePage } from '~/features/profiles/profile-page.server'
import type { Route } from './+types/profile'

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [{ title: 'Profil non trouvé · Tremplin' }]
  const { profile } = loaderData
  const name = authorName(profile)
  const role = [profile.job, profile.company].filter(Boolean).join(' · ')
  const description = [role, profile.bio].filter(Boolean).join(' — ').slice(0, 160)
  // The member's public address, whichever tab or route (/profile, one's own) showed it; a
  // later page of their posts is followed, not indexed, as the feed's are (ADR 065).
  const origin = originOf(matches)
  const url = origin ? `${origin}/profile/${encodeURIComponent(profile.userId)}` : null
  const laterPage = new URLSearchParams(location.search).has('cursor')
  return [
    { title: `${name} · Tremplin` },
    { name: 'description', content: description || `Le profil de ${name} sur Tremplin.` },
    ...(laterPage ? [{ name: 'robots', content: 'noindex, follow' }] : canonicalTags(url)),
    { property: 'og:type', content: 'profile' },
    { property: 'og:title', content: name },
  ]
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadProfilePage({ request, context, userId: (params as { userId?: string }).userId })
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <ProfilePage data={loaderData} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-20 sm:py-28">
      <p className="text-sm font-semibold text-primary">
        {isRouteErrorResponse(error) ? `Erreur ${error.status}` : 'Erreur'}
      </p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        {notFound ? 'Profil non trouvé' : 'Une erreur est survenue'}
      </h1>
      <p className="text-lg text-muted-foreground">
        {notFound
          ? 'Ce membre a peut-être supprimé son compte, ou le lien est incomplet.'
          : 'Nous n’avons pas pu afficher ce profil. Réessayez dans un instant.'}
      </p>
      <Button asChild className="mt-4">
        <Link to="/feed">Retour au fil</Link>
      </Button>
    </section>
  )
}
