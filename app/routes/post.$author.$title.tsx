import {
  loadPostPage,
  postIdFromReadableRoute,
  startPostPage,
} from '~/features/posts/post-page.server'
import { PostErrorBoundary, PostPage, postPageMeta } from '~/features/posts/post-page'
import type { Route } from './+types/post.$author.$title'

export const meta: Route.MetaFunction = ({ loaderData }) => postPageMeta(loaderData)

/** The route resolved, then a member's post and session in one statement (ADR 030). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    await startPostPage({ request, context, params })
    return next()
  },
]

/** /post/{author}/{title}[/{date}[/{time}[/{number}]]]: the post the route names. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const postId = await postIdFromReadableRoute(params, context)
  return loadPostPage({ postId, context, request })
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  // A comment's form posts to the post's address by id (ADR 066), which shows a refusal.
  return <PostPage data={loaderData} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PostErrorBoundary error={error} />
}
