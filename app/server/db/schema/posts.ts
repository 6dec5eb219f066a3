import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { profiles } from './profiles'
import { categories, postTypes, sectors } from './taxonomy'
import { tsvector } from './types'

/** A member's publication; counters are changed only with the rows they count. */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    authorId: uuid('author_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => postTypes.id),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    sectorId: integer('sector_id').references(() => sectors.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    /**
     * What the image shows, in the author's words, read by screen readers in its place (ADR
     * 064); none when the author left it empty, the image then being decorative.
     */
    imageAlt: text('image_alt'),
    /** Free keywords typed by the author, lower-cased, without '#'. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    externalUrl: text('external_url'),
    eventDate: timestamp('event_date', { withTimezone: true }),
    eventLocation: text('event_location'),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The title part of readable post URLs (drizzle/0007 defines tremplin_slug). */
    titleSlug: text('title_slug')
      .notNull()
      .generatedAlwaysAs(sql`tremplin_slug(title)`),
    /**
     * The author part of readable post URLs: the author's profile slug, copied by triggers on
     * insert and on a rename (drizzle/0012, ADR 038); whatever a writer sends is replaced.
     */
    authorSlug: text('author_slug').notNull().default(''),
    /**
     * The post's number among its namesakes (the same author's posts with the same title slug):
     * in all, on its Paris day, in its Paris minute. Given by a trigger when the post is
     * published, and again only if its title, author or date changes, so that deleting a
     * namesake moves no other post's link (drizzle/0018, ADR 059).
     */
    olderNamesakes: integer('older_namesakes').notNull().default(0),
    olderSameDay: integer('older_same_day').notNull().default(0),
    olderSameMinute: integer('older_same_minute').notNull().default(0),
    // French full-text document: accents folded, stems, title and tags weighted above content
    // (a tag's link on the post page is a search for it, ADR 008; drizzle/0020).
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('tremplin_french', coalesce("title", '')), 'A') || setweight(to_tsvector('tremplin_french', tremplin_tags_text("tags")), 'A') || setweight(to_tsvector('tremplin_french', coalesce("content", '')), 'B')`,
    ),
  },
  (table) => [
    index('posts_feed_idx').on(table.createdAt.desc(), table.id.desc()),
    index('posts_author_feed_idx').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    // Readable routes: posts with the same title slug and author slug (ADR 038), read by a
    // route's lookup and by the trigger that numbers a new post among them (ADR 059).
    // The title slug leads so that an author's page can only be read from
    // posts_author_feed_idx, in order (ADR 013).
    index('posts_route_idx').on(table.titleSlug, table.authorSlug, table.createdAt, table.id),
    // Link previews: a visitor may only preview the link of an existing post.
    index('posts_external_url_idx').on(table.externalUrl),
    index('posts_search_idx').using('gin', table.searchVector),
    // A stored image belongs to one post: deleting that post deletes the file (ADR 009).
    uniqueIndex('posts_image_url_key')
      .on(table.imageUrl)
      .where(sql`${table.imageUrl} is not null`),
    check('posts_title_not_blank', sql`length(btrim(${table.title})) > 0`),
    check(
      'posts_counters_non_negative',
      sql`${table.upvotes} >= 0 and ${table.downvotes} >= 0 and ${table.commentsCount} >= 0 and ${table.viewsCount} >= 0`,
    ),
    check('posts_price_non_negative', sql`${table.price} is null or ${table.price} >= 0`),
    check(
      'posts_image_alt_with_image',
      sql`${table.imageAlt} is null or (${table.imageUrl} is not null and char_length(${table.imageAlt}) between 1 and 300)`,
    ),
  ],
)

/** The communities a post belongs to; the first one is also posts.category_id. */
export const postCategories = pgTable(
  'post_categories',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** The post's created_at, copied by a trigger (drizzle/0010): the community feed's order. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.categoryId] }),
    // A category's feed, newest first, read from the link table alone (ADR 013).
    index('post_categories_feed_idx').on(
      table.categoryId,
      table.createdAt.desc(),
      table.postId.desc(),
    ),
  ],
)

/** Every sector a post was filed under; the first one is also posts.sector_id (ADR 008). */
export const postSectors = pgTable(
  'post_sectors',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    /** The post's created_at, copied by a trigger (drizzle/0010): the sector feed's order. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.sectorId] }),
    index('post_sectors_feed_idx').on(table.sectorId, table.createdAt.desc(), table.postId.desc()),
  ],
)

/** Parsed OpenGraph data of an external link, cached by URL; failures are cached too. */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  title: text('title'),
  description: text('description'),
  imageUrl: text('image_url'),
  siteName: text('site_name'),
  /** False when the page could not be fetched or parsed; the card then hides the preview. */
  ok: boolean('ok').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
})
