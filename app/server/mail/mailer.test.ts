import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { linksIn, startSmtpCapture, type SmtpCapture } from '../../../tests/setup/smtp'
import { logger } from '../logger.server'
import { closeMailer, createMailer, sendMail, type Mailer, type MailMessage } from './mailer.server'
import { resetPasswordMail } from './templates'

// Before the imports above: the process-wide mailer reads DATA_DIR when first used.
const dataDir = await vi.hoisted(async () => {
  const { mkdtemp } = await import('node:fs/promises')
  const { tmpdir } = await import('node:os')
  const { join } = await import('node:path')
  const dir = await mkdtemp(join(tmpdir(), 'tremplin-mail-'))
  process.env.DATA_DIR = dir
  delete process.env.SMTP_URL
  return dir
})

const FROM = 'Tremplin <ne-pas-repondre@tremplin.local>'
// Long enough to be folded by quoted-printable encoding, with characters HTML must escape.
const LONG_LINK = `https://tremplin.example/auth/reset-password/${'aZ09-_'.repeat(50)}?callbackURL=%2Fauth&lang=fr`

function resetMessage(to: string): MailMessage {
  return { to, ...resetPasswordMail({ url: LONG_LINK }) }
}

afterEach(() => {
  vi.restoreAllMocks()
})

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true })
})

describe('with SMTP', () => {
  let capture: SmtpCapture
  let mailer: Mailer

  beforeAll(async () => {
    capture = await startSmtpCapture()
    mailer = createMailer({ smtpUrl: capture.url, from: FROM, mailDir: 'unused' })
  })

  afterAll(async () => {
    mailer.close()
    await capture.close()
  })

  test('delivers the text and HTML parts, accents and long links intact', async () => {
    const message = resetMessage('camille.dupre@example.fr')

    await mailer.send(message)

    const mail = await capture.waitForMail('camille.dupre@example.fr')
    expect(mail.to).toEqual(['camille.dupre@example.fr'])
    expect(mail.from).toContain('ne-pas-repondre@tremplin.local')
    expect(mail.from).toContain('Tremplin')
    expect(mail.subject).toBe('Réinitialisez votre mot de passe')
    expect(mail.text.trimEnd()).toBe(message.text.trimEnd())
    expect(mail.text).toContain('Ce lien est valable 1 heure.')
    expect(mail.html.trimEnd()).toBe(message.html.trimEnd())
    expect(mail.raw).toMatch(/charset=utf-8/i)
    // Folded and encoded on the wire, then restored by the parser.
    expect(mail.raw).not.toContain(LONG_LINK)
    expect(linksIn(mail)).toEqual([LONG_LINK])
  })

  test('waitForMail returns each message once, the newest first', async () => {
    await mailer.send({ ...resetMessage('alex@example.fr'), subject: 'Premier' })
    await mailer.send({ ...resetMessage('alex@example.fr'), subject: 'Second' })

    expect((await capture.waitForMail('Alex@Example.fr')).subject).toBe('Second')
    expect((await capture.waitForMail('alex@example.fr')).subject).toBe('Premier')
    await expect(capture.waitForMail('alex@example.fr', { timeoutMs: 200 })).rejects.toThrow(
      /No mail to alex@example\.fr within 200 ms/,
    )
  })

  test('rejects with a French message when the server refuses the connection', async () => {
    const error = vi.spyOn(logger, 'error')
    const refused = createMailer({
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
      from: FROM,
      mailDir: 'unused',
    })
    const message = resetMessage('camille@example.fr')

    try {
      const failure = await refused.send(message).then(
        () => undefined,
        (reason: unknown) => reason,
      )
      expect(failure).toBeInstanceOf(Error)
      expect((failure as Error).message).toBe("L'envoi de l'email a échoué.")
      expect((failure as Error).cause).toBeInstanceOf(Error)
    } finally {
      refused.close()
    }
    // Logged for the operator, without the body: it holds the reset token.
    expect(error).toHaveBeenCalledOnce()
    expect(JSON.stringify(error.mock.calls)).not.toContain('reset-password')
  })
})

describe('without SMTP', () => {
  test('writes an .eml file that parses back to the same message, and logs the link', async () => {
    const info = vi.spyOn(logger, 'info')
    const mailDir = path.join(dataDir, 'explicit', 'mail')
    const mailer = createMailer({ from: FROM, mailDir })
    const message = resetMessage('Camille@example.fr')

    await mailer.send(message)
    mailer.close()

    const files = await fs.readdir(mailDir)
    expect(files).toEqual([
      expect.stringMatching(
        /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{6}-camille-example-fr\.eml$/,
      ),
    ])
    const file = path.join(mailDir, files[0] as string)
    const parsed = await simpleParser(await fs.readFile(file))
    expect(parsed.subject).toBe('Réinitialisez votre mot de passe')
    expect(parsed.from?.text).toContain('ne-pas-repondre@tremplin.local')
    const text = parsed.text ?? ''
    expect(text.trimEnd()).toBe(message.text.trimEnd())
    expect(linksIn({ text })).toEqual([LONG_LINK])
    expect(info).toHaveBeenCalledWith(
      {
        to: 'Camille@example.fr',
        subject: 'Réinitialisez votre mot de passe',
        link: LONG_LINK,
        file: path.resolve(file),
      },
      'mail written',
    )
  })

  test('sendMail writes to DATA_DIR/mail when SMTP_URL is not set', async () => {
    await sendMail(resetMessage('dominique@example.fr'))
    closeMailer()

    const files = await fs.readdir(path.join(dataDir, 'mail'))
    expect(files).toEqual([expect.stringMatching(/-dominique-example-fr\.eml$/)])
  })
})

// A port nothing listens on: bound, then released.
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
