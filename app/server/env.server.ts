import fs from 'node:fs'
import { z } from 'zod'

// Validation messages in French, for the environment and for every form.
z.config(z.locales.fr())

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'doit être une URL postgres://…' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO_CONTENT: z.enum(['auto', 'always', 'never']).default('auto'),
  // Signs session cookies and tokens. Required in production; a fixed development value otherwise.
  BETTER_AUTH_SECRET: z.string().min(32, 'doit contenir au moins 32 caractères').optional(),
  // smtp://user:pass@host:587 or smtps://…; without it, mails are written to DATA_DIR/mail.
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'doit être une URL smtp:// ou smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tremplin <ne-pas-repondre@tremplin.local>'),
  // Behind a reverse proxy, trust X-Forwarded-For for the client address (rate limits).
  TRUST_PROXY: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Env = z.infer<typeof EnvSchema> & { BETTER_AUTH_SECRET: string }

const DEVELOPMENT_SECRET = 'tremplin-development-secret-do-not-use-in-production'

/** Parses an environment, failing with one French line per invalid variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // An empty value in .env means "not set", as people write it.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = EnvSchema.safeParse(cleaned)
  if (result.success) {
    const env = result.data
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET && !isLocal(env.PUBLIC_URL)) {
      throw new Error(
        "Configuration invalide (variables d'environnement) :\n  - BETTER_AUTH_SECRET: obligatoire en production (32 caractères au moins, par exemple `openssl rand -base64 32`)",
      )
    }
    return { ...env, BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET ?? DEVELOPMENT_SECRET }
  }
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Configuration invalide (variables d'environnement) :\n${lines.join('\n')}`)
}

function isLocal(url: string): boolean {
  const { hostname } = new URL(url)
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]'
}

let cached: Env | undefined

/** The validated environment of this process, after reading ./.env if there is one. */
export function getEnv(): Env {
  if (!cached) {
    // Variables already set win over the file, as with `node --env-file`.
    if (process.env.NODE_ENV !== 'test' && fs.existsSync('.env')) process.loadEnvFile('.env')
    cached = parseEnv(process.env)
  }
  return cached
}
