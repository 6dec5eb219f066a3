import { z } from 'zod'
import { askedState } from '../interactions/interaction.schema'
import { COMMUNITY_NAME } from './communities'

/**
 * The sidebar's star (spec §2 'Feed'): the state asked for, not a toggle, so that a form sent
 * twice stars once. A name that cannot be a community's is refused before any lookup (text
 * with a NUL would fail the query).
 */
export const FavoriteSchema = z.object({
  intent: z.literal('favorite'),
  itemType: z.enum(['category', 'sector']),
  name: z.string().regex(COMMUNITY_NAME),
  favorite: askedState,
})
