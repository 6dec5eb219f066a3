/** What a person is told of a failure the server did not expect (the database gone, say). */
export const UNEXPECTED_ERROR_MESSAGE = 'Une erreur est survenue. Veuillez réessayer.'
