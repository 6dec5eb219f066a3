import pino from 'pino'
import { getEnv } from './env.server'

const globalForLogger = globalThis as { __tremplinLogger?: pino.Logger }

function createLogger(): pino.Logger {
  const env = getEnv()
  const pretty = env.NODE_ENV === 'development'
  return pino({
    level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true } } } : {}),
  })
}

/** The process-wide logger: JSON in production, pretty in development. */
export const logger: pino.Logger = (globalForLogger.__tremplinLogger ??= createLogger())
