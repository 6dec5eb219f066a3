import { describe, expect, it } from 'vitest'
import { db } from './db/db.server'
import { rateLimits } from './db/schema'
import { countsOf } from '../../tests/setup/rate-counts'
import { giveBackAttempt, hitRateLimits, type RateLimitCheck } from './rate-limit.server'

const burst: RateLimitCheck = { key: 'essai:rafale', rule: { limit: 1, windowMs: 10_000 } }
const day: RateLimitCheck = { key: 'essai:jour', rule: { limit: 50, windowMs: 86_400_000 } }

describe('giveBackAttempt', () => {
  it('takes back what hitRateLimits counted, so the next attempt is allowed at once', async () => {
    const first = await hitRateLimits([burst, day])
    expect(first.allowed).toBe(true)
    await giveBackAttempt([burst, day], first.countedAt)
    expect(await countsOf(burst.key)).toEqual([0])
    expect(await countsOf(day.key)).toEqual([0])
    expect((await hitRateLimits([burst, day])).allowed).toBe(true)
  })

  it('takes back only the checks named, in the window counted', async () => {
    const first = await hitRateLimits([burst, day])
    // The same key's count in a window long before: not the attempt given back.
    await db.insert(rateLimits).values({ key: burst.key, windowStart: new Date(0), count: 4 })
    await giveBackAttempt([burst], first.countedAt)
    expect((await countsOf(burst.key)).toSorted()).toEqual([0, 4])
    expect(await countsOf(day.key)).toEqual([1])
  })

  it('never counts below zero when given back twice', async () => {
    const first = await hitRateLimits([burst])
    await giveBackAttempt([burst], first.countedAt)
    await giveBackAttempt([burst], first.countedAt)
    expect(await countsOf(burst.key)).toEqual([0])
  })
})
