import { data, redirect, type RouterContextProvider } from 'react-router'
import { ProfileEditForm, type ProfileEditActionData } from '~/features/profiles/profile-edit-form'
import { IMAGE_TOO_LARGE_MESSAGE } from '~/features/posts/post.schema'
import type { ImageUploadResponse } from '~/features/profiles/profile-image-upload'
import {
  ACCESS_DENIED_MESSAGE,
  IMAGE_KINDS,
  LINKS_UPDATED_MESSAGE,
  LinksSchema,
  OWN_PROFILE_ONLY_MESSAGE,
  PROFILE_UPDATE_FAILED_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
  ProfileSchema,
  SAVE_FAILED_MESSAGE,
  type ProfileImageKind,
} from '~/features/profiles/profile.schema'
import {
  getProfileOrThrow,
  replaceProfileLinks,
  setProfileImage,
  updateProfile,
} from '~/features/profiles/profiles.server'
import { notePublicChange, requireSession, safeRedirectPath } from '~/server/auth/session.server'
import { HttpError } from '~/server/errors.server'
import { logger } from '~/server/logger.server'
import { hitRateLimit, RATE_LIMITS, tooManyAttemptsMessage } from '~/server/rate-limit.server'
import { flashToast } from '~/server/toast.server'
import { parseForm } from '~/utils/parse-form'
import type { Route } from './+types/profile.edit'

// An image of 5 MB and its form fields; a larger request is refused before it is read.
const MAX_REQUEST_BYTES = 6 * 1024 * 1024

export const meta: Route.MetaFunction = () => [
  { title: 'Modifier mon profil · Tremplin' },
  {
    name: 'description',
    content: 'Mettez à jour vos informations, votre avatar et votre bannière.',
  },
  { name: 'robots', content: 'noindex' },
]

/** Members edit only their own profile: another member's id sends back to /profile. */
async function requireOwnProfile(
  request: Request,
  context: Readonly<RouterContextProvider>,
  userId: string | undefined,
) {
  const current = await requireSession(request, context)
  if (userId && userId !== current.user.id) {
    await flashToast(context, {
      type: 'error',
      message: ACCESS_DENIED_MESSAGE,
      description: OWN_PROFILE_ONLY_MESSAGE,
    })
    throw redirect('/profile')
  }
  return current.user.id
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const userId = await requireOwnProfile(request, context, params.userId)
  const viewed = await getProfileOrThrow({ userId, viewerId: userId })
  if (!viewed.isOwner) throw new Error('own profile read as public')
  const { profile } = viewed
  return {
    profile: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      job: profile.job,
      company: profile.company,
      city: profile.city,
      country: profile.country,
      description: profile.description,
      bio: profile.bio,
      linkedin: profile.linkedin,
      website: profile.website,
      links: profile.links,
    },
  }
}

async function uploadImage(
  context: Readonly<RouterContextProvider>,
  input: {
    userId: string
    kind: ProfileImageKind
    file: FormDataEntryValue | null
    back: string | null
  },
) {
  const { success, failure } = IMAGE_KINDS[input.kind]
  let outcome: { ok: true; url: string } | { ok: false; status: number; detail?: string }
  if (!(input.file instanceof File) || input.file.size === 0) {
    outcome = { ok: false, status: 400, detail: 'Aucun fichier choisi.' }
  } else {
    try {
      outcome = {
        ok: true,
        ...(await setProfileImage({ userId: input.userId, kind: input.kind, file: input.file })),
      }
      notePublicChange(context)
    } catch (error) {
      if (!(error instanceof HttpError)) logger.error({ err: error }, 'profile image upload failed')
      outcome =
        error instanceof HttpError
          ? { ok: false, status: error.status, detail: error.message }
          : { ok: false, status: 500 }
    }
  }
  if (input.back) {
    await flashToast(
      context,
      outcome.ok
        ? { type: 'success', message: success }
        : {
            type: 'error',
            message: failure,
            ...(outcome.detail ? { description: outcome.detail } : {}),
          },
    )
    return redirect(input.back)
  }
  return outcome.ok
    ? data<ImageUploadResponse>({ ok: true, message: success, url: outcome.url })
    : data<ImageUploadResponse>(
        { ok: false, message: outcome.detail ? `${failure} : ${outcome.detail}` : failure },
        { status: outcome.status },
      )
}

