import { sql } from 'drizzle-orm'
import type { Database } from '../client.server'
import { categories, postTypes, sectors } from '../schema'
import { CATEGORIES, POST_TYPES, SECTORS } from './reference-data'

/** Upserts the categories, sectors and post types; safe to run at every start. */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(CATEGORIES.map((category, position) => ({ ...category, position })))
      .onConflictDoUpdate({
        target: categories.name,
        set: { displayName: sql`excluded.display_name`, position: sql`excluded.position` },
      })
    await tx
      .insert(sectors)
      .values(SECTORS.map((sector, position) => ({ ...sector, position })))
      .onConflictDoUpdate({
        target: sectors.name,
        set: {
          displayName: sql`excluded.display_name`,
          icon: sql`excluded.icon`,
          position: sql`excluded.position`,
        },
      })
    await tx
      .insert(postTypes)
      .values(POST_TYPES.map((type, position) => ({ ...type, position })))
      .onConflictDoUpdate({
        target: postTypes.name,
        set: { displayName: sql`excluded.display_name`, position: sql`excluded.position` },
      })
  })
}
