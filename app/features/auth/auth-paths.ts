/**
 * Where an invitation to create an account leads: /auth with its sign-up tab open ('Commencer',
 * 'Rejoindre la Communauté', 'Créer un compte'…), where plain /auth opens on sign-in.
 */
export const SIGN_UP_PATH = '/auth?tab=signup'
