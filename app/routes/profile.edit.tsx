import { data, redirect, type RouterContextProvider } from 'react-router'
import { ProfileEditForm, type ProfileEditActionData } from '~/features/profiles/profile-edit-form'
import { IMAGE_TOO_LARGE_MESSAGE } from '~/features/posts/post.schema'
import { receiveProfileImage } from '~/features/profiles/profile-image.server'
import {
  ACCESS_DENIED_MESSAGE,
  LINKS_UPDATED_MESSAGE,
  LinksSchema,
  OWN_PROFILE_ONLY_MESSAGE,
  PROFILE_UPDATE_FAILED_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
  ProfileSchema,
  SAVE_FAILED_MESSAGE,
} from '~/features/profiles/profile.schema'
import {
  getProfileOrThrow,
  replaceProfileLinks,
  updateProfile,
} from '~/features/profiles/profiles.server'
import { notePublicChange, requireSession, safeRedirectPath } from '~/server/auth/session.server'
import { MAX_IMAGE_REQUEST_BYTES } from '~/server/images/image-upload.server'
import { logger } from '~/server/logger.server'
import {
  hitRateLimit,
  keepRetryAfter,
  RATE_LIMITS,
  retryAfterHeader,
  tooManyAttemptsMessage,
} from '~/server/rate-limit.server'
import { flashToast } from '~/server/toast.server'
import { requestForm } from '~/server/errors.server'
import {
  CONNECTION_FAILED_MESSAGE,
  keptOffline,
  skipRevalidationOffline,
} from '~/utils/form-kept-offline'
import { parseForm } from '~/utils/parse-form'
import type { Route } from './+types/profile.edit'

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
    { status: 429, headers: retryAfterHeader(limit.retryAfterSeconds) },
  )
}

export const headers = keepRetryAfter

export async function action({ request, context, params }: Route.ActionArgs) {
  const userId = await requireOwnProfile(request, context, params.userId)
  // A picture's form without scripts names its page in the action's address (`redirectTo`), so
  // that even a picture too large to read goes back there.
  const url = new URL(request.url)
  const back = safeRedirectPath(url.searchParams.get('redirectTo') ?? url.pathname)
  // Only a picture's form is this large: refused before it is read.
  if (Number(request.headers.get('content-length') ?? 0) > MAX_IMAGE_REQUEST_BYTES) {
    await flashToast(context, { type: 'error', message: IMAGE_TOO_LARGE_MESSAGE })
    return redirect(back)
  }
  const formData = await requestForm(request)
  const intent = formData.get('intent')

  // A picture sent by the form without scripts (a script sends to /api/profile/images/:kind):
  // back to its page, the outcome in a toast.
  if (intent === 'avatar' || intent === 'banner') {
    const outcome = await receiveProfileImage(context, {
      userId,
      kind: intent,
      file: formData.get('file'),
    })
    await flashToast(context, {
      type: outcome.ok ? 'success' : 'error',
      message: outcome.message,
      ...(!outcome.ok && outcome.description ? { description: outcome.description } : {}),
    })
    return redirect(back)
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
      // A new name gives the member's posts new addresses (ADR 053).
      notePublicChange(context, { listing: true })
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

/** The profile's and the links' forms stay as typed when the connection fails (ADR 052). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keptOffline(request, serverAction, (formData) => {
    const intent = formData.get('intent')
    if (intent !== 'profile' && intent !== 'links') return { message: CONNECTION_FAILED_MESSAGE }
    const schema = intent === 'profile' ? ProfileSchema : LinksSchema
    return {
      intent,
      result: parseForm(formData, { schema }).reply({ formErrors: [CONNECTION_FAILED_MESSAGE] }),
    } satisfies ProfileEditActionData
  })
}
export const shouldRevalidate = skipRevalidationOffline

export default function Screen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfileEditForm
      profile={loaderData.profile}
      actionData={
        actionData && 'result' in actionData && actionData.result ? actionData : undefined
      }
    />
  )
}
