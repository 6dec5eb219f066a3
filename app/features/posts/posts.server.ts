import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { isUuid } from '~/utils/uuid'
import {
  communitiesOf,
  referenceDataFor,
  selectPostCards,
  toFeedPost,
  type FeedCommunity,
  type FeedPost,
} from '~/features/feed/feed.server'
import type { ReadWithSession } from '~/server/auth/session.server'
import { perDatabaseAndViewer, perDatabaseWithSession } from '~/server/db/prepared.server'
import { db } from '~/server/db/db.server'
import { refusedBy, SQLSTATE } from '~/server/db/errors.server'
import {
  categories,
  postCategories,
  postSectors,
  postTypes,
  posts,
  profiles,
  sectors,
  uploads,
} from '~/server/db/schema'
import { badRequest, forbidden, notFound } from '~/server/errors.server'
import { removeStoredFiles } from '~/server/file-removal.server'
import { getStorage } from '~/server/storage.server'
import {
  CREATE_FAILED_MESSAGE,
  IMAGE_ALREADY_POSTED_MESSAGE,
  IMAGE_UNAVAILABLE_MESSAGE,
  INVALID_TYPE_MESSAGE,
  PostSchema,
  PROFILE_NOT_FOUND_MESSAGE,
  TITLE_REQUIRED_DATA_MESSAGE,
  TITLE_REQUIRED_MESSAGE,
} from './post.schema'
import { postPath } from './post-url'
import { readableRouteParts } from './post-url.server'
import { POST_NOT_FOUND_MESSAGE } from './post-messages'

/**
 * Deletes a post; only its author may. The database cascades erase its votes, saves,
 * comments and category links; its image's upload record goes with it (a draft still holding
 * the image in another tab cannot publish it again once its file is gone), and the file is
 * removed afterwards.
 */
export async function deletePostOrThrow(input: { postId: string; userId: string }): Promise<void> {
  const [post] = await db
    .select({ id: posts.id, imageUrl: posts.imageUrl, authorUserId: profiles.userId })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .where(eq(posts.id, input.postId))
  if (!post) throw notFound(POST_NOT_FOUND_MESSAGE)
  if (post.authorUserId !== input.userId) throw forbidden()
  // Only an image this storage holds is removed; an external image URL is not ours to delete.
  const storage = getStorage()
  const key = post.imageUrl ? storage.keyFromUrl(post.imageUrl) : null
  await db.transaction(async (tx) => {
    // The upload's row first, as publishing takes it before its post: a draft publishing the
    // same image meanwhile waits for this deletion (then finds no upload) instead of
    // deadlocking with it.
    if (key) await tx.delete(uploads).where(eq(uploads.key, key))
    await tx.delete(posts).where(eq(posts.id, post.id))
  })
  if (key) await removeStoredFiles([key], 'post image')
}

export interface CreatedPostRef {
  id: string
  url: string
}

/**
 * Publishes a post for a member (spec §7 'Create post'), validating the input again with the
 * composer's schema. The post, all its category links and all its sector links are written in
 * one transaction; the first category and sector are also the post's main ones (ADR 008).
 */
