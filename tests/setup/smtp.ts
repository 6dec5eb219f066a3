// A real SMTP server on the loopback interface that keeps every message it receives, so tests
// exercise the same delivery path as production. Runs under vitest and directly on Node 24
// (tests/setup/smtp-capture-server.ts), so it imports nothing from the app.
import type { AddressInfo } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  /** Envelope recipients, lower-cased. */
  to: string[]
  /** The From header, e.g. `Tremplin <ne-pas-repondre@tremplin.local>`. */
  from: string
  subject: string
  text: string
  html: string
  /** The message as received, headers included. */
  raw: string
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, to use as SMTP_URL. */
  url: string
  port: number
  messages: CapturedMail[]
  /** The newest message to `to` (and matching `subject`) not returned before; polls until timeoutMs. */
  waitForMail(to: string, options?: { subject?: RegExp; timeoutMs?: number }): Promise<CapturedMail>
  clear(): void
  /**
   * Holds every message from now on at the end of its DATA, unanswered, as a slow relay would,
   * until `release()`: `waiting` counts the messages held.
   */
  hold(): { readonly waiting: number; release(): void }
  close(): Promise<void>
}

const POLL_INTERVAL_MS = 50

/** Starts a capturing SMTP server on 127.0.0.1 (a random port unless one is given). */
export async function startSmtpCapture(options: { port?: number } = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = []
  const returned = new WeakSet<CapturedMail>()
  let held: (() => void)[] | null = null

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Pooled clients keep idle connections open: do not let them delay close().
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        const deliver = () =>
          simpleParser(raw).then(
            (parsed) => {
              messages.push({
                to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
                from: addressText(parsed.from),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: parsed.html || '',
                raw: raw.toString('utf8'),
              })
              callback()
            },
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          )
        if (held) held.push(deliver)
        else void deliver()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo

  async function waitForMail(
    to: string,
    { subject, timeoutMs = 5000 }: { subject?: RegExp; timeoutMs?: number } = {},
  ): Promise<CapturedMail> {
    const address = to.toLowerCase()
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = messages.findLast(
        (candidate) =>
          !returned.has(candidate) &&
          candidate.to.includes(address) &&
          (!subject || subject.test(candidate.subject)),
      )
      if (mail) {
        returned.add(mail)
        return mail
      }
      if (Date.now() >= deadline) {
        const received = messages.map((other) => `${other.to.join(', ')}: ${other.subject}`)
        throw new Error(
          `No mail to ${to}${subject ? ` with a subject matching ${subject}` : ''} within ${timeoutMs} ms. ` +
            `Received: ${received.length ? received.join(' | ') : 'nothing'}.`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMail,
    clear() {
      messages.length = 0
    },
    hold() {
      held ??= []
      return {
        get waiting() {
          return held?.length ?? 0
        },
        release() {
          const waiting = held ?? []
          held = null
          for (const deliver of waiting) void deliver()
        },
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The http(s) links of a mail's text part, in order. */
export function linksIn(mail: Pick<CapturedMail, 'text'>): string[] {
  return mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []
}

/** The token of a reset mail's link (/api/auth/reset-password/<token>), as the reset form takes it. */
export function resetTokenIn(mail: Pick<CapturedMail, 'text'>): string {
  const link = linksIn(mail).find((href) => href.includes('/reset-password/'))
  if (!link) throw new Error('no reset link in the mail')
  return new URL(link).pathname.split('/').pop()!
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return ''
  return Array.isArray(address) ? address.map((entry) => entry.text).join(', ') : address.text
}
