import { getCurrentSession } from '~/server/auth/session.server'
import { removeStoredFiles } from '~/server/file-removal.server'
import { db } from '~/server/db/db.server'
import { refuseIfMemberGone } from '~/server/db/errors.server'
import { uploads } from '~/server/db/schema'
import { HttpError } from '~/server/errors.server'
import {
  IMAGE_FOLDERS,
  IMAGE_UPLOAD_MESSAGES,
  ImageUploadError,
  MAX_IMAGE_REQUEST_BYTES,
  storeUploadedImage,
  type ImageFolder,
} from '~/server/images/image-upload.server'
import { logger } from '~/server/logger.server'
import {
  hitRateLimit,
  tooManyAttemptsMessage,
  RATE_LIMITS,
  retryAfterHeader,
} from '~/server/rate-limit.server'
import type { Route } from './+types/uploads.create'

const SIGN_IN_TO_UPLOAD_MESSAGE = 'Connectez-vous pour ajouter une image.'

export type UploadResponse = { url: string } | { error: string }

/**
 * Stores one image (multipart/form-data: `file`, and `folder`, 'posts' when absent) for a
 * member and answers 201 `{ url }`. Refusals answer `{ error }` in French: 401 for a visitor,
 * 413 over 5 Mo, 415 for anything but a JPEG, PNG, WebP, GIF or AVIF image, 400 for a pixel
 * bomb or a malformed request, 429 past the rate limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const current = await getCurrentSession(context)
  // JSON rather than a redirect to /auth: only a script calls this, and it says what to do, in
  // French after the composer's own words (the spec's 'User not authenticated', ADR 009).
  if (!current) return json({ error: SIGN_IN_TO_UPLOAD_MESSAGE }, 401)

  const declaredLength = Number(request.headers.get('content-length') ?? 0)
  if (declaredLength > MAX_IMAGE_REQUEST_BYTES) {
    return json({ error: IMAGE_UPLOAD_MESSAGES.fileTooLarge }, 413)
  }
  if (!request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    return json({ error: 'Requête invalide.' }, 400)
  }

  const limit = await hitRateLimit(
    `image-upload:account:${current.user.id}`,
    RATE_LIMITS.imageUploadPerMember,
  )
  if (!limit.allowed) {
    return json(
      { error: tooManyAttemptsMessage(limit.retryAfterSeconds) },
      429,
      retryAfterHeader(limit.retryAfterSeconds),
    )
  }

  const body = await readBodyUpTo(request, MAX_IMAGE_REQUEST_BYTES)
  if (!body) return json({ error: IMAGE_UPLOAD_MESSAGES.fileTooLarge }, 413)
  const form = await new Response(body, {
    headers: { 'Content-Type': request.headers.get('content-type') ?? '' },
  })
    .formData()
    .catch(() => null)
  const file = form?.get('file')
  const folder = form?.get('folder') ?? 'posts'
  if (!(file instanceof File) || !isImageFolder(folder)) {
    return json({ error: 'Requête invalide.' }, 400)
  }

  try {
    const { url, key } = await storeUploadedImage(file, { folder })
    // The member's: a post may only take its author's upload (createPost).
    await db
      .insert(uploads)
      .values({ key, url, userId: current.user.id })
      .catch(async (error: unknown) => {
        await removeStoredFiles([key], 'upload not recorded')
        refuseIfMemberGone(error)
      })
    return json({ url }, 201)
  } catch (error) {
    if (error instanceof ImageUploadError) {
      logger.info({ reason: error.reason, userId: current.user.id }, 'image upload refused')
      return json({ error: error.message }, error.status)
    }
    // The member's account deleted meanwhile (refuseIfMemberGone).
    if (error instanceof HttpError) return json({ error: error.message }, error.status)
    logger.error({ err: error, userId: current.user.id }, 'image upload failed')
    return json({ error: IMAGE_UPLOAD_MESSAGES.failed }, 500)
  }
}

function isImageFolder(value: unknown): value is ImageFolder {
  return IMAGE_FOLDERS.includes(value as ImageFolder)
}

/**
 * The request's body, or null once it passes `max` bytes: Content-Length may be absent
 * (chunked) or lie, and formData() would otherwise buffer whatever is sent.
 */
async function readBodyUpTo(
  request: Request,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > max) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

function json(body: UploadResponse, status: number, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}
