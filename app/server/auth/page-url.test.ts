import { describe, expect, it } from 'vitest'
import { pageUrlOf } from './session.server'

describe('pageUrlOf', () => {
  it("gives a data request's page, so that signing in leads back to the page", () => {
    const page = (url: string) => {
      const { pathname, search } = pageUrlOf(new Request(url))
      return pathname + search
    }
    expect(page('http://localhost/notifications.data')).toBe('/notifications')
    expect(
      page('http://localhost/notifications.data?cursor=x&_routes=routes%2Fnotifications'),
    ).toBe('/notifications?cursor=x')
    expect(page('http://localhost/_root.data?_routes=root')).toBe('/')
    expect(page('http://localhost/profile/edit?x=1')).toBe('/profile/edit?x=1')
  })
})
