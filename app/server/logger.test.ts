import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { serializeError } from './logger.server'

describe('serializeError', () => {
  it('keeps a failed query’s statement and cause, not the values sent with it (tokens, emails)', () => {
    const cause = new Error('connection terminated')
    const error = new DrizzleQueryError(
      'select * from verifications where identifier = $1',
      ['reset-password:jeton-secret-123'],
      cause,
    )
    const logged = JSON.stringify(serializeError(error))
    expect(logged).not.toContain('jeton-secret-123')
    expect(logged).toContain('select * from verifications where identifier = $1')
    expect(logged).toContain('connection terminated')
  })

  it('leaves any other error as pino writes it', () => {
    const logged = serializeError(new Error('autre chose')) as { message: string; type: string }
    expect(logged).toMatchObject({ message: 'autre chose', type: 'Error' })
  })
})
