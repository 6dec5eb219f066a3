// What a post's page, its comments and its deletion say when it is not there, and what the
// deletion of a post says, in the browser (a script's deletion) and on the server
// (a plain form's toast after its redirect).
export const POST_DELETED_MESSAGE = 'Post supprimé avec succès'
export const DELETE_FAILED_MESSAGE = 'Erreur lors de la suppression du post'
export const POST_NOT_FOUND_MESSAGE = 'Post non trouvé'
