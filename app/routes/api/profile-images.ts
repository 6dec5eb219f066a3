import { redirect } from 'react-router'
import {
  imageUploadAnswer,
  oversizedImageOutcome,
  receiveProfileImage,
  retryAfterHeaders,
} from '~/features/profiles/profile-image.server'
import { IMAGE_KINDS, type ProfileImageKind } from '~/features/profiles/profile.schema'
import { getCurrentSession } from '~/server/auth/session.server'
import { MAX_IMAGE_REQUEST_BYTES } from '~/server/images/image-upload.server'
import type { Route } from './+types/profile-images'

/**
 * The signed-in member's new avatar or banner, sent by a script as soon as the file is chosen
 * (`file` in multipart/form-data): the answer as JSON, `{ ok, message, url? }`, so that a failed
 * connection leaves the page in place (ADR 051). The form without scripts goes to the profile
 * editor's action, which answers with a redirect and a toast.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const current = await getCurrentSession(context)
  // Signed out meanwhile: the script sends to sign-in and back to its page.
  if (!current) throw redirect('/auth?redirectTo=%2Fprofile')
  const kind = isImageKind(params.kind) ? params.kind : null
  if (!kind) return Response.json({ ok: false, message: 'Requête invalide.' }, { status: 404 })
  const outcome =
    Number(request.headers.get('content-length') ?? 0) > MAX_IMAGE_REQUEST_BYTES
      ? oversizedImageOutcome(kind)
      : await receiveProfileImage(context, {
          userId: current.user.id,
          kind,
          file: (await request.formData().catch(() => null))?.get('file') ?? null,
        })
  return Response.json(imageUploadAnswer(outcome), {
    status: outcome.status,
    headers: { 'Cache-Control': 'no-store', ...retryAfterHeaders(outcome) },
  })
}

const isImageKind = (value: string | undefined): value is ProfileImageKind =>
  value !== undefined && Object.hasOwn(IMAGE_KINDS, value)
