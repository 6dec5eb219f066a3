import { data } from 'react-router'
import { toCommentItem } from '~/features/comments/comment-item'
import { listComments } from '~/features/comments/comments.server'
import { toFeedItem } from '~/features/feed/feed-item'
import { getCurrentSession } from '~/server/auth/session.server'
import { getEnv } from '~/server/env.server'
import { HttpError } from '~/server/errors.server'
import type { RouterContextProvider } from 'react-router'
import { findPostIdByRoute } from './post-url.server'
import { parseReadableRoute } from './post-url'
import { getPostOrThrow } from './posts.server'

export const POST_ID_MISSING_MESSAGE = 'ID du post manquant'
export const POST_NOT_FOUND_MESSAGE = 'Post non trouvé'

/** What a post page shows: the post, its comments (open on arrival) and its public URLs. */
export async function loadPostPage(input: {
  postId: string | undefined
  context: Readonly<RouterContextProvider>
}) {
  const postId = input.postId?.trim()
  if (!postId) throw data(POST_ID_MISSING_MESSAGE, { status: 400 })
  const viewerId = (await getCurrentSession(input.context))?.user.id ?? null
  try {
    const [post, comments] = await Promise.all([
      getPostOrThrow({ postId, viewerId }),
      listComments({ postId }),
    ])
    const origin = getEnv().PUBLIC_URL.replace(/\/+$/, '')
    return {
      post: { ...toFeedItem(post), sectors: post.sectors },
      comments: {
        comments: comments.comments.map(toCommentItem),
        commentsCount: comments.commentsCount,
      },
      signedIn: viewerId !== null,
      viewerId,
      now: new Date().toISOString(),
      origin,
    }
  } catch (error) {
    if (error instanceof HttpError) throw data(error.message, { status: error.status })
    throw error
  }
}

/** The post id a readable route names; 404 'Post non trouvé' when it names none. */
export async function postIdFromReadableRoute(params: {
  author?: string
  title?: string
  date?: string
  time?: string
  number?: string
}): Promise<string> {
  const route = parseReadableRoute(params)
  const id = route ? await findPostIdByRoute(route) : undefined
  if (!id) throw data(POST_NOT_FOUND_MESSAGE, { status: 404 })
  return id
}
