import { commentFromPostPage } from '~/features/comments/comment-submission.server'
import { loadPostPage, startPostPage } from '~/features/posts/post-page.server'
import { PostErrorBoundary, PostPage, postPageMeta } from '~/features/posts/post-page'
import { keepRetryAfter } from '~/server/rate-limit.server'
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

export const headers = keepRetryAfter

/**
 * A comment sent from a post's page without a script, by its address or by id (ADR 066); a
 * script sends it to the comments' API.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return commentFromPostPage({ request, context, postId: params.postId })
}

export default function Screen({ loaderData, actionData }: Route.ComponentProps) {
  return <PostPage data={loaderData} refusedComment={actionData?.refusedComment} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PostErrorBoundary error={error} />
}
