import { integer, pgTable, smallint, text } from 'drizzle-orm/pg-core'

/** The five kinds of post (post, ressource, discussion, evenement, article). */
export const postTypes = pgTable('post_types', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  position: smallint('position').notNull(),
})

/** Topic communities, shown in their fixed order. */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  position: smallint('position').notNull(),
})

/** Market-sector communities, each with a lucide icon name. */
export const sectors = pgTable('sectors', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  icon: text('icon').notNull(),
  position: smallint('position').notNull(),
})
