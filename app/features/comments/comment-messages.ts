// The comment limits and messages, without zod: the comments panel ships in every post card's
// client bundle, the schema (and zod) only where a form is parsed.
export const COMMENT_MAX_LENGTH = 2000

export const COMMENT_EMPTY_MESSAGE = 'Le commentaire ne peut pas être vide.'
export const COMMENT_TOO_LONG_MESSAGE = 'Le commentaire contient au plus 2\u202F000 caractères.'
export const COMMENT_NOT_FOUND_MESSAGE = 'Commentaire non trouvé'
export const COMMENTS_LOAD_FAILED_MESSAGE = 'Les commentaires n’ont pas pu être chargés.'
