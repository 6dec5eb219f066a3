import { loadPostPage, startPostPage } from '~/features/posts/post-page.server'
import { PostErrorBoundary, PostPage, postPageMeta } from '~/features/posts/post-page'
import type { Route } from './+types/post.$postId'

export const meta: Route.MetaFunction = ({ loaderData }) => postPageMeta(loaderData)

/** A member's post and session in one statement (ADR 030), before the loaders. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    await startPostPage({ request, context, postId: params.postId })
    return next()
  },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadPostPage({ postId: params.postId, context, request })
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <PostPage data={loaderData} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PostErrorBoundary error={error} />
}
