import { describe, expect, it } from 'vitest'
import { retryAfterHeader, tooManyAttemptsMessage } from './rate-limit.server'

describe('tooManyAttemptsMessage', () => {
  it.each([
    [1, 'Trop de tentatives. Réessayez dans 1 seconde.'],
    [42, 'Trop de tentatives. Réessayez dans 42 secondes.'],
    [60, 'Trop de tentatives. Réessayez dans 1 minute.'],
    [61, 'Trop de tentatives. Réessayez dans 2 minutes.'],
    [3600, 'Trop de tentatives. Réessayez dans 60 minutes.'],
    [3661, 'Trop de tentatives. Réessayez dans 62 minutes.'],
    [7200, 'Trop de tentatives. Réessayez dans 120 minutes.'],
    // The day's posts: hours, not « 1437 minutes ».
    [7201, 'Trop de tentatives. Réessayez dans 3 heures.'],
    [86_220, 'Trop de tentatives. Réessayez dans 24 heures.'],
  ])('%i s → %s', (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message)
  })
})

describe('retryAfterHeader', () => {
  it('tells the wait in whole seconds', () => {
    expect(retryAfterHeader(42)).toEqual({ 'Retry-After': '42' })
  })

  it('adds nothing when there is no wait', () => {
    expect(retryAfterHeader(undefined)).toEqual({})
    expect(retryAfterHeader(0)).toEqual({})
  })
})
