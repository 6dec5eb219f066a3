import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './session.server'

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query and anchor', () => {
    for (const path of [
      '/feed',
      '/feed?category=rh#post-1-title',
      '/post/chloe-girard/prix',
      '/',
    ]) {
      expect(safeRedirectPath(path)).toBe(path)
    }
  })

  it('sends anything that could lead off the site, or back to /auth, to the feed', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      '/\\\\evil.example',
      // A browser skips tabs and line breaks in a URL: each of these is //evil.example to it.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'feed',
      '',
      '/auth',
      '/auth?redirectTo=%2Fauth',
      // Dot segments resolved, each of these is //evil.example, another site to a browser.
      '/.//evil.example/x',
      '/feed/..//evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      null,
      undefined,
    ]) {
      expect({ value, path: safeRedirectPath(value) }).toEqual({ value, path: '/feed' })
    }
  })

  it('gives back what a Location header can hold: other characters percent-encoded', () => {
    expect(safeRedirectPath('/€')).toBe('/%E2%82%AC')
    expect(safeRedirectPath('/feed?q=café été#Ω')).toBe('/feed?q=caf%C3%A9%20%C3%A9t%C3%A9#%CE%A9')
    expect(() => new Headers({ Location: safeRedirectPath('/profil/Zoë') })).not.toThrow()
    // Dot segments resolved first: these are /auth, refused as it is.
    expect(safeRedirectPath('/./auth')).toBe('/feed')
    expect(safeRedirectPath('/feed/../auth?x=1')).toBe('/feed')
  })

  it('leaves encoded characters encoded: %2F%2F is a path, not a host', () => {
    expect(safeRedirectPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example')
  })
})
