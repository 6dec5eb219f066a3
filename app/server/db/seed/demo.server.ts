import { inArray, sql } from 'drizzle-orm'
import { createRandom, type Random } from '../../../utils/random'
import type { Database } from '../client.server'
import { fileRemovals, profiles } from '../schema'
import { createDemoAvatar, demoAvatarKey } from './avatars.server'
import {
  DEMO_COMMENTS,
  DEMO_POSTS,
  DEMO_PROFILES,
  type DemoAuthor,
  type DemoEvent,
  type DemoPost,
} from './demo-content'
import {
  addFavoriteCommunities,
  castDemoVotes,
  createComments,
  createPosts,
  createProfiles,
  savePosts,
  type CommentInput,
  type DemoVoteInput,
  type FavoriteInput,
  type PostInput,
  type SaveInput,
} from './factories.server'

export interface DemoSeedResult {
  profiles: number
  posts: number
  comments: number
  votes: number
  saves: number
  favorites: number
}

// Same seed, same community: only the dates move, relative to the moment of seeding.
const DEMO_SEED = 0x7e3b_1a05
const DEMO_LOCK_KEY = 7_452_019_332
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const POSTS_SPAN = 60 * DAY

export function demoUserId(slug: string): string {
  return `demo-${slug}`
}

/**
 * Seeds the demo community when the database holds no profile: members with avatars, posts,
 * votes, comments, saves and favourite communities. Returns what it created, or null.
 */
export async function seedDemoContentIfEmpty(db: Database): Promise<DemoSeedResult | null> {
  if (await hasProfiles(db)) return null
  const now = new Date()
  const random = createRandom(DEMO_SEED)

  // The avatars' keys are the same as the last demo's: a removal of one that failed then
  // (file-removal.server.ts) must not take the new one away.
  const avatarKeys = DEMO_PROFILES.map(({ slug }) => demoAvatarKey(slug))
  await db.delete(fileRemovals).where(inArray(fileRemovals.key, avatarKeys))
  // Rendering happens before the transaction so that it holds no lock while sharp works.
  const avatars = await Promise.all(DEMO_PROFILES.map((profile) => createDemoAvatar(profile)))

  return db.transaction(async (tx) => {
    // Two app instances starting together on one PostgreSQL server: one seeds, one skips.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`)
    if (await hasProfiles(tx)) return null

    const members = await createProfiles(
      tx,
      DEMO_PROFILES.map(({ slug, ...profile }, index) => ({
        ...profile,
        userId: demoUserId(slug),
        avatar: avatars[index],
        createdAt: new Date(now.getTime() - POSTS_SPAN - random.int(1, 60) * DAY),
      })),
    )
    const memberBySlug = new Map(
      DEMO_PROFILES.map((profile, index) => [profile.slug, members[index]!] as const),
    )
    const memberOf = (slug: DemoAuthor) => memberBySlug.get(slug)!

    const plans = DEMO_POSTS.map((post) => planPost(post, random, now))
    const created = await createPosts(
      tx,
      plans.map((plan) => ({ ...plan.input, authorId: memberOf(plan.post.author).id })),
    )

    const votes: DemoVoteInput[] = []
    const comments: CommentInput[] = []
    created.forEach((row, index) => {
      const plan = plans[index]!
      const others = members.filter((member) => member.id !== row.authorId)
      const after = (start: Date) => randomTimeBetween(random, start, now)
      for (const voter of random.sample(others, plan.voters)) {
        const up = random.chance(plan.post.type === 'article' ? 0.95 : 0.86)
        votes.push({
          postId: row.id,
          userId: voter.userId,
          voteType: up ? 'up' : 'down',
          createdAt: after(row.createdAt),
        })
      }
      const texts = random.sample(commentPool(plan.post), plan.comments)
      const commenters = random.sample(others, texts.length)
      let last = row.createdAt
      texts.forEach((content, position) => {
        last = randomTimeBetween(random, last, now)
        comments.push({
          postId: row.id,
          authorId: commenters[position]!.id,
          content,
          createdAt: last,
        })
      })
    })
    const castVotes = await castDemoVotes(tx, votes)
    const createdComments = await createComments(tx, comments)

    const saves: SaveInput[] = members.flatMap((member) =>
      random
        .sample(
          created.filter((post) => post.authorId !== member.id),
          random.int(1, 6),
        )
        .map((post) => ({
          postId: post.id,
          userId: member.userId,
          createdAt: randomTimeBetween(random, post.createdAt, now),
        })),
    )
    const savedRows = await savePosts(tx, saves)

    const favorites = await addFavoriteCommunities(tx, planFavorites(random))

    return {
      profiles: members.length,
      posts: created.length,
      comments: createdComments.length,
      votes: castVotes.length,
      saves: savedRows.length,
      favorites: favorites.length,
    }
  })
}

