import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { twoFactor } from 'better-auth/plugins'
import { db } from '../db/db.server'
import { accounts, authRateLimits, sessions, twoFactors, users, verifications } from '../db/schema'
import { absoluteUrl, getEnv } from '../env.server'
import { logger } from '../logger.server'
import { runAfterAnswer } from '../after-answer.server'
import { mailAfterAnswer, sendMail } from '../mail/mailer.server'
import {
  accountExistsMail,
  passwordChangedMail,
  resetPasswordMail,
  unconfirmedAccountMail,
  verifyEmailMail,
} from '../mail/templates'
import { FORGOT_PASSWORD_PATH } from '~/features/auth/auth-paths'
import { SignUpNamesSchema } from '~/features/auth/auth.schema'
import { CLIENT_IP_HEADER } from './client-ip.server'
import { claimTotpCode } from './totp-replay.server'
import { forgetTokensOfOldPassword } from './issued-tokens.server'
import {
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON_MESSAGE,
} from './password-policy.server'

const DAY = 24 * 60 * 60

/** Paths whose body carries a new password (Better Auth's own endpoints). */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** The member a TOTP code is presented for: signed in (enrolment) or halfway (sign-in). */
async function twoFactorUserId(context: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(context)
  if (session) return session.user.id
  const cookie = context.context.createAuthCookie('two_factor')
  const identifier = await context.getSignedCookie(cookie.name, context.context.secret)
  if (!identifier) return null
  const verification = await context.context.internalAdapter.findVerificationValue(identifier)
  return verification?.value ?? null
}

/** The longest `name` our own sign-up gives Better Auth: an address's local part at most. */
const ACCOUNT_NAME_MAX_LENGTH = 254

/**
 * A sign-up sent to Better Auth's own endpoint, rather than through /auth, meets the same name
 * rules as the form (its email and password rules are Better Auth's own, the same as ours), and
 * the names are kept as the form keeps them (trimmed).
 */
function checkedNames(context: HookContext) {
  const body = (context.body ?? {}) as Record<string, unknown>
  const names = SignUpNamesSchema.safeParse({ firstName: body.firstName, lastName: body.lastName })
  if (!names.success) {
    const message = names.error.issues[0]?.message ?? 'Ce champ est invalide.'
    throw new APIError('BAD_REQUEST', { message, code: 'INVALID_NAME' })
  }
  if (typeof body.name === 'string' && body.name.length > ACCOUNT_NAME_MAX_LENGTH) {
    throw new APIError('BAD_REQUEST', {
      message: `Ce champ contient au plus ${ACCOUNT_NAME_MAX_LENGTH} caractères.`,
      code: 'INVALID_NAME',
    })
  }
  return { context: { body: { ...body, ...names.data } } }
}

async function refuseReplayedCode(context: HookContext): Promise<void> {
  const code = (context.body as { code?: unknown } | undefined)?.code
  if (typeof code !== 'string') return
  const userId = await twoFactorUserId(context)
  if (userId && !(await claimTotpCode(userId, code.trim()))) {
    throw new APIError('UNAUTHORIZED', { message: 'Invalid code', code: 'INVALID_CODE' })
  }
}

function createAuth() {
  const env = getEnv()
  const publicUrl = new URL(env.PUBLIC_URL)

  return betterAuth({
    appName: 'Tremplin',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [publicUrl.origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: authRateLimits,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, defaultValue: '', input: true },
        lastName: { type: 'string', required: false, defaultValue: '', input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      // No session before the address is confirmed; sign-up never says whether it existed.
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendMail({ to: user.email, ...resetPasswordMail({ url }) })
      },
      // Better Auth waits for this one: after the answer, so that a failing relay does not
      // tell a member whose password was changed that the reset failed.
      onPasswordReset: async ({ user }) => {
        await forgetTokensOfOldPassword(user.id)
        // The link came to the mailbox: as good a proof of it as the confirmation link.
        if (!user.emailVerified) {
          await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
        }
        mailAfterAnswer({
          to: user.email,
          ...passwordChangedMail({ settingsUrl: absoluteUrl('/settings') }),
        })
      },
      onExistingUserSignUp: async ({ user }) => {
        const resetUrl = absoluteUrl(FORGOT_PASSWORD_PATH)
        if (user.emailVerified) {
          await sendMail({
            to: user.email,
            ...accountExistsMail({ signInUrl: absoluteUrl('/auth'), resetUrl }),
          })
          return
        }
        // Begun and never confirmed, perhaps by someone else: no confirmation link, which
        // would activate their password; the way to one of the owner's own (ADR 062).
        await sendMail({ to: user.email, ...unconfirmedAccountMail({ resetUrl }) })
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: DAY,
      // After the answer: Better Auth's resend endpoint awaits this callback itself (its sign-up
      // goes through backgroundTasks), and a resend must not wait for the relay (ADR 058).
      sendVerificationEmail: async ({ user, url }) => {
        const firstName = (user as { firstName?: string }).firstName
        mailAfterAnswer({ to: user.email, ...verifyEmailMail({ firstName, url }) })
      },
    },
    session: {
      expiresIn: 30 * DAY,
      // Extended while used: a session seen after a day gets 30 more days.
      updateAge: DAY,
    },
    rateLimit: {
      enabled: env.NODE_ENV !== 'test',
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60 * 60, max: 5 },
        '/request-password-reset': { window: 15 * 60, max: 3 },
        '/send-verification-email': { window: 15 * 60, max: 3 },
        '/two-factor/verify-totp': { window: 10, max: 3 },
        '/two-factor/verify-backup-code': { window: 10, max: 3 },
      },
    },
    advanced: {
      cookiePrefix: 'tremplin',
      useSecureCookies: publicUrl.protocol === 'https:',
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
      // Account mails go out after the answer (ADR 058): the SMTP relay's time must not tell
      // whether an address has an account.
      backgroundTasks: { handler: runAfterAnswer },
    },
    hooks: {
      before: createAuthMiddleware(async (context) => {
        if (context.path === '/two-factor/verify-totp') await refuseReplayedCode(context)
        const field = NEW_PASSWORD_FIELDS[context.path]
        const password = field
          ? (context.body as Record<string, unknown> | undefined)?.[field]
          : null
        if (typeof password === 'string' && isCommonPassword(password)) {
          throw new APIError('BAD_REQUEST', {
            message: PASSWORD_TOO_COMMON_MESSAGE,
            code: 'PASSWORD_TOO_COMMON',
          })
        }
        if (context.path === '/sign-up/email') return checkedNames(context)
      }),
    },
    plugins: [
      twoFactor({
        issuer: 'Tremplin',
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
    logger: {
      log: (level, message, ...args) => {
        const log = level === 'error' ? logger.error : level === 'warn' ? logger.warn : logger.debug
        log.call(logger, { args }, `better-auth: ${message}`)
      },
    },
    telemetry: { enabled: false },
  })
}

export type Auth = ReturnType<typeof createAuth>

const state = globalThis as { __tremplinAuth?: Auth }

/** The process-wide Better Auth instance (built on first use, after the env is read). */
export function getAuth(): Auth {
  state.__tremplinAuth ??= createAuth()
  return state.__tremplinAuth
}
