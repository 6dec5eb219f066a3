import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'

describe('parseEnv', () => {
  it('gives a working configuration with nothing set', () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO_CONTENT: 'auto',
    })
    expect(parseEnv({}).DATABASE_URL).toBeUndefined()
  })

  it('treats empty values as unset, as .env.example writes them', () => {
    const env = parseEnv({ DATABASE_URL: '', HOST: '' })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.HOST).toBeUndefined()
  })

  it('fails with one French line per invalid variable', () => {
    expect(() => parseEnv({ PORT: 'quatre', DATABASE_URL: 'mysql://localhost/db' })).toThrow(
      /Configuration invalide[\s\S]*PORT: Entrée invalide[\s\S]*DATABASE_URL: doit être une URL postgres/,
    )
  })
})
