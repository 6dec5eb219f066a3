import { and, asc, eq, sql } from 'drizzle-orm'
import {
  beforeCursor,
  formatFeedCursor,
  listFeed,
  newestFirst,
  parseFeedCursor,
  referenceDataFor,
  selectPostCards,
  toFeedPost,
  FEED_PAGE_SIZE,
  TOP_OF_FEED,
  type FeedPost,
} from '~/features/feed/feed.server'
import { db } from '~/server/db/db.server'
import { perDatabase, prepareNamed } from '~/server/db/prepared.server'
import { posts, profileLinks, profiles, savedPosts, users } from '~/server/db/schema'
import { notFound } from '~/server/errors.server'
import { storeUploadedImage } from '~/server/images/image-upload.server'
import { removeStoredFiles } from '~/server/file-removal.server'
import { getStorage } from '~/server/storage.server'
import {
  IMAGE_KINDS,
  PROFILE_NOT_FOUND_MESSAGE,
  type ProfileImageKind,
  type ProfileInput,
  type ProfileLinkInput,
} from './profile.schema'

export interface ProfileLink {
  title: string
  url: string
}

/** What anyone may read of a profile (spec §3): nothing else leaves the server for others. */
export interface PublicProfile {
  id: string
  userId: string
  firstName: string
  lastName: string
  job: string | null
  company: string | null
  city: string | null
  country: string | null
  bio: string | null
  avatar: string | null
  bannerImage: string | null
  createdAt: Date
  links: ProfileLink[]
}

/** The owner reads every field of their own profile. */
export interface OwnProfile extends PublicProfile {
  description: string | null
  linkedin: string | null
  website: string | null
  updatedAt: Date
}

export type ViewedProfile =
  { isOwner: true; profile: OwnProfile } | { isOwner: false; profile: PublicProfile }

export const UUID_OR_ID = /^[A-Za-z0-9_-]{1,64}$/

const publicColumns = {
  id: profiles.id,
  userId: profiles.userId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  job: profiles.job,
  company: profiles.company,
  city: profiles.city,
  country: profiles.country,
  bio: profiles.bio,
  avatar: profiles.avatar,
  bannerImage: profiles.bannerImage,
  createdAt: profiles.createdAt,
  links: sql<ProfileLink[]>`coalesce((
    select json_agg(json_build_object('title', ${profileLinks.title}, 'url', ${profileLinks.url}) order by ${profileLinks.position})
    from ${profileLinks} where ${profileLinks.profileId} = "profiles"."id"
  ), '[]'::json)`,
  // ("profiles"."id" spelled out: in a one-table select Drizzle leaves columns unqualified,
  // and a bare "id" inside the subquery would be profile_links.id.)
}

/**
 * A member's profile as `viewerId` may see it, in one query: every field for its owner, the
 * public ones for anyone else (the private columns are not even read). 404 'Profil non trouvé'.
 */
export async function getProfileOrThrow(input: {
  userId: string
  viewerId: string | null
}): Promise<ViewedProfile> {
  if (!UUID_OR_ID.test(input.userId)) throw notFound(PROFILE_NOT_FOUND_MESSAGE)
  if (input.viewerId !== null && input.viewerId === input.userId) {
    const [profile] = await ownProfileStatement().execute({ userId: input.userId })
    if (!profile) throw notFound(PROFILE_NOT_FOUND_MESSAGE)
    return { isOwner: true, profile }
  }
  const [profile] = await publicProfileStatement().execute({ userId: input.userId })
  if (!profile) throw notFound(PROFILE_NOT_FOUND_MESSAGE)
  return { isOwner: false, profile }
}

