/**
 * What PostgreSQL said about a refused statement: its SQLSTATE code and the constraint named,
 * from the driver's error or from Drizzle's, which wraps it as its cause.
 */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  if (typeof error !== 'object' || error === null) return {}
  const { code, constraint } = ((error as { cause?: unknown }).cause ?? error) as {
    code?: unknown
    constraint?: unknown
  }
  return {
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  }
}

/** SQLSTATE codes the app answers to. */
export const SQLSTATE = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  deadlock: '40P01',
} as const
