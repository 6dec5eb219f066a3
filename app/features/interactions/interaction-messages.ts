// Shown when an optimistic vote or save is rolled back (the spec's messages, in French). Kept
// apart from the schemas so that the card's client bundle does not carry zod.
export const VOTE_FAILED_MESSAGE = 'Le vote n’a pas pu être enregistré.'
export const SAVE_FAILED_MESSAGE = 'La sauvegarde n’a pas pu être enregistrée.'