// A profile page's first statement, prepared once per database (ADR 019, ADR 027).
const ownProfileStatement = perDatabase(() =>
  prepareNamed(
    'profile_own',
    db
      .select({
        ...publicColumns,
        description: profiles.description,
        linkedin: profiles.linkedin,
        website: profiles.website,
        updatedAt: profiles.updatedAt,
      })
      .from(profiles)
      .where(eq(profiles.userId, sql.placeholder('userId'))),
  ),
)
// Anyone else sees a confirmed member's only: an account never confirmed is a name someone
// typed (anyone's), found nowhere else either (search, sitemap).
const publicProfileStatement = perDatabase(() =>
  prepareNamed(
    'profile_public',
    db
      .select(publicColumns)
      .from(profiles)
      .where(
        and(
          eq(profiles.userId, sql.placeholder('userId')),
          sql`exists (select 1 from ${users} where ${users.id} = ${profiles.userId} and ${users.emailVerified})`,
        ),
      ),
  ),
)

/** The name read at the start of a save changed before its update (another save, at once). */
class RenamedMeanwhile extends Error {}

/**
 * Writes the member's own profile fields (already validated and sanitised by ProfileSchema). A
 * new name goes to the account too: the emails, the data export and the welcome read it there.
 */
export async function updateProfile(input: {
  userId: string
  values: Omit<ProfileInput, 'intent'>
}): Promise<void> {
  // Two saves at once (two tabs): the profile row is not locked when its name is read (posts are
  // locked before it, below), so the update applies only to the name that was read; another
  // save's rename in between makes it start again, from the new name (at most three times).
  for (let attempt = 1; ; attempt++) {
    try {
      return await saveProfile(input)
    } catch (error) {
      if (!(error instanceof RenamedMeanwhile) || attempt === 3) throw error
    }
  }
}

async function saveProfile(input: {
  userId: string
  values: Omit<ProfileInput, 'intent'>
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.userId, input.userId))
    if (!current) throw notFound(PROFILE_NOT_FOUND_MESSAGE)
    const { firstName, lastName } = input.values
    if (firstName !== current.firstName || lastName !== current.lastName) {
      // A new name rewrites the readable route of every post of the member (migration 0012's
      // trigger). Their rows are locked first, in id order, then the profile's, then the
      // account's: the order in which view counting, comments and account deletion take them,
      // so that none of them waits on another in a cycle.
      await tx
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.authorId, current.id))
        .orderBy(asc(posts.id))
        .for('no key update')
      await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, current.id))
        .for('no key update')
      await tx
        .update(users)
        .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: new Date() })
        .where(eq(users.id, input.userId))
    }
    const updated = await tx
      .update(profiles)
      .set({ ...input.values, updatedAt: new Date() })
      .where(
        and(
          eq(profiles.id, current.id),
          eq(profiles.firstName, current.firstName),
          eq(profiles.lastName, current.lastName),
        ),
      )
      .returning({ id: profiles.id })
    if (updated.length === 0) throw new RenamedMeanwhile()
  })
}

/** Replaces the member's custom links, in the order given, in one transaction. */
export async function replaceProfileLinks(input: {
  userId: string
  links: readonly ProfileLinkInput[]
}): Promise<ProfileLink[]> {
  return db.transaction(async (tx) => {
    // Locks the profile row: two saves at once are applied one after the other.
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.userId, input.userId))
      .for('update')
    if (!profile) throw notFound(PROFILE_NOT_FOUND_MESSAGE)
    await tx.delete(profileLinks).where(eq(profileLinks.profileId, profile.id))
    if (input.links.length > 0) {
      await tx.insert(profileLinks).values(
        input.links.map((link, position) => ({
          profileId: profile.id,
          title: link.title,
          url: link.url,
          position,
        })),
      )
    }
    return tx
      .select({ title: profileLinks.title, url: profileLinks.url })
      .from(profileLinks)
      .where(eq(profileLinks.profileId, profile.id))
      .orderBy(asc(profileLinks.position))
  })
}

/**
 * Stores a new avatar or banner through the upload pipeline (square 512 px, or 1500×500),
 * points the profile at it, then deletes the file it replaces. Throws ImageUploadError.
 */
