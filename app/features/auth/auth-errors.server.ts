import { isAPIError } from 'better-auth/api'
import { PASSWORD_TOO_COMMON_MESSAGE } from '~/server/auth/password-policy.server'
import { SESSION_EXPIRED_MESSAGE } from '~/server/errors.server'
import { logger } from '~/server/logger.server'

/** Better Auth error codes, in the words a French member reads. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email ou mot de passe incorrect.',
  INVALID_EMAIL: 'Veuillez entrer une adresse email valide.',
  INVALID_PASSWORD: 'Mot de passe incorrect.',
  EMAIL_NOT_VERIFIED:
    'Votre adresse email n’est pas encore confirmée : ouvrez le lien reçu par email, ou renvoyez-le.',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit contenir au moins 8 caractères.',
  PASSWORD_TOO_LONG: 'Le mot de passe doit contenir au plus 128 caractères.',
  INVALID_TOKEN: 'Ce lien est invalide ou a expiré. Demandez-en un nouveau.',
  TOKEN_EXPIRED: 'Ce lien a expiré. Demandez-en un nouveau.',
  INVALID_CODE: 'Code invalide.',
  INVALID_BACKUP_CODE: 'Code de secours invalide.',
  INVALID_TWO_FACTOR_COOKIE: 'La vérification a expiré : reconnectez-vous.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    'Trop de tentatives : reconnectez-vous, puis saisissez le code affiché par votre application.',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Trop d’échecs de vérification : votre compte est temporairement verrouillé. Réessayez plus tard.',
  TOTP_NOT_ENABLED: 'La double authentification n’est pas activée.',
  TOTP_ALREADY_ENABLED: 'La double authentification est déjà activée.',
  TWO_FACTOR_NOT_ENABLED: 'La double authentification n’est pas activée.',
  SESSION_EXPIRED: SESSION_EXPIRED_MESSAGE,
  SESSION_NOT_FRESH: 'Pour cette action, reconnectez-vous d’abord.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Ce compte n’a pas de mot de passe.',
  USER_NOT_FOUND: 'Compte introuvable.',
  INVALID_ORIGIN: 'Requête refusée : origine non autorisée.',
  PASSWORD_TOO_COMMON: PASSWORD_TOO_COMMON_MESSAGE,
}

export const GENERIC_ERROR_MESSAGE = 'Une erreur est survenue. Réessayez dans un instant.'

export interface AuthFailure {
  ok: false
  status: number
  code: string
  message: string
  /** Past one of the product's limits: seconds until the next window (the answer's Retry-After). */
  retryAfterSeconds?: number
}

/** The refusal of a password among the most common ones, before Better Auth is asked. */
export function tooCommonPassword(): AuthFailure {
  return {
    ok: false,
    status: 400,
    code: 'PASSWORD_TOO_COMMON',
    message: PASSWORD_TOO_COMMON_MESSAGE,
  }
}

/** Turns what Better Auth threw into a French failure; anything unexpected is logged. */
export function toAuthFailure(error: unknown): AuthFailure {
  if (isAPIError(error)) {
    const code = (error.body as { code?: string } | undefined)?.code ?? String(error.status)
    const message = MESSAGES[code]
    if (!message) logger.warn({ code, status: error.statusCode }, 'unmapped auth error')
    return { ok: false, status: error.statusCode, code, message: message ?? GENERIC_ERROR_MESSAGE }
  }
  logger.error({ err: error }, 'auth call failed')
  return { ok: false, status: 500, code: 'UNEXPECTED', message: GENERIC_ERROR_MESSAGE }
}
