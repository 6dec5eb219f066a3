import { z } from 'zod'

export const VoteSchema = z.object({
  intent: z.literal('vote'),
  type: z.enum(['up', 'down'], { error: 'Vote invalide.' }),
  // The member's vote as the page showed it: the server sets the state the click meant rather
  // than toggling, so that a form sent twice acts once (absent from pages served before it).
  shown: z.enum(['up', 'down', 'none'], { error: 'Vote invalide.' }).optional(),
})

/** The state a member asks for ('true' or 'false'), not a toggle: a form sent twice acts once. */
export const askedState = z
  .enum(['true', 'false'], { error: 'Requête invalide.' })
  .transform((value) => value === 'true')

export const SaveSchema = z.object({
  intent: z.literal('save'),
  // Saving twice keeps one save.
  saved: askedState,
})

export const ViewsSchema = z.object({
  // Any value of PostgreSQL's uuid type, as /api/posts/:id accepts, not only RFC 4122
  // versions: imported or generated posts have ids of every shape.
  postIds: z.array(z.guid()).min(1).max(50),
})

export { SAVE_FAILED_MESSAGE, VOTE_FAILED_MESSAGE } from './interaction-messages'
