import { z } from 'zod'

/** A category's or sector's name as it appears in URLs and forms. */
export const COMMUNITY_NAME = /^[a-z0-9-]{1,40}$/

/**
 * The sidebar's star (spec §2 'Feed'): the state asked for, not a toggle, so that a form sent
 * twice stars once. A name that cannot be a community's is refused before any lookup (text
 * with a NUL would fail the query).
 */
export const FavoriteSchema = z.object({
  intent: z.literal('favorite'),
  itemType: z.enum(['category', 'sector']),
  name: z.string().regex(COMMUNITY_NAME),
  favorite: z.enum(['true', 'false']).transform((value) => value === 'true'),
})