export async function setProfileImage(input: {
  userId: string
  kind: ProfileImageKind
  file: File | Blob | Uint8Array
}): Promise<{ url: string }> {
  const { folder, column } = IMAGE_KINDS[input.kind]
  const storage = getStorage()
  const stored = await storeUploadedImage(input.file, { folder })
  let previous: string | null
  try {
    previous = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ url: profiles[column] })
        .from(profiles)
        .where(eq(profiles.userId, input.userId))
        .for('update')
      if (!current) throw notFound(PROFILE_NOT_FOUND_MESSAGE)
      await tx
        .update(profiles)
        .set({ [column]: stored.url, updatedAt: new Date() })
        .where(eq(profiles.userId, input.userId))
      return current.url
    })
  } catch (error) {
    await removeStoredFiles([stored.key], 'profile image not saved')
    throw error
  }
  const previousKey = previous ? storage.keyFromUrl(previous) : null
  if (previousKey) await removeStoredFiles([previousKey], 'replaced profile image')
  return { url: stored.url }
}

export interface ProfilePostsPage {
  posts: FeedPost[]
  nextCursor: string | null
}

/** A member's publications, newest first, one keyset page in one SQL query. */
export async function listProfilePosts(input: {
  userId: string
  viewerId: string | null
  cursor: string | null
}): Promise<ProfilePostsPage> {
  const page = await listFeed({
    filters: { authorUserId: input.userId },
    cursor: parseFeedCursor(input.cursor),
    viewerId: input.viewerId,
  })
  return {
    posts: page.posts,
    nextCursor: page.nextCursor ? formatFeedCursor(page.nextCursor) : null,
  }
}

/**
 * The posts a member saved, the latest saved first (spec §7), one keyset page in one SQL
 * query; the cursor is the last save's (created_at, id). Only for the member themself.
 */
export async function listSavedPosts(input: {
  userId: string
  cursor: string | null
}): Promise<ProfilePostsPage> {
  const before = parseFeedCursor(input.cursor) ?? TOP_OF_FEED
  const rows = await savedPageStatement().execute({
    userId: input.userId,
    beforeCreatedAt: before.createdAt,
    beforeId: before.id,
  })
  const page = rows.slice(0, FEED_PAGE_SIZE)
  const last = page.at(-1)
  const reference = await referenceDataFor(page)
  return {
    posts: page.map(({ savedAt: _savedAt, savedId: _savedId, ...row }) =>
      toFeedPost(row, reference),
    ),
    nextCursor:
      rows.length > FEED_PAGE_SIZE && last
        ? formatFeedCursor({ createdAt: last.savedAt, id: last.savedId })
        : null,
  }
}

// The saved posts' page, prepared once per database like the feed's (ADR 019); the member is
// both the saver and the viewer of the cards. The page's saves come first, from
// saved_posts_user_idx in order with their own LIMIT, so that the reused plan, made without
// knowing how many posts the member saved, never joins and sorts them all (ADR 041).
const savedPageStatement = perDatabase(() => {
  const page = db
    .select({
      postId: savedPosts.postId,
      createdAt: savedPosts.createdAt,
      id: savedPosts.id,
    })
    .from(savedPosts)
    .where(
      and(
        eq(savedPosts.userId, sql.placeholder('userId')),
        beforeCursor(savedPosts.createdAt, savedPosts.id),
      ),
    )
    .orderBy(...newestFirst(savedPosts.createdAt, savedPosts.id))
    .as('saved_page')
  return prepareNamed(
    'saved_page',
    selectPostCards(sql.placeholder('userId'), {
      // Full microsecond precision for the cursor, as the feed's.
      savedAt: sql<string>`${page.createdAt}::text`,
      savedId: page.id,
    })
      .innerJoin(page, eq(page.postId, posts.id))
      .orderBy(sql`${page.createdAt} desc, ${page.id} desc`),
  )
})
