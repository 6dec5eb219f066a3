import { and, asc, eq, sql } from 'drizzle-orm'
import { db } from '~/server/db/db.server'
import {
  categories,
  comments,
  contactMessages,
  favoriteCommunities,
  memberSlugs,
  postCategories,
  postSectors,
  postTypes,
  postViews,
  postVotes,
  posts,
  profileLinks,
  profiles,
  savedPosts,
  sectors,
  sessions,
  uploads,
  users,
} from '~/server/db/schema'

export const EXPORT_FORMAT = 'tremplin-export/1'

export interface ExportedProfile {
  id: string
  firstName: string
  lastName: string
  description: string | null
  job: string | null
  company: string | null
  city: string | null
  country: string | null
  bio: string | null
  linkedin: string | null
  website: string | null
  /** As stored: a site path such as /uploads/avatars/….webp. */
  avatar: string | null
  bannerImage: string | null
  createdAt: string
  updatedAt: string
}

export interface ExportedPost {
  id: string
  title: string
  content: string
  /** Display names, as the member saw them when publishing. */
  type: string
  /** The main community first. */
  categories: string[]
  /** The main sector. */
  sector: string | null
  /** Every sector, the main one first. */
  sectors: string[]
  tags: string[]
  imageUrl: string | null
  /** What the image shows, as the member described it. */
  imageAlt: string | null
  externalUrl: string | null
  eventDate: string | null
  eventLocation: string | null
  price: number | null
  createdAt: string
  updatedAt: string
}

/** A member's data as downloaded from /settings/export: JSON-serialisable, dates in ISO 8601. */
export interface AccountExport {
  format: typeof EXPORT_FORMAT
  exportedAt: string
  account: {
    email: string
    firstName: string
    lastName: string
    emailVerified: boolean
    createdAt: string
  }
  profile: ExportedProfile | null
  /** The profile's own links (« Liens personnalisés »), in their order. */
  profileLinks: { title: string; url: string }[]
  /**
   * The author part of the member's post addresses, made from their name: the one in use and
   * those held before a rename, which still lead to their posts (ADR 053); oldest first.
   */
  authorSlugs: { slug: string; current: boolean; since: string }[]
  posts: ExportedPost[]
  comments: { postId: string; content: string; createdAt: string }[]
  votes: { postId: string; voteType: 'up' | 'down'; createdAt: string }[]
  savedPosts: { postId: string; createdAt: string }[]
  /**
   * The posts whose card the member saw, per day (Paris time), kept two days so that a view
   * counts once a day (privacy policy); ids only.
   */
  views: { postId: string; day: string }[]
  favoriteCommunities: { itemType: 'category' | 'sector'; name: string }[]
  /**
   * The sessions the database holds, with the address and browser they recorded (the privacy
   * policy's « Adresse IP, type de navigateur et d'appareil »): the open ones, and an expired
   * one until the hourly sweep erases it (`expiresAt` tells which); never their token.
   */
  sessions: {
    createdAt: string
    lastUsedAt: string
    expiresAt: string
    ipAddress: string | null
    userAgent: string | null
  }[]
  /**
   * The images sent from the composer that no post carries (yet): kept a week, then erased
   * (privacy policy); their address, as the storage serves them.
   */
  uploads: { url: string; createdAt: string }[]
  /** What the member wrote through /contact while signed in. */
  contactMessages: {
    name: string
    email: string
    subject: string
    message: string
    createdAt: string
  }[]
}

const iso = (date: Date) => date.toISOString()
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null)

/**
 * Everything the member supplied (GDPR art. 20), one query per collection. Only columns
 * listed here leave the database: no password hash, session token, two-factor secret or backup
 * code, and nothing written by other members (posts they voted on appear as ids only).
 */
