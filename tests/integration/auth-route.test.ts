// The sign-in page's loader: the page a member comes back to after signing in.
import { describe, expect, it } from 'vitest'
import { REDIRECT_TO_MAX_LENGTH } from '../../app/features/auth/auth.schema'
import { PASSWORD_TOO_COMMON_MESSAGE } from '../../app/server/auth/password-policy.server'
import { db } from '../../app/server/db/db.server'
import { createProfile } from '../factories'
import { sessionCookie } from '../setup/session-cookie'
import { callRoute, form } from '../setup/route-harness'

const comeBackTo = async (redirectTo: string) => {
  const answer = await callRoute({ url: `/auth?redirectTo=${encodeURIComponent(redirectTo)}` })
  expect(answer.status).toBe(200)
  return (JSON.parse(answer.text) as { redirectTo: string }).redirectTo
}

describe('/auth?redirectTo=…', () => {
  it('keeps the page to come back to, and drops one longer than the forms accept', async () => {
    expect(await comeBackTo('/feed?category=rh')).toBe('/feed?category=rh')
    const longest = `/feed?q=${'a'.repeat(REDIRECT_TO_MAX_LENGTH - '/feed?q='.length)}`
    expect(await comeBackTo(longest)).toBe(longest)
    // Kept, it would refuse the sign-in on its hidden field, with no message anywhere.
    expect(await comeBackTo(`${longest}a`)).toBe('')
  })
})

describe('POST /auth refused by the form’s rules', () => {
  it('never writes the password back into the page', async () => {
    const password = 'Secret-Lyon-2026'
    const forms: Record<string, string>[] = [
      { intent: 'signup', email: 'jean@exemple', password, firstName: 'Jean', lastName: 'Roy' },
      { intent: 'signin', email: 'jean@exemple', password },
    ]
    for (const fields of forms) {
      const answer = await callRoute({ url: '/auth', body: form(fields) })
      expect(answer.status).toBe(400)
      // The address typed comes back to be corrected; the password does not.
      expect(answer.text).toContain('jean@exemple')
      expect(answer.text).not.toContain(password)
    }
  })
})

describe('a new password among the most common', () => {
  /** The form's field errors and its own errors, as Conform's reply carries them. */
  const errorsOf = (text: string) =>
    (JSON.parse(text) as { result: { error: Record<string, string[] | null> } }).result.error

  it('is the error of the new password’s field, on reset and on change', async () => {
    const reset = await callRoute({
      url: '/auth?type=recovery',
      body: form({
        intent: 'reset-password',
        token: 'lien-quelconque',
        password: 'password',
        confirmPassword: 'password',
      }),
    })
    expect(reset.status).toBe(400)
    expect(errorsOf(reset.text)).toEqual({ password: [PASSWORD_TOO_COMMON_MESSAGE] })

    const member = await createProfile(db)
    const change = await callRoute({
      url: '/settings',
      cookie: await sessionCookie(member.userId),
      body: form({
        intent: 'change-password',
        currentPassword: 'Ancien-Mot-2026',
        newPassword: 'password',
        confirmPassword: 'password',
      }),
    })
    expect(change.status).toBe(400)
    expect(errorsOf(change.text)).toEqual({ newPassword: [PASSWORD_TOO_COMMON_MESSAGE] })
  })
})
