// The sign-in page's loader: the page a member comes back to after signing in.
import { describe, expect, it } from 'vitest'
import { REDIRECT_TO_MAX_LENGTH } from '../../app/features/auth/auth.schema'
import { callRoute } from '../setup/route-harness'

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
