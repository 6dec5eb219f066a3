import { createContext, data, redirect, type RouterContextProvider } from 'react-router'
import { OLDER_COMMENTS_PARAM, toCommentItem } from '~/features/comments/comment-item'
import { listComments } from '~/features/comments/comments.server'
import { parseFeedCursor } from '~/features/feed/feed.server'
import { toFeedItem } from '~/features/feed/feed-item'
import {
  getCurrentSession,
  readWithSession,
  resultFor,
  type ReadWithSession,
} from '~/server/auth/session.server'
import { publicOrigin } from '~/server/env.server'
import { HttpError, notFound } from '~/server/errors.server'
import { findCurrentAuthorSlug, findPostIdByRoute } from './post-url.server'
import { parseReadableRoute } from './post-url'
import { getPostOrThrow, getPostWithSession, type PostDetail } from './posts.server'
import { POST_NOT_FOUND_MESSAGE } from './post-messages'

export const POST_ID_MISSING_MESSAGE = 'ID du post manquant'

/**
 * What a post page shows: the post, its comments (open on arrival: the most recent, or those
 * before `?avant=`) and its public URLs.
 */
export async function loadPostPage(input: {
  postId: string | undefined
  context: Readonly<RouterContextProvider>
  request: Request
}) {
  const postId = input.postId?.trim()
  if (!postId) throw data(POST_ID_MISSING_MESSAGE, { status: 400 })
  const viewerId = (await getCurrentSession(input.context))?.user.id ?? null
  try {
    const before = parseFeedCursor(
      new URL(input.request.url).searchParams.get(OLDER_COMMENTS_PARAM),
    )
    const started = startedPost(postId, viewerId, input.context)
    // Known to be missing, the post's comments are not read at all.
    if (started === null) throw notFound(POST_NOT_FOUND_MESSAGE)
    const reads = [
      started ?? getPostOrThrow({ postId, viewerId }),
      listComments({ postId, before }),
    ] as const
    // A post not found answers once its comments' query has ended too: left running, the query
    // would outlive the request it was for (and, in the tests, read tables being emptied).
    const [post, page] = await Promise.all(reads).catch(async (error: unknown) => {
      await Promise.allSettled(reads)
      throw error
    })
    const origin = publicOrigin()
    return {
      post: { ...toFeedItem(post), sectors: post.sectors },
      comments: {
        comments: page.comments.map(toCommentItem),
        commentsCount: page.commentsCount,
        olderCursor: page.olderCursor,
        olderPage: before !== null,
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

/**
 * The post the route's middleware read with the session (ADR 030), when it shows this viewer:
 * null when that read found none, undefined when the page must read it itself.
 */
function startedPost(
  postId: string,
  viewerId: string | null,
  context: Readonly<RouterContextProvider>,
): PostDetail | null | undefined {
  const started = context.get(startedPageContext)
  return started?.postId === postId ? resultFor(started.read, viewerId) : undefined
}

type ReadableRouteParams = Parameters<typeof parseReadableRoute>[0]

/** The post id a readable route names, if it names one. */
async function findPostIdOfRoute(params: ReadableRouteParams): Promise<string | undefined> {
  const route = parseReadableRoute(params)
  return route ? findPostIdByRoute(route) : undefined
}

/**
 * The post id a readable route names (resolved by the route's middleware if it ran: once per
 * request); a route with its author's former slug is sent on to the same route with their
 * current one when that names a post (ADR 053); else 404 'Post non trouvé'. Not a permanent
 * redirect: a member who takes the former name back gets the slug back, and a browser that had
 * kept the old way round would go in circles.
 */
export async function postIdFromReadableRoute(
  params: ReadableRouteParams,
  context: Readonly<RouterContextProvider>,
): Promise<string> {
  const started = context.get(startedPageContext)
  const id = started ? started.postId : await findPostIdOfRoute(params)
  if (id) return id
  const route = parseReadableRoute(params)
  const current = route ? await findCurrentAuthorSlug(route.authorSlug) : undefined
  // Only to a post that is there: a redirect to nothing would tell anyone a former name's new
  // one (a member renamed who never published, say).
  if (route && current && (await findPostIdByRoute({ ...route, authorSlug: current }))) {
    const { title, date, time, number } = params
    const parts = [current, title, date, time, number].filter((part) => part !== undefined)
    throw redirect(`/post/${parts.join('/')}`, 302)
  }
  throw data(POST_NOT_FOUND_MESSAGE, { status: 404 })
}

/** What a post route's middleware started: the post's id, and its read with the session. */
interface StartedPostPage {
  postId: string | undefined
  read: ReadWithSession<PostDetail | null> | undefined
}

// On the request's own context, gone with it: a module's WeakMap would keep it (ADR 037).
const startedPageContext = createContext<StartedPostPage | null>(null)

/**
 * The post routes' middleware, before the root's and the page's loaders: for a signed-in
 * member, the post's card and their session in one statement (ADR 030). A readable route is
 * resolved here first (`params` given), once for the request.
 */
export async function startPostPage(input: {
  request: Request
  context: Readonly<RouterContextProvider>
  postId?: string
  params?: ReadableRouteParams
}): Promise<void> {
  if (input.request.method !== 'GET') return
  const postId = input.params ? await findPostIdOfRoute(input.params) : input.postId?.trim()
  const read = postId
    ? await readWithSession(input.request, input.context, (token) =>
        getPostWithSession({ postId, token }),
      )
    : undefined
  input.context.set(startedPageContext, { postId, read })
}
