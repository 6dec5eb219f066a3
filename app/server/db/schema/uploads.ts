import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './auth'

/**
 * An image a member sent through /api/uploads (the composer's, before its post exists): whose
 * it is. A post may only take an upload of its author's; one that no post, avatar or banner
 * shows a week later is removed (retention.server.ts), and all of them with the account.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The storage key (`posts/…webp`). */
    key: text('key').primaryKey(),
    /** The public URL the storage gave it, as a post's image_url holds it. */
    url: text('url').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When it was sent, or taken by a post since: the week of the sweep counts from then. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_user_idx').on(table.userId),
    index('uploads_created_idx').on(table.createdAt),
  ],
)

/**
 * A stored file whose removal failed (the storage unreachable, say) after the rows that named
 * it were gone: removed again by the hourly sweep until it is (retention.server.ts), so that a
 * deleted member's or post's images do not stay served for good.
 */
export const fileRemovals = pgTable('file_removals', {
  key: text('key').primaryKey(),
  /** When its removal last failed: the sweep tries the longest waiting first. */
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
})