/**
 * The form back with the reason once the member has saved their profile or links too often
 * (RATE_LIMITS.profileEditPerMember); null while within the limit.
 */
async function editLimitRefusal(
  userId: string,
  intent: ProfileEditActionData['intent'],
  submission: { reply(options: { formErrors: string[] }): ProfileEditActionData['result'] },
) {
  const limit = await hitRateLimit(`profile-edit:${userId}`, RATE_LIMITS.profileEditPerMember)
  if (limit.allowed) return null
  return data<ProfileEditActionData>(
    {
      intent,
      result: submission.reply({ formErrors: [tooManyAttemptsMessage(limit.retryAfterSeconds)] }),
    },
    { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
  )
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const userId = await requireOwnProfile(request, context, params.userId)
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_BYTES) {
    return data<ImageUploadResponse>(
      { ok: false, message: IMAGE_TOO_LARGE_MESSAGE },
      { status: 413 },
    )
  }
  const formData = await request.formData()
  const intent = formData.get('intent')

  if (intent === 'avatar' || intent === 'banner') {
    const back = formData.has('redirectTo') ? safeRedirectPath(formData.get('redirectTo')) : null
    // The same allowance as the composer's uploads: one pool of images per member.
    const limit = await hitRateLimit(
      `image-upload:account:${userId}`,
      RATE_LIMITS.imageUploadPerMember,
    )
    if (!limit.allowed) {
      return data<ImageUploadResponse>(
        { ok: false, message: tooManyAttemptsMessage(limit.retryAfterSeconds) },
        { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
      )
    }
    return uploadImage(context, { userId, kind: intent, file: formData.get('file'), back })
  }

  if (intent === 'links') {
    const submission = parseForm(formData, { schema: LinksSchema })
    if (submission.status !== 'success') {
      // Without JavaScript, 'Ajouter un lien' and 'Retirer' come here too and change the list.
      return data<ProfileEditActionData>(
        { intent, result: submission.reply() },
        { status: submission.status === 'error' ? 400 : 200 },
      )
    }
    const refusal = await editLimitRefusal(userId, intent, submission)
    if (refusal) return refusal
    try {
      await replaceProfileLinks({ userId, links: submission.value.links })
      notePublicChange(context)
    } catch (error) {
      logger.error({ err: error }, 'profile links not saved')
      return data<ProfileEditActionData>(
        { intent, result: submission.reply({ formErrors: [SAVE_FAILED_MESSAGE] }) },
        { status: 500 },
      )
    }
    await flashToast(context, { type: 'success', message: LINKS_UPDATED_MESSAGE })
    return redirect('/profile/edit')
  }

  if (intent === 'profile') {
    const submission = parseForm(formData, { schema: ProfileSchema })
    if (submission.status !== 'success') {
      return data<ProfileEditActionData>({ intent, result: submission.reply() }, { status: 400 })
    }
    const refusal = await editLimitRefusal(userId, intent, submission)
    if (refusal) return refusal
    const { intent: _intent, ...values } = submission.value
    try {
      await updateProfile({ userId, values })
      notePublicChange(context)
    } catch (error) {
      logger.error({ err: error }, 'profile not updated')
      return data<ProfileEditActionData>(
        { intent, result: submission.reply({ formErrors: [PROFILE_UPDATE_FAILED_MESSAGE] }) },
        { status: 500 },
      )
    }
    await flashToast(context, { type: 'success', message: PROFILE_UPDATED_MESSAGE })
    return redirect('/profile')
  }

  return data({ message: 'Requête invalide.' }, { status: 400 })
}

export default function Screen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileEditForm
      profile={loaderData.profile}
      actionData={actionData && 'intent' in actionData ? actionData : undefined}
    />
  )
}
