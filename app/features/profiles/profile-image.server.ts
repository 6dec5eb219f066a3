import type { RouterContextProvider } from 'react-router'
import { IMAGE_TOO_LARGE_MESSAGE } from '~/features/posts/post.schema'
import { notePublicChange } from '~/server/auth/session.server'
import { HttpError } from '~/server/errors.server'
import { logger } from '~/server/logger.server'
import {
  hitRateLimit,
  RATE_LIMITS,
  tooManyAttemptsMessage,
  retryAfterHeader,
} from '~/server/rate-limit.server'
import type { ImageUploadResponse } from './profile-image-upload'
import { IMAGE_KINDS, type ProfileImageKind } from './profile.schema'
import { setProfileImage } from './profiles.server'

/** What became of a member's new avatar or banner, for a toast or a script's JSON. */
export type ProfileImageOutcome =
  | { ok: true; status: 200; message: string; url: string }
  | {
      ok: false
      status: number
      message: string
      description?: string
      retryAfterSeconds?: number
    }

/**
 * A member's avatar or banner from a form's file (spec §4 'Profile image upload'), within the
 * images' allowance that the composer's uploads share (RATE_LIMITS.imageUploadPerMember).
 */
export async function receiveProfileImage(
  context: Readonly<RouterContextProvider>,
  input: { userId: string; kind: ProfileImageKind; file: FormDataEntryValue | null },
): Promise<ProfileImageOutcome> {
  const { success, failure } = IMAGE_KINDS[input.kind]
  // A form sent with no file (« Envoyer » without scripts) costs nothing of the allowance.
  if (!(input.file instanceof File) || input.file.size === 0) {
    return { ok: false, status: 400, message: failure, description: 'Aucun fichier choisi.' }
  }
  const limit = await hitRateLimit(
    `image-upload:account:${input.userId}`,
    RATE_LIMITS.imageUploadPerMember,
  )
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      message: failure,
      description: tooManyAttemptsMessage(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    }
  }
  try {
    const { url } = await setProfileImage({
      userId: input.userId,
      kind: input.kind,
      file: input.file,
    })
    notePublicChange(context)
    return { ok: true, status: 200, message: success, url }
  } catch (error) {
    if (error instanceof HttpError) {
      return { ok: false, status: error.status, message: failure, description: error.message }
    }
    logger.error({ err: error }, 'profile image upload failed')
    return { ok: false, status: 500, message: failure }
  }
}

/** A request whose declared size is over the image's: refused before its body is read. */
export const oversizedImageOutcome = (kind: ProfileImageKind): ProfileImageOutcome => ({
  ok: false,
  status: 413,
  message: IMAGE_KINDS[kind].failure,
  description: IMAGE_TOO_LARGE_MESSAGE,
})

/** The outcome as a script reads it: one French sentence, the reason after the failure. */
export function imageUploadAnswer(outcome: ProfileImageOutcome): ImageUploadResponse {
  if (outcome.ok) return { ok: true, message: outcome.message, url: outcome.url }
  return {
    ok: false,
    message: outcome.description ? `${outcome.message} : ${outcome.description}` : outcome.message,
  }
}

/** The Retry-After of a refusal past the allowance, for the response's headers. */
export const retryAfterHeaders = (outcome: ProfileImageOutcome): Record<string, string> =>
  retryAfterHeader(outcome.ok ? undefined : outcome.retryAfterSeconds)
