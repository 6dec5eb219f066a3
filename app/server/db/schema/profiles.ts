import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
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
    /**
     * The author part of readable post URLs, the member's own (ADR 053): their name's slug, with
     * « -2 », « -3 »… after it for a namesake. Set by the database's trigger from the name,
     * whatever a writer sends; empty when the name has no letter or digit.
     */
    slug: text('slug').notNull().default(''),
  },
  (table) => [
    uniqueIndex('profiles_slug_key')
      .on(table.slug)
      .where(sql`${table.slug} <> ''`),
    // Name search (suggestions, community search) is a trigram match on the full name.
    index('profiles_full_name_trgm_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName}) gin_trgm_ops`,
    ),
    // The sitemap's newest members, read in this order without a sort of every member (by
    // their arrival: when a profile was last edited is the member's own, ADR 011).
    index('profiles_created_idx').on(
      table.createdAt.desc().nullsLast(),
      table.id.desc().nullsLast(),
    ),
  ],
)

/**
 * Every author slug a member has held, theirs for good (ADR 053): a namesake never gets it, a
 * member who takes their former name back gets it again, and a link with a former slug leads to
 * the current one. Written only by the database's trigger on profiles; erased with the account.
 */
export const memberSlugs = pgTable(
  'member_slugs',
  {
    slug: text('slug').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name's slug it was made from, without its number. */
    base: text('base').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('member_slugs_base_idx').on(table.base),
    index('member_slugs_user_idx').on(table.userId, table.base),
  ],
)

/** A custom link on a profile (spec §5 'Custom links'), shown in the member's order. */
export const profileLinks = pgTable(
  'profile_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    unique('profile_links_profile_position_key').on(table.profileId, table.position),
    check('profile_links_title_not_blank', sql`length(btrim(${table.title})) > 0`),
    check('profile_links_url_http', sql`${table.url} ~ '^https?://'`),
  ],
)
