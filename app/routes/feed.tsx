import { Link } from 'react-router'
import { formatFeedCursor, listFeed, parseFeedCursor } from '~/features/feed/feed.server'
import { PostCard } from '~/features/feed/post-card'
import type { Route } from './+types/feed'

export const meta: Route.MetaFunction = () => [
  { title: 'Fil d’actualité · Tremplin' },
  {
    name: 'description',
    content:
      'Les dernières publications, discussions, événements, ressources et articles des entrepreneurs de Tremplin.',
  },
]

export async function loader({ request }: Route.LoaderArgs) {
  const cursor = parseFeedCursor(new URL(request.url).searchParams.get('cursor'))
  const page = await listFeed({ cursor })
  return {
    posts: page.posts,
    nextCursor: page.nextCursor ? formatFeedCursor(page.nextCursor) : null,
    isFirstPage: cursor === null,
  }
}

export default function Feed({ loaderData }: Route.ComponentProps) {
  const { posts, nextCursor, isFirstPage } = loaderData
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Fil d’actualité</h1>
      {posts.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          Aucune publication pour le moment
        </p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Publications">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Pagination du fil" className="mt-8 flex justify-between gap-4">
        {isFirstPage ? (
          <span />
        ) : (
          <Link to="/feed" className="font-medium text-primary underline underline-offset-4">
            Retour aux plus récentes
          </Link>
        )}
        {nextCursor ? (
          <Link
            to={`/feed?cursor=${encodeURIComponent(nextCursor)}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            Publications plus anciennes
          </Link>
        ) : null}
      </nav>
    </div>
  )
}
