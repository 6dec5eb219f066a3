import { z } from 'zod'

export const VoteSchema = z.object({
  intent: z.literal('vote'),
  type: z.enum(['up', 'down'], { error: 'Vote invalide.' }),
})

export const SaveSchema = z.object({
  intent: z.literal('save'),
  // The state the member asks for: saving twice keeps one save.
  saved: z
    .enum(['true', 'false'], { error: 'Requête invalide.' })
    .transform((value) => value === 'true'),
})

export const ViewsSchema = z.object({
  postIds: z.array(z.uuid()).min(1).max(50),
})

/** Shown when an optimistic vote or save is rolled back (the spec's messages, in French). */
export const VOTE_FAILED_MESSAGE = 'Le vote n’a pas pu être enregistré.'
export const SAVE_FAILED_MESSAGE = 'La sauvegarde n’a pas pu être enregistrée.'
