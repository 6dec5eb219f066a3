import { createRequire } from 'node:module'
import pino from 'pino'
import { getEnv } from './env.server'

const globalForLogger = globalThis as { __tremplinLogger?: pino.Logger }

/**
 * An error as pino writes it, without the values a failed query was sent with (a drizzle
 * DrizzleQueryError puts them in its message and its `params`): a reset link's token, an email
 * address. The statement and the cause stay, which say what failed.
 */
export function serializeError(error: unknown): unknown {
  return withoutQueryValues(pino.stdSerializers.err(error as Error))
}

const QUERY_VALUES = /\nparams: [\s\S]*?(?=\n\s+at |$)/

function withoutQueryValues(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const { params: _params, ...rest } = value as Record<string, unknown>
  for (const key of ['message', 'stack'] as const) {
    if (typeof rest[key] === 'string')
      rest[key] = rest[key].replace(QUERY_VALUES, '\nparams: [retirés]')
  }
  if ('cause' in rest) rest.cause = withoutQueryValues(rest.cause)
  return rest
}

function createLogger(): pino.Logger {
  const env = getEnv()
  const options = {
    level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
    serializers: { err: serializeError },
  }
  if (env.NODE_ENV !== 'development') return pino(options)
  // In the same thread: a pino transport (worker) cannot resolve pino-pretty inside Vite's SSR.
  const pretty = createRequire(import.meta.url)('pino-pretty') as (
    options: object,
  ) => pino.DestinationStream
  return pino(options, pretty({ colorize: true }))
}

/** The process-wide logger: JSON in production, pretty in development. */
export const logger: pino.Logger = (globalForLogger.__tremplinLogger ??= createLogger())
