import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'

/** A member's professional profile; one per account (user_id is the auth user's id). */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Created with the account (database trigger) and erased with it.
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    description: text('description'),
    job: text('job'),
    company: text('company'),
    city: text('city'),
    country: text('country'),
    bio: text('bio'),
    linkedin: text('linkedin'),
    website: text('website'),
    avatar: text('avatar'),
    bannerImage: text('banner_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Name search (suggestions, community search) is a trigram match on the full name.
    index('profiles_full_name_trgm_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
  ],
)
