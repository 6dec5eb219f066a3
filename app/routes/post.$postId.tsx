import { loadPostPage } from '~/features/posts/post-page.server'
import { PostErrorBoundary, PostPage, postPageMeta } from '~/features/posts/post-page'
import type { Route } from './+types/post.$postId'

export const meta: Route.MetaFunction = ({ loaderData }) => postPageMeta(loaderData)

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadPostPage({ postId: params.postId, context })
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <PostPage data={loaderData} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PostErrorBoundary error={error} />
}
