import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
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
    // French full-text document: accents folded, stems, title weighted above content.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('tremplin_french', coalesce("title", '')), 'A') || setweight(to_tsvector('tremplin_french', coalesce("content", '')), 'B')`,
    ),
  },
  (table) => [
    index('posts_feed_idx').on(table.createdAt.desc(), table.id.desc()),
    index('posts_author_feed_idx').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    index('posts_sector_feed_idx').on(table.sectorId, table.createdAt.desc(), table.id.desc()),
    index('posts_search_idx').using('gin', table.searchVector),
    check('posts_title_not_blank', sql`length(btrim(${table.title})) > 0`),
    check(
      'posts_counters_non_negative',
      sql`${table.upvotes} >= 0 and ${table.downvotes} >= 0 and ${table.commentsCount} >= 0 and ${table.viewsCount} >= 0`,
    ),
    check('posts_price_non_negative', sql`${table.price} is null or ${table.price} >= 0`),
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
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.categoryId] }),
    index('post_categories_category_idx').on(table.categoryId, table.postId),
  ],
)
