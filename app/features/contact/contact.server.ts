import { z } from 'zod'
import { db } from '~/server/db/db.server'
import { refusedBy, SQLSTATE } from '~/server/db/errors.server'
import { contactMessages } from '~/server/db/schema'
import { logger } from '~/server/logger.server'
import { hitRateLimit, RATE_LIMITS, tooManyAttemptsMessage } from '~/server/rate-limit.server'
import { ContactSchema } from './contact.schema'

export type SendContactMessageResult =
  | { ok: true; id: string }
  | { ok: false; status: 400; fieldErrors: Record<string, string[]> }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }

/**
 * Stores a message from /contact so that none is lost: checked with the form's own schema, then
 * counted against the sender's address (a flood is refused with a 429 before anything is written).
 */
export async function sendContactMessage(input: {
  name: string
  email: string
  subject: string
  message: string
  /** The signed-in member who writes, if any. */
  userId?: string | null
  /** The client's address, as server.ts determined it. */
  ip: string
}): Promise<SendContactMessageResult> {
  const parsed = ContactSchema.safeParse(input)
  if (!parsed.success) {
    return { ok: false, status: 400, fieldErrors: z.flattenError(parsed.error).fieldErrors }
  }
  const limit = await hitRateLimit(`contact:ip:${input.ip}`, RATE_LIMITS.contactPerIp)
  if (!limit.allowed) {
    const { retryAfterSeconds } = limit
    return {
      ok: false,
      status: 429,
      message: tooManyAttemptsMessage(retryAfterSeconds),
      retryAfterSeconds,
    }
  }
  const store = (userId: string | null) =>
    db
      .insert(contactMessages)
      .values({ ...parsed.data, userId })
      .returning({ id: contactMessages.id })
  const [row] = await store(input.userId ?? null).catch((error: unknown) => {
    // The member's account deleted since the request read their session: the message is kept,
    // as a visitor's would be (the deletion would have set its user_id to null anyway).
    if (refusedBy(error, SQLSTATE.foreignKeyViolation, 'contact_messages_user_id_users_id_fk')) {
      return store(null)
    }
    throw error
  })
  logger.info({ contactMessageId: row!.id }, 'contact message stored')
  return { ok: true, id: row!.id }
}
