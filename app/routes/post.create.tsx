import { data, redirect } from 'react-router'
import { removeStoredFiles } from '~/server/file-removal.server'
import { engagementScore, PUBLISH_MIN_SCORE } from '~/features/posts/engagement-score'
import {
  draftStorageKey,
  PostComposer,
  type ComposerActionData,
} from '~/features/posts/post-composer'
import {
  CREATE_FAILED_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_UNAVAILABLE_MESSAGE,
  IMAGE_UPLOAD_FAILED_MESSAGE,
  POST_CREATED_MESSAGE,
  PostSchema,
} from '~/features/posts/post.schema'
import { createPost } from '~/features/posts/posts.server'
import { notePublicChange, requireSession } from '~/server/auth/session.server'
import { HttpError, requestForm } from '~/server/errors.server'
import {
  ImageUploadError,
  MAX_FORM_REQUEST_BYTES,
  storeUploadedImage,
} from '~/server/images/image-upload.server'
import { logger } from '~/server/logger.server'
import { getStorage } from '~/server/storage.server'
import {
  giveBackAttempt,
  hitRateLimits,
  keepRetryAfter,
  RATE_LIMITS,
  retryAfterHeader,
  tooManyAttemptsMessage,
} from '~/server/rate-limit.server'
import { flashToast } from '~/server/toast.server'
import {
  CONNECTION_FAILED_MESSAGE,
  keptOffline,
  skipRevalidationOffline,
} from '~/utils/form-kept-offline'
import { parseForm } from '~/utils/parse-form'
import type { Route } from './+types/post.create'

export const meta: Route.MetaFunction = () => [
  { title: 'Créer un post · Tremplin' },
  {
    name: 'description',
    content: 'Partagez une idée, une ressource, un événement ou un article avec la communauté.',
  },
]

/** Members only: a visitor goes to /auth and comes back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireSession(request, context)
  return { draftKey: draftStorageKey(current.user.id) }
}

/** The form's values as sent, without empty fields: the service validates them again. */
function formValues(formData: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {
    categories: formData.getAll('categories'),
    sectors: formData.getAll('sectors'),
  }
  for (const [name, value] of formData) {
    if (name === 'categories' || name === 'sectors') continue
    if (value === '' || (value instanceof File && value.size === 0)) continue
    values[name] = value
  }
  return values
}

export const headers = keepRetryAfter

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireSession(request, context)
  // Read whole even with an image too large, which the schema refuses in its field: refused
  // unread, the form came back empty to a browser without scripts, the post lost.
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_REQUEST_BYTES) {
    return data<ComposerActionData>({ formError: IMAGE_TOO_LARGE_MESSAGE }, { status: 413 })
  }
  const formData = await requestForm(request)
  const submission = parseForm(formData, { schema: PostSchema })
  if (submission.status !== 'success') {
    return data<ComposerActionData>({ result: submission.reply() }, { status: 400 })
  }
  const fail = (
    message: string,
    status: number,
    { field, retryAfterSeconds }: { field?: string; retryAfterSeconds?: number } = {},
  ) =>
    data<ComposerActionData>(
      {
        result: submission.reply(
          field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] },
        ),
      },
      { status, headers: retryAfterHeader(retryAfterSeconds) },
    )

  const { image, imageUrl } = submission.value
  // An image uploaded earlier by the composer must be one of ours, in the posts folder (and
  // the author's, which createPost checks).
  const uploadKey = imageUrl ? getStorage().keyFromUrl(imageUrl) : null
  if (imageUrl && !uploadKey?.startsWith('posts/')) {
    return fail(IMAGE_UPLOAD_FAILED_MESSAGE, 400, { field: 'image' })
  }
  const score = engagementScore({
    ...submission.value,
    hasImage: Boolean(image || imageUrl),
    tags: submission.value.tags.join(','),
  }).score
  if (score < PUBLISH_MIN_SCORE) {
    return fail(
      `Votre publication atteint ${score} points d’engagement sur 100 : il en faut au moins ${PUBLISH_MIN_SCORE} pour publier.`,
      400,
    )
  }

  const postLimits = [
    { key: `post:${current.user.id}`, rule: RATE_LIMITS.postPerMemberBurst },
    { key: `post-day:${current.user.id}`, rule: RATE_LIMITS.postPerMemberDay },
  ]
  // An image sent with the form (without scripts; the composer uploads it first otherwise) is
  // decoded here, so it takes one of the images' allowance, as an upload does.
  const imageLimits = image
    ? [{ key: `image-upload:account:${current.user.id}`, rule: RATE_LIMITS.imageUploadPerMember }]
    : []
  const limit = await hitRateLimits([...postLimits, ...imageLimits])
  if (!limit.allowed) {
    const { retryAfterSeconds } = limit
    return fail(tooManyAttemptsMessage(retryAfterSeconds), 429, { retryAfterSeconds })
  }
  // Refused from here on, nothing is published: the attempt is given back, so that another
  // image, chosen at once, is not told to wait 10 seconds (the image decoded stays counted).
  const refuse = async (...args: Parameters<typeof fail>) => {
    await giveBackAttempt(postLimits, limit.countedAt).catch((error: unknown) => {
      logger.error({ err: error }, 'publish attempt not given back')
    })
    return fail(...args)
  }

  let storedUrl = imageUrl ?? null
  let storedKey: string | null = null
  try {
    if (image) {
      const stored = await storeUploadedImage(image, { folder: 'posts' })
      storedUrl = stored.url
      storedKey = stored.key
    }
  } catch (error) {
    if (error instanceof ImageUploadError) {
      return refuse(`${IMAGE_UPLOAD_FAILED_MESSAGE} ${error.message}`, error.status, {
        field: 'image',
      })
    }
    logger.error({ err: error }, 'post image upload failed')
    return refuse(IMAGE_UPLOAD_FAILED_MESSAGE, 500, { field: 'image' })
  }

  try {
    const values = formValues(formData)
    delete values.image
    const created = await createPost({
      userId: current.user.id,
      post: values,
      imageUrl: storedUrl,
      uploadKey: image ? null : uploadKey,
    })
    notePublicChange(context, { listing: true })
    await flashToast(context, { type: 'success', message: POST_CREATED_MESSAGE })
    return redirect(created.url)
  } catch (error) {
    // The image stored for this request has no post: it is removed.
    if (storedKey) await removeStoredFiles([storedKey], 'image of a post not published')
    if (error instanceof HttpError) {
      const field = error.message === IMAGE_UNAVAILABLE_MESSAGE ? 'image' : undefined
      return refuse(error.message, error.status, { field })
    }
    logger.error({ err: error }, 'post creation failed')
    return refuse(CREATE_FAILED_MESSAGE, 500)
  }
}

/** The composer stays as typed when the connection fails, the draft kept (ADR 052). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keptOffline(request, serverAction, (): ComposerActionData => ({
    formError: CONNECTION_FAILED_MESSAGE,
  }))
}
export const shouldRevalidate = skipRevalidationOffline

export default function Screen({ loaderData, actionData }: Route.ComponentProps) {
  return <PostComposer draftKey={loaderData.draftKey} actionData={actionData} />
}