export async function createPost(input: {
  userId: string
  /** The composer's values as sent, validated here again. */
  post: Record<string, unknown>
  /** A stored image's public URL, already checked by the caller. */
  imageUrl?: string | null
  /** The storage key of an image the composer sent to /api/uploads: it must be the author's. */
  uploadKey?: string | null
}): Promise<CreatedPostRef> {
  const parsed = PostSchema.safeParse(input.post)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    // A missing title is told in the spec's words for the data service (§8); any other issue,
    // a title too long included, in the form's.
    throw badRequest(
      issue?.path[0] === 'title' && issue.message === TITLE_REQUIRED_MESSAGE
        ? TITLE_REQUIRED_DATA_MESSAGE
        : (issue?.message ?? CREATE_FAILED_MESSAGE),
    )
  }
  const post = parsed.data
  const isEvent = post.type === 'evenement'
  const id = await db
    .transaction(async (tx) => {
      // Shared-locked: a rename of the author's waits for this post, or this post for the
      // rename, so that the post's author_slug (copied by a trigger) is never the old one.
      const [profile] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.userId, input.userId))
        .for('share')
      if (!profile) throw notFound(PROFILE_NOT_FOUND_MESSAGE)
      if (input.uploadKey) {
        // Claimed by a write, not a lock: the week's sweep of unused uploads, if it meets this
        // row meanwhile, waits for this post, then reads the row again and finds it new (a
        // lock alone would let it delete the row once the post is committed, on its first
        // reading, taken before the post existed).
        const [upload] = await tx
          .update(uploads)
          .set({ createdAt: sql`now()` })
          .where(and(eq(uploads.key, input.uploadKey), eq(uploads.userId, input.userId)))
          .returning({ key: uploads.key })
        if (!upload) throw badRequest(IMAGE_UNAVAILABLE_MESSAGE)
      }
      const [type] = await tx
        .select({ id: postTypes.id })
        .from(postTypes)
        .where(eq(postTypes.name, post.type))
      if (!type) throw badRequest(INVALID_TYPE_MESSAGE)
      const categoryRows = await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.name, post.categories))
      const sectorRows = post.sectors.length
        ? await tx
            .select({ id: sectors.id, name: sectors.name })
            .from(sectors)
            .where(inArray(sectors.name, post.sectors))
        : []
      // In the order the member chose them: the first is the main one.
      const categoryIds = idsInOrder(post.categories, categoryRows, 'Catégorie inconnue.')
      const sectorIds = idsInOrder(post.sectors, sectorRows, 'Secteur inconnu.')
      const [created] = await tx
        .insert(posts)
        .values({
          title: post.title,
          content: post.content,
          authorId: profile.id,
          typeId: type.id,
          categoryId: categoryIds[0],
          sectorId: sectorIds[0] ?? null,
          tags: post.tags,
          imageUrl: input.imageUrl ?? null,
          // Said of an image only: typed, then the image removed, it describes nothing.
          imageAlt: input.imageUrl ? post.imageAlt || null : null,
          externalUrl: post.externalUrl ?? null,
          eventDate: isEvent ? (post.eventDate ?? null) : null,
          eventLocation: isEvent ? post.eventLocation || null : null,
          price: isEvent ? (post.price ?? null) : null,
        })
        .returning({ id: posts.id })
      if (!created) throw new Error('post not inserted')
      await tx
        .insert(postCategories)
        .values(categoryIds.map((categoryId) => ({ postId: created.id, categoryId })))
      if (sectorIds.length > 0) {
        await tx
          .insert(postSectors)
          .values(sectorIds.map((sectorId) => ({ postId: created.id, sectorId })))
      }
      return created.id
    })
    .catch((error: unknown) => {
      // A stored image is one post's (ADR 009): another post's image is refused.
      if (refusedBy(error, SQLSTATE.uniqueViolation, 'posts_image_url_key'))
        throw badRequest(IMAGE_ALREADY_POSTED_MESSAGE)
      throw error
    })
  const [row] = await db.select({ route: readableRouteParts }).from(posts).where(eq(posts.id, id))
  return { id, url: row ? postPath(row.route) : `/post/${id}` }
}

function idsInOrder(
  names: readonly string[],
  rows: { id: number; name: string }[],
  unknown: string,
) {
  const byName = new Map(rows.map((row) => [row.name, row.id]))
  return names.map((name) => {
    const id = byName.get(name)
    if (id === undefined) throw badRequest(unknown)
    return id
  })
}

export interface PostDetail extends FeedPost {
  /** Every sector the post was filed under, the main one first. */
  sectors: FeedCommunity[]
}

// A post page's card, its sectors included, as a prepared statement (ADR 019): planning it
// costs PostgreSQL more than running it.
function postCardQuery<Extra extends Record<string, SQL>>(
  viewer: Placeholder | SQL | null,
  extra: Extra,
) {
  return selectPostCards(viewer, {
    // Named from the process's reference data, as the card's categories are (ADR 036).
    sectorIds: sql<
      number[]
    >`array(select ${postSectors.sectorId} from ${postSectors} where ${postSectors.postId} = ${posts.id})`,
    ...extra,
  }).where(eq(posts.id, sql.placeholder('postId')))
}

const postCardStatement = perDatabaseAndViewer('post_card', (viewer) => postCardQuery(viewer, {}))

// The same card for the member of a session token, with their session's read (ADR 030).
const postCardWithSession = perDatabaseWithSession('post_card', postCardQuery)

async function toPostDetail(
  row: Awaited<ReturnType<ReturnType<typeof postCardStatement>['execute']>>[number],
): Promise<PostDetail> {
  const { sectorIds, ...card } = row
  const reference = await referenceDataFor([row])
  return {
    ...toFeedPost(card, reference),
    sectors: communitiesOf(sectorIds, card.sectorId, reference.listedSector),
  }
}

/** A post with everything its page shows, for a viewer (or a visitor); 404 when missing. */
export async function getPostOrThrow(input: {
  postId: string
  viewerId: string | null
}): Promise<PostDetail> {
  if (!isUuid(input.postId)) throw notFound(POST_NOT_FOUND_MESSAGE)
  const [row] = await postCardStatement(input.viewerId).execute({
    postId: input.postId,
    viewerId: input.viewerId,
  })
  if (!row) throw notFound(POST_NOT_FOUND_MESSAGE)
  return toPostDetail(row)
}

/**
 * A signed-in member's post page's card and their session in one statement (ADR 030), for
 * readWithSession: the post getPostOrThrow gives for the member of the session `token` (null
 * when there is none). Undefined for an id that names no post.
 */
export function getPostWithSession(input: {
  postId: string
  token: string
}): Promise<ReadWithSession<PostDetail | null>> | undefined {
  if (!isUuid(input.postId)) return undefined
  return postCardWithSession()
    .execute({ postId: input.postId, token: input.token })
    .then(async ([row]) =>
      row
        ? { result: await toPostDetail(row), viewerId: row.viewerId, memberJson: row.member }
        : { result: null, viewerId: undefined, memberJson: undefined },
    )
}