async function hasProfiles(db: Pick<Database, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: profiles.id }).from(profiles).limit(1)
  return rows.length > 0
}

interface PostPlan {
  post: DemoPost
  input: Omit<PostInput, 'authorId'>
  voters: number
  comments: number
}

function planPost(post: DemoPost, random: Random, now: Date): PostPlan {
  // A few posts get most of the attention, as in any community.
  const voters = random.int(0, 3) + Math.floor(random.next() ** 2 * 20)
  const comments = Math.min(6, random.int(0, 3) + (random.chance(0.4) ? random.int(1, 3) : 0))
  const createdAt = new Date(now.getTime() - random.int(20 * MINUTE, POSTS_SPAN))
  return {
    post,
    voters,
    comments,
    input: {
      type: post.type,
      categories: post.categories,
      sector: post.sector,
      title: post.title,
      content: post.content,
      externalUrl: post.externalUrl ?? null,
      ...(post.event ? eventColumns(post.event, now) : {}),
      viewsCount: voters * random.int(4, 9) + comments * 3 + random.int(15, 240),
      createdAt,
    },
  }
}

function eventColumns(event: DemoEvent, now: Date) {
  return {
    eventDate: zonedTime(
      new Date(now.getTime() + event.inDays * DAY),
      event.time,
      event.timeZone ?? 'Europe/Paris',
    ),
    eventLocation: event.location,
    price: event.price,
  }
}

/** The instant of `time` (HH:MM), local to `timeZone`, on the day `day` falls on there. */
function zonedTime(day: Date, time: string, timeZone: string): Date {
  // en-CA formats dates as YYYY-MM-DD.
  const date = new Intl.DateTimeFormat('en-CA', { timeZone }).format(day)
  const asUtc = new Date(`${date}T${time}:00Z`)
  const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(asUtc)
    .find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? '')
  if (!match) return asUtc
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
  return new Date(asUtc.getTime() - minutes * MINUTE)
}

function randomTimeBetween(random: Random, start: Date, end: Date): Date {
  const from = start.getTime()
  const to = Math.max(from, end.getTime() - MINUTE)
  return new Date(from + Math.floor(random.next() * (to - from)))
}

function commentPool(post: DemoPost): string[] {
  const asks = post.title.includes('?') || post.content.includes('?')
  switch (post.type) {
    case 'evenement':
      return [...DEMO_COMMENTS.evenement]
    case 'ressource':
      return [...DEMO_COMMENTS.ressource, ...DEMO_COMMENTS.any.slice(0, 4)]
    case 'article':
      return [...DEMO_COMMENTS.article, ...DEMO_COMMENTS.any]
    default:
      return asks ? [...DEMO_COMMENTS.question, ...DEMO_COMMENTS.any] : [...DEMO_COMMENTS.any]
  }
}

/** About half the members star their own sector and one community they write in. */
function planFavorites(random: Random): FavoriteInput[] {
  return DEMO_PROFILES.filter(() => random.chance(0.5)).flatMap((profile) => {
    const own = DEMO_POSTS.filter((post) => post.author === profile.slug)
    const first = own[0]
    if (!first) return []
    const userId = demoUserId(profile.slug)
    const favorites: FavoriteInput[] = [{ userId, itemType: 'sector', name: first.sector }]
    const category = random.pick(own.flatMap((post) => post.categories))
    favorites.push({ userId, itemType: 'category', name: category })
    return favorites
  })
}
