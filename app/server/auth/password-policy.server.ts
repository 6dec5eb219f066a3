// Shared by the forms (client and server) and by Better Auth's own endpoints.
import commonPasswordList from './common-passwords.txt?raw'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export const PASSWORD_TOO_SHORT_MESSAGE = 'Le mot de passe doit contenir au moins 8 caractères.'
export const PASSWORD_TOO_LONG_MESSAGE = 'Le mot de passe doit contenir au plus 128 caractères.'
export const PASSWORD_TOO_COMMON_MESSAGE =
  'Ce mot de passe fait partie des plus courants : choisissez-en un autre.'

/** The 1,000 most common passwords of 8 characters or more, lower-cased. */
const COMMON_PASSWORDS = new Set(commonPasswordList.split('\n').filter(Boolean))

/** True when the password is one of the most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase())
}
