/**
 * Where an invitation to create an account leads: /auth with its sign-up tab open ('Commencer',
 * 'Rejoindre la Communauté', 'Créer un compte'…), where plain /auth opens on sign-in.
 */
export const SIGN_UP_PATH = '/auth?tab=signup'

/** /auth with « Mot de passe oublié ? » open: the account mails' way to a new password. */
export const FORGOT_PASSWORD_PATH = '/auth?forgot=1'

/** Where a confirmation link brings its member back: the landing page, which says it. */
export const EMAIL_CONFIRMED_PATH = '/?confirmation=ok'
