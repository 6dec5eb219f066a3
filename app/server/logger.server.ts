import { createRequire } from 'node:module'
import pino from 'pino'
import { getEnv } from './env.server'

const globalForLogger = globalThis as { __tremplinLogger?: pino.Logger }

function createLogger(): pino.Logger {
  const env = getEnv()
  const options = { level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL }
  if (env.NODE_ENV !== 'development') return pino(options)
  // In the same thread: a pino transport (worker) cannot resolve pino-pretty inside Vite's SSR.
  const pretty = createRequire(import.meta.url)('pino-pretty') as (
    options: object,
  ) => pino.DestinationStream
  return pino(options, pretty({ colorize: true }))
}

/** The process-wide logger: JSON in production, pretty in development. */
export const logger: pino.Logger = (globalForLogger.__tremplinLogger ??= createLogger())
