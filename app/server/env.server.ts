import fs from 'node:fs'
import { z } from 'zod'

// Validation messages in French, for the environment and for every form.
z.config(z.locales.fr())

const legalText = (max: number) =>
  z.string().trim().min(1).max(max, `contient au plus ${max} caractères`).optional()

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
  // Origins (by IP address, e.g. http://10.0.0.5:8080) whose pages may be previewed although
  // private: an intranet, or the test fixture. Empty in ordinary deployments.
  LINK_PREVIEW_ALLOWED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'doit lister des origines http(s)://' })))
    .default([]),
  // How long a page a visitor asked for is sent again to other visitors (ADR 040); 0 never.
  VISITOR_PAGE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Uploaded images go to an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'doit être un nom de bucket S3 (minuscules, chiffres, . et -)',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'doit être une URL http:// ou https://' })
    .optional(),
  // 'us-east-1' is what MinIO and most S3-compatible stores accept when they have no regions.
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // The public base URL the bucket's objects are served from (the bucket's address or a CDN).
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'doit être une URL http:// ou https://' })
    .optional(),
  // The operator's identity for /mentions-legales (LCEN, art. 6) and /contact; each one unset
  // shows 'À compléter par l’exploitant' on the page.
  LEGAL_PUBLISHER_NAME: legalText(200),
  LEGAL_PUBLISHER_ADDRESS: legalText(300),
  LEGAL_PUBLISHER_REGISTRATION: legalText(300),
  LEGAL_DIRECTOR: legalText(200),
  LEGAL_HOST_NAME: legalText(200),
  LEGAL_HOST_ADDRESS: legalText(300),
  LEGAL_HOST_PHONE: legalText(40),
  LEGAL_CONTACT_EMAIL: z.email('doit être une adresse email').optional(),
  LEGAL_CONTACT_PHONE: legalText(40),
})

const S3_COMPANIONS = [
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
] as const

// S3 is all or nothing: half a configuration would silently keep images on one instance's disk.
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  if (env.S3_BUCKET) {
    for (const name of S3_COMPANIONS) {
      if (env[name]) continue
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'obligatoire quand S3_BUCKET est défini',
      })
    }
  } else if (S3_COMPANIONS.some((name) => env[name])) {
    context.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'obligatoire avec les autres variables S3_*',
    })
  }
})

export type Env = z.infer<typeof EnvSchema> & { BETTER_AUTH_SECRET: string }

const DEVELOPMENT_SECRET = 'tremplin-development-secret-do-not-use-in-production'

/** Parses an environment, failing with one French line per invalid variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // An empty value in .env means "not set", as people write it.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = CheckedEnvSchema.safeParse(cleaned)
  if (result.success) {
    const env = result.data
    // A site others reach (PUBLIC_URL not this machine) needs its own secret and a real mail
    // relay: the development secret is public, and mails written to files reach no one.
    if (env.NODE_ENV === 'production' && !isLocal(env.PUBLIC_URL)) {
      const missing = PUBLIC_SITE_NEEDS.filter(({ name }) => !cleaned[name])
      if (missing.length > 0) {
        invalid(missing.map(({ name, hint }) => `${name}: obligatoire en production (${hint})`))
      }
    }
    return { ...env, BETTER_AUTH_SECRET: env.BETTER_AUTH_SECRET ?? DEVELOPMENT_SECRET }
  }
  invalid(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
}

/** What a production site reached at a public address must set, with how. */
const PUBLIC_SITE_NEEDS = [
  {
    name: 'BETTER_AUTH_SECRET',
    hint: '32 caractères au moins, par exemple `openssl rand -base64 32`',
  },
  { name: 'SMTP_URL', hint: 'le relais qui envoie les emails, smtp:// ou smtps://' },
  {
    name: 'MAIL_FROM',
    hint: 'l’expéditeur des emails, par exemple `Tremplin <bonjour@votre-domaine.fr>`',
  },
] as const

function invalid(lines: readonly string[]): never {
  const listed = lines.map((line) => `  - ${line}`).join('\n')
  throw new Error(`Configuration invalide (variables d'environnement) :\n${listed}`)
}

function isLocal(url: string): boolean {
  const { hostname } = new URL(url)
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]'
}

let cached: Env | undefined

/** The site's public origin (PUBLIC_URL without its last slash), for canonical addresses. */
export function publicOrigin(): string {
  return getEnv().PUBLIC_URL.replace(/\/+$/, '')
}

/** A path of this site as an absolute address (PUBLIC_URL), for mails and links outside it. */
export function absoluteUrl(path: string): string {
  return new URL(path, getEnv().PUBLIC_URL).toString()
}

/** The validated environment of this process, after reading ./.env if there is one. */
export function getEnv(): Env {
  if (!cached) {
    // Variables already set win over the file, as with `node --env-file`.
    if (process.env.NODE_ENV !== 'test' && fs.existsSync('.env')) process.loadEnvFile('.env')
    cached = parseEnv(process.env)
  }
  return cached
}
