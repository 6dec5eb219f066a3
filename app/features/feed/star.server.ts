import { HttpError } from '~/server/errors.server'
import { hitRateLimit, RATE_LIMITS, tooManyAttemptsMessage } from '~/server/rate-limit.server'
import { parseForm } from '~/utils/parse-form'
import { FavoriteSchema } from './favorite.schema'
import { setFavoriteCommunity } from './feed.server'

/** What a star answers, to a script (as JSON) or to a plain form (as a toast). */
export interface StarOutcome {
  status: number
  message: string
  type: 'success' | 'error'
  /** The community's state once starred or unstarred. */
  favorite?: boolean
  /** Past the limit: seconds until the next window (the answer's Retry-After). */
  retryAfterSeconds?: number
}

/** Stars or unstars a community for the member, from the sidebar's form (spec §2 'Feed'). */
export async function starCommunity(userId: string, formData: FormData): Promise<StarOutcome> {
  const submission = parseForm(formData, { schema: FavoriteSchema })
  if (submission.status !== 'success') {
    // A name that cannot be a community's: none to look up.
    const fields = Object.keys(submission.error ?? {})
    return fields.length > 0 && fields.every((field) => field === 'name')
      ? { status: 404, message: 'Communauté introuvable.', type: 'error' }
      : { status: 400, message: 'Requête invalide.', type: 'error' }
  }
  const limit = await hitRateLimit(`favorite:${userId}`, RATE_LIMITS.favoritePerMember)
  if (!limit.allowed) {
    const { retryAfterSeconds } = limit
    return {
      status: 429,
      message: tooManyAttemptsMessage(retryAfterSeconds),
      type: 'error',
      retryAfterSeconds,
    }
  }
  const { itemType, name, favorite } = submission.value
  let result: Awaited<ReturnType<typeof setFavoriteCommunity>>
  try {
    result = await setFavoriteCommunity({ userId, itemType, name, favorite })
  } catch (error) {
    // The member's account deleted meanwhile (from another tab).
    if (error instanceof HttpError)
      return { status: error.status, message: error.message, type: 'error' }
    throw error
  }
  if (!result) return { status: 404, message: 'Communauté introuvable.', type: 'error' }
  return {
    status: 200,
    message: result.favorite ? 'Ajouté aux favoris' : 'Retiré des favoris',
    type: 'success',
    favorite: result.favorite,
  }
}
