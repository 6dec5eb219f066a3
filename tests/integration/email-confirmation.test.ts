// A confirmation link confirms nothing by being opened: mail scanners (Safe Links and the like)
// open every link of a mail they let in, which would confirm an account a stranger created with
// someone else's address. The link leads to a page whose button confirms (ADR 062).
import { createEmailVerificationToken } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '../../app/server/db/db.server'
import { users } from '../../app/server/db/schema'
import { getEnv } from '../../app/server/env.server'
import { createProfile } from '../factories'
import { whileDatabaseRefuses } from '../setup/refused-statements'
import { callRoute, form } from '../setup/route-harness'

async function unconfirmedMember() {
  const member = await createProfile(db)
  const [user] = await db
    .update(users)
    .set({ emailVerified: false })
    .where(eq(users.id, member.userId))
    .returning({ id: users.id, email: users.email })
  const token = await createEmailVerificationToken(
    getEnv().BETTER_AUTH_SECRET,
    user!.email,
    undefined,
    3600,
    { userId: user!.id },
  )
  return { userId: user!.id, token }
}

async function confirmed(userId: string): Promise<boolean> {
  const [user] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
  return user!.emailVerified
}

describe('the confirmation link', () => {
  it('opened, leads to the confirmation page without confirming anything', async () => {
    const { userId, token } = await unconfirmedMember()
    const opened = await callRoute({
      url: `/api/auth/verify-email?token=${token}&callbackURL=%2F`,
    })
    expect(opened.status).toBe(302)
    expect(opened.location).toBe(`/auth?type=confirmation&token=${token}`)
    expect(await confirmed(userId)).toBe(false)

    const page = await callRoute({ url: opened.location! })
    expect(page.status).toBe(200)
    expect(JSON.parse(page.text)).toMatchObject({ confirmation: true, token })
    expect(await confirmed(userId)).toBe(false)
  })

  it('confirms the address with the page’s button, then says so on the landing page', async () => {
    const { userId, token } = await unconfirmedMember()
    const answer = await callRoute({ url: '/auth', body: form({ intent: 'confirm-email', token }) })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/?confirmation=ok')
    expect(await confirmed(userId)).toBe(true)
  })

  it('keeps its page, with a French error, when the confirmation fails for another reason', async () => {
    const { userId, token } = await unconfirmedMember()
    // The database refusing the update, the link itself being fine.
    await whileDatabaseRefuses('update', 'users', async () => {
      const answer = await callRoute({
        url: '/auth',
        body: form({ intent: 'confirm-email', token }),
      })
      expect(answer.status).toBe(500)
      expect(JSON.parse(answer.text)).toMatchObject({
        intent: 'confirm-email',
        message: expect.stringMatching(/^Une erreur/),
      })
    })
    expect(await confirmed(userId)).toBe(false)
  })

  it('sends a link gone bad to the landing page’s message', async () => {
    const answer = await callRoute({
      url: '/auth',
      body: form({ intent: 'confirm-email', token: 'abime' }),
    })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/?error=INVALID_TOKEN')
  })
})
