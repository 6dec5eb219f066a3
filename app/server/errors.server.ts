import { data } from 'react-router'

/** An expected failure with its HTTP status and a French message for the person. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const notFound = (message: string) => new HttpError(404, message)
export const forbidden = (message = 'Accès non autorisé') => new HttpError(403, message)

export const INVALID_REQUEST_MESSAGE = 'Requête invalide.'
export const SESSION_EXPIRED_MESSAGE = 'Votre session a expiré : reconnectez-vous.'

/**
 * The form a request carries. A body that is none (a script's text, a broken multipart) is
 * refused with 400 « Requête invalide. », not left to fail as a 500: for a page, as its error
 * page says it; for a route that answers scripts (`'json'`), as `{ error }`, since React Router
 * answers a resource route's thrown `data()` with its own English message.
 */
export async function requestForm(
  request: Request,
  answer: 'page' | 'json' = 'page',
): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw answer === 'json'
      ? Response.json({ error: INVALID_REQUEST_MESSAGE }, { status: 400 })
      : data(INVALID_REQUEST_MESSAGE, { status: 400 })
  }
}

/** Turns an HttpError into React Router's `data` response; anything else is rethrown. */
export function httpErrorData(error: unknown) {
  if (error instanceof HttpError) return data({ error: error.message }, { status: error.status })
  throw error
}