export async function exportAccountData(userId: string): Promise<AccountExport> {
  // One snapshot for every collection: a comment cannot appear without its post's state.
  return db.transaction(
    async (tx) => {
      const [account] = await tx
        .select({
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          emailVerified: users.emailVerified,
          createdAt: users.createdAt,
          profile: {
            id: profiles.id,
            firstName: profiles.firstName,
            lastName: profiles.lastName,
            description: profiles.description,
            job: profiles.job,
            company: profiles.company,
            city: profiles.city,
            country: profiles.country,
            bio: profiles.bio,
            linkedin: profiles.linkedin,
            website: profiles.website,
            avatar: profiles.avatar,
            bannerImage: profiles.bannerImage,
            createdAt: profiles.createdAt,
            updatedAt: profiles.updatedAt,
          },
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId))
      if (!account) throw new Error(`No account to export for user ${userId}`)

      const ownPosts = await tx
        .select({
          id: posts.id,
          title: posts.title,
          content: posts.content,
          type: postTypes.displayName,
          categories: sql<string[]>`coalesce((
            select array_agg(${categories.displayName} order by ${categories.id} = ${posts.categoryId} desc, ${categories.position})
            from ${postCategories} join ${categories} on ${categories.id} = ${postCategories.categoryId}
            where ${postCategories.postId} = ${posts.id}), '{}')`,
          sector: sectors.displayName,
          sectors: sql<string[]>`coalesce((
            select array_agg(s.display_name order by s.id = ${posts.sectorId} desc, s.position)
            from ${postSectors} join ${sectors} s on s.id = ${postSectors.sectorId}
            where ${postSectors.postId} = ${posts.id}), '{}')`,
          tags: posts.tags,
          imageUrl: posts.imageUrl,
          imageAlt: posts.imageAlt,
          externalUrl: posts.externalUrl,
          eventDate: posts.eventDate,
          eventLocation: posts.eventLocation,
          price: posts.price,
          createdAt: posts.createdAt,
          updatedAt: posts.updatedAt,
        })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.authorId))
        .innerJoin(postTypes, eq(postTypes.id, posts.typeId))
        .leftJoin(sectors, eq(sectors.id, posts.sectorId))
        .where(eq(profiles.userId, userId))
        .orderBy(asc(posts.createdAt), asc(posts.id))

      const links = await tx
        .select({ title: profileLinks.title, url: profileLinks.url })
        .from(profileLinks)
        .innerJoin(profiles, eq(profiles.id, profileLinks.profileId))
        .where(eq(profiles.userId, userId))
        .orderBy(asc(profileLinks.position))

      const slugs = await tx
        .select({
          slug: memberSlugs.slug,
          current: sql<boolean>`${memberSlugs.slug} = ${profiles.slug}`,
          since: memberSlugs.createdAt,
        })
        .from(memberSlugs)
        .innerJoin(profiles, eq(profiles.userId, memberSlugs.userId))
        .where(eq(memberSlugs.userId, userId))
        .orderBy(asc(memberSlugs.createdAt), asc(memberSlugs.slug))

      const ownComments = await tx
        .select({
          postId: comments.postId,
          content: comments.content,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .innerJoin(profiles, eq(profiles.id, comments.authorId))
        .where(eq(profiles.userId, userId))
        .orderBy(asc(comments.createdAt), asc(comments.id))

      const votes = await tx
        .select({
          postId: postVotes.postId,
          voteType: postVotes.voteType,
          createdAt: postVotes.createdAt,
        })
        .from(postVotes)
        .where(eq(postVotes.userId, userId))
        .orderBy(asc(postVotes.createdAt), asc(postVotes.id))

      const saves = await tx
        .select({ postId: savedPosts.postId, createdAt: savedPosts.createdAt })
        .from(savedPosts)
        .where(eq(savedPosts.userId, userId))
        .orderBy(asc(savedPosts.createdAt), asc(savedPosts.id))

      const views = await tx
        .select({ postId: postViews.postId, day: postViews.day })
        .from(postViews)
        .where(eq(postViews.userId, userId))
        .orderBy(asc(postViews.day), asc(postViews.postId))

      const favoriteName = sql<
        string | null
      >`coalesce(${categories.displayName}, ${sectors.displayName})`
      const favorites = await tx
        .select({ itemType: favoriteCommunities.itemType, name: favoriteName })
        .from(favoriteCommunities)
        .leftJoin(
          categories,
          sql`${favoriteCommunities.itemType} = 'category' and ${categories.id} = ${favoriteCommunities.itemId}`,
        )
        .leftJoin(
          sectors,
          sql`${favoriteCommunities.itemType} = 'sector' and ${sectors.id} = ${favoriteCommunities.itemId}`,
        )
        .where(eq(favoriteCommunities.userId, userId))
        .orderBy(
          asc(favoriteCommunities.createdAt),
          asc(favoriteCommunities.itemType),
          asc(favoriteName),
        )

      const messages = await tx
        .select({
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(eq(contactMessages.userId, userId))
        .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))

      const heldSessions = await tx
        .select({
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt), asc(sessions.id))

      // Those a post, the avatar or the banner shows are in `posts` or `profile` already.
      const pendingUploads = await tx
        .select({ url: uploads.url, createdAt: uploads.createdAt })
        .from(uploads)
        .where(
          and(
            eq(uploads.userId, userId),
            sql`not exists (select 1 from posts where posts.image_url = ${uploads.url})`,
            sql`not exists (select 1 from profiles
              where profiles.avatar = ${uploads.url} or profiles.banner_image = ${uploads.url})`,
          ),
        )
        .orderBy(asc(uploads.createdAt), asc(uploads.key))

      const { profile, ...user } = account
      return {
        format: EXPORT_FORMAT,
        exportedAt: new Date().toISOString(),
        account: { ...user, createdAt: iso(user.createdAt) },
        profile: profile
          ? { ...profile, createdAt: iso(profile.createdAt), updatedAt: iso(profile.updatedAt) }
          : null,
        profileLinks: links,
        authorSlugs: slugs.map((slug) => ({ ...slug, since: iso(slug.since) })),
        posts: ownPosts.map((post) => ({
          ...post,
          eventDate: isoOrNull(post.eventDate),
          createdAt: iso(post.createdAt),
          updatedAt: iso(post.updatedAt),
        })),
        comments: ownComments.map((comment) => ({ ...comment, createdAt: iso(comment.createdAt) })),
        votes: votes.map((vote) => ({ ...vote, createdAt: iso(vote.createdAt) })),
        savedPosts: saves.map((save) => ({ ...save, createdAt: iso(save.createdAt) })),
        views,
        // A favourite whose community no longer exists has nothing left to name.
        favoriteCommunities: favorites.filter(
          (favorite): favorite is { itemType: 'category' | 'sector'; name: string } =>
            favorite.name !== null,
        ),
        sessions: heldSessions.map((session) => ({
          ...session,
          createdAt: iso(session.createdAt),
          lastUsedAt: iso(session.lastUsedAt),
          expiresAt: iso(session.expiresAt),
        })),
        uploads: pendingUploads.map((upload) => ({ ...upload, createdAt: iso(upload.createdAt) })),
        contactMessages: messages.map((message) => ({
          ...message,
          createdAt: iso(message.createdAt),
        })),
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
