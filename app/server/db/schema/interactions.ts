import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth'
import { posts } from './posts'
import { profiles } from './profiles'
import { categories, sectors } from './taxonomy'

/** One vote per member and post: 'up' or 'down'. */
export const postVotes = pgTable(
  'post_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    voteType: text('vote_type', { enum: ['up', 'down'] }).notNull(),
    /** The post's author, copied by a trigger at insert (ADR 050): their notifications. */
    postAuthorId: uuid('post_author_id')
      .notNull()
      .default(sql`null`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('post_votes_post_user_key').on(table.postId, table.userId),
    index('post_votes_user_idx').on(table.userId),
    index('post_votes_post_author_idx')
      .on(table.postAuthorId, table.createdAt.desc(), table.id.desc())
      .where(sql`vote_type = 'up'`),
    check('post_votes_type_valid', sql`${table.voteType} in ('up', 'down')`),
  ],
)

/** A post a member keeps for later. */
export const savedPosts = pgTable(
  'saved_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('saved_posts_post_user_key').on(table.postId, table.userId),
    index('saved_posts_user_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
  ],
)

/** A comment under a post, listed oldest first. */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The post's author, copied by a trigger at insert (ADR 050): their notifications. */
    postAuthorId: uuid('post_author_id')
      .notNull()
      .default(sql`null`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('comments_post_idx').on(table.postId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId),
    index('comments_post_author_idx')
      .on(table.postAuthorId, table.createdAt.desc(), table.id.desc())
      .where(sql`author_id <> post_author_id`),
    check('comments_content_not_blank', sql`length(btrim(${table.content})) > 0`),
  ],
)

/**
 * A community (category or sector) a member stars; listed first in the sidebar. item_id names a
 * row of the table item_type says; the two generated columns copy it into the one that matches,
 * so that a foreign key checks it (and a community's removal takes its stars with it).
 */
export const favoriteCommunities = pgTable(
  'favorite_communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ['category', 'sector'] }).notNull(),
    itemId: integer('item_id').notNull(),
    categoryId: integer('category_id')
      .generatedAlwaysAs(sql`case when item_type = 'category' then item_id end`)
      .references(() => categories.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .generatedAlwaysAs(sql`case when item_type = 'sector' then item_id end`)
      .references(() => sectors.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('favorite_communities_user_item_key').on(table.userId, table.itemType, table.itemId),
    check('favorite_communities_type_valid', sql`${table.itemType} in ('category', 'sector')`),
  ],
)

/**
 * Who has seen a post on a given day (Europe/Paris): a view counts once per viewer, post and
 * day. viewer_key is 'u:{userId}' for a member (user_id set, erased with the account) or
 * 'a:{random}' for a visitor's anonymous cookie.
 */
export const postViews = pgTable(
  'post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.viewerKey, table.day] }),
    index('post_views_day_idx').on(table.day),
    index('post_views_user_idx').on(table.userId),
  ],
)
