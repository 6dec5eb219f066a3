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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Env = z.infer<typeof EnvSchema>

/** Parses an environment, failing with one French line per invalid variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // An empty value in .env means "not set", as people write it.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = EnvSchema.safeParse(cleaned)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Configuration invalide (variables d'environnement) :\n${lines.join('\n')}`)
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
