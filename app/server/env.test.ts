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

  it('asks a public production site for its secret and its mail relay, in one message', () => {
    const site = { NODE_ENV: 'production', PUBLIC_URL: 'https://tremplin.example' }
    expect(() => parseEnv(site)).toThrow(
      /BETTER_AUTH_SECRET: obligatoire en production[\s\S]*SMTP_URL: obligatoire en production[\s\S]*MAIL_FROM: obligatoire en production/,
    )
    const configured = {
      ...site,
      BETTER_AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtps://relais.example:465',
      MAIL_FROM: 'Tremplin <bonjour@tremplin.example>',
    }
    expect(parseEnv(configured).SMTP_URL).toBe('smtps://relais.example:465')
    // On one's own machine (npm start), none is needed: mails are written to files.
    expect(parseEnv({ NODE_ENV: 'production' }).SMTP_URL).toBeUndefined()
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

  it('leaves the operator’s legal details unset by default and checks the contact address', () => {
    const env = parseEnv({ LEGAL_PUBLISHER_NAME: '', LEGAL_DIRECTOR: 'Hélène Rivière' })
    expect(env.LEGAL_PUBLISHER_NAME).toBeUndefined()
    expect(env.LEGAL_DIRECTOR).toBe('Hélène Rivière')
    expect(() => parseEnv({ LEGAL_CONTACT_EMAIL: 'contact-at-tremplin' })).toThrow(
      /LEGAL_CONTACT_EMAIL: doit être une adresse email/,
    )
  })

  it('keeps visitors’ pages 5 seconds by default, 0 to 300 when set', () => {
    expect(parseEnv({}).VISITOR_PAGE_SECONDS).toBe(5)
    expect(parseEnv({ VISITOR_PAGE_SECONDS: '0' }).VISITOR_PAGE_SECONDS).toBe(0)
    expect(() => parseEnv({ VISITOR_PAGE_SECONDS: '-1' })).toThrow(/VISITOR_PAGE_SECONDS: /)
    expect(() => parseEnv({ VISITOR_PAGE_SECONDS: '3600' })).toThrow(/VISITOR_PAGE_SECONDS: /)
  })
})
