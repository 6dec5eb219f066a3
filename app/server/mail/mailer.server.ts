import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { runAfterAnswer } from '../after-answer.server'
import { getEnv } from '../env.server'
import { logger } from '../logger.server'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it, messages are written as .eml files to mailDir. */
  smtpUrl?: string
  from: string
  mailDir: string
}

const SEND_FAILED = "L'envoi de l'email a échoué."

/** Creates a mailer: SMTP when a URL is given, otherwise .eml files for local development. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createFileMailer(options.from, options.mailDir)
}

function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    // Nodemailer waits minutes by default; a sign-up request should not.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, ...message })
      } catch (cause) {
        throw failure(cause, message)
      }
    },
    close() {
      transport.close()
    },
  }
}

function createFileMailer(from: string, mailDir: string): Mailer {
  // Windows line endings: the file is a real RFC 822 message any mail client opens.
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  })
  return {
    async send(message) {
      const file = path.resolve(mailDir, fileName(message.to))
      try {
        const info = await transport.sendMail({ from, ...message })
        await fs.mkdir(mailDir, { recursive: true })
        await fs.writeFile(file, info.message, { flag: 'wx' })
      } catch (cause) {
        throw failure(cause, message)
      }
      const { to, subject } = message
      // The link is what a newcomer needs to confirm an account without a mail server.
      logger.info({ to, subject, link: firstLink(message.text), file }, 'mail written')
    },
    close() {
      transport.close()
    },
  }
}

/** Logs a failed delivery without the body (it holds tokens) and wraps it for the caller. */
function failure(cause: unknown, { to, subject }: MailMessage): Error {
  logger.error({ err: cause, to, subject }, 'mail not sent')
  return new Error(SEND_FAILED, { cause })
}

// 2026-11-22T03-20-00-123Z-ab12cd-camille-example-fr.eml: sorts by time, never collides.
function fileName(to: string): string {
  const timestamp = new Date().toISOString().replaceAll(/[:.]/g, '-')
  const random = randomBytes(3).toString('hex')
  const slug =
    to
      .toLowerCase()
      .normalize('NFKD')
      .replaceAll(/[^a-z0-9]+/g, '-')
      .replaceAll(/^-+|-+$/g, '')
      .slice(0, 64) || 'destinataire'
  return `${timestamp}-${random}-${slug}.eml`
}

function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0]
}

const globalForMailer = globalThis as { __tremplinMailer?: Mailer }

function getMailer(): Mailer {
  if (!globalForMailer.__tremplinMailer) {
    const env = getEnv()
    globalForMailer.__tremplinMailer = createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      mailDir: path.join(env.DATA_DIR, 'mail'),
    })
  }
  return globalForMailer.__tremplinMailer
}

/** Sends a message through the process-wide mailer (SMTP_URL, or .eml files in DATA_DIR/mail). */
export async function sendMail(message: MailMessage): Promise<void> {
  await getMailer().send(message)
}

/**
 * Sends a message after the answer (ADR 058): a slow relay does not hold the member's request,
 * nor does a failing one turn what was done into an error; the failure is logged.
 */
export function mailAfterAnswer(message: MailMessage, about: Record<string, unknown> = {}): void {
  runAfterAnswer(
    sendMail(message).catch((error: unknown) => {
      logger.warn({ err: error, subject: message.subject, ...about }, 'mail not sent')
    }),
  )
}

/** Replaces the process-wide mailer (tests deliver to a loopback SMTP server). */
export function useMailer(mailer: Mailer): void {
  globalForMailer.__tremplinMailer?.close()
  globalForMailer.__tremplinMailer = mailer
}

/** Closes the SMTP pool, for a graceful shutdown; the next sendMail opens a new one. */
export function closeMailer(): void {
  globalForMailer.__tremplinMailer?.close()
  globalForMailer.__tremplinMailer = undefined
}
