import { data, type RouterContextProvider } from 'react-router'
import { toFeedItem } from '~/features/feed/feed-item'
import { getCurrentSession, requireSession } from '~/server/auth/session.server'
import { documentJsonTexts } from '~/server/document-json.server'
import { HttpError } from '~/server/errors.server'
import { toJsonText } from '~/utils/json-text'
import type { ProfilePageData, ProfileTab, ProfileView } from './profile-page'
import {
  getProfileOrThrow,
  listProfilePosts,
  listSavedPosts,
  type OwnProfile,
  type PublicProfile,
} from './profiles.server'

/** The tab asked for; saved posts exist only for the owner, others see the publications. */
export function readTab(url: URL, isOwner: boolean): ProfileTab {
  return isOwner && url.searchParams.get('onglet') === 'sauvegardes'
    ? 'sauvegardes'
    : 'publications'
}

function toProfileView(profile: PublicProfile | OwnProfile): ProfileView {
  const { createdAt, ...rest } = profile
  if ('updatedAt' in rest) {
    const { updatedAt: _updatedAt, ...own } = rest
    return { ...own, createdAt: createdAt.toISOString() }
  }
  return { ...rest, createdAt: createdAt.toISOString() }
}

/**
 * A profile page: /profile/{userId}, or /profile for the signed-in member (a visitor goes to
 * /auth). Only the owner's own page reads private fields and saved posts.
 */
export async function loadProfilePage(input: {
  request: Request
  context: Readonly<RouterContextProvider>
  userId: string | undefined
}): Promise<ProfilePageData> {
  const viewerId = input.userId
    ? ((await getCurrentSession(input.context))?.user.id ?? null)
    : (await requireSession(input.request, input.context)).user.id
  const userId = input.userId ?? viewerId!
  const url = new URL(input.request.url)
  try {
    const viewed = await getProfileOrThrow({ userId, viewerId })
    const tab = readTab(url, viewed.isOwner)
    const cursor = url.searchParams.get('cursor')
    const page =
      tab === 'sauvegardes'
        ? await listSavedPosts({ userId, cursor })
        : await listProfilePosts({ userId, viewerId, cursor })
    return {
      profile: toProfileView(viewed.profile),
      isOwner: viewed.isOwner,
      tab,
      // One JSON text rather than every field of every post through turbo-stream (ADR 024),
      // which a document holds in an element of its own (ADR 033).
      posts: toJsonText(page.posts.map(toFeedItem), documentJsonTexts(input.context)),
      nextCursor: page.nextCursor,
      signedIn: viewerId !== null,
      viewerId,
      now: new Date().toISOString(),
    }
  } catch (error) {
    if (error instanceof HttpError) throw data(error.message, { status: error.status })
    throw error
  }
}
