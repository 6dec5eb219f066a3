import { expect, type Page } from '@playwright/test'
import { SMTP_CAPTURE_HTTP_PORT } from '../../playwright.config'

interface CapturedMail {
  to: string[]
  subject: string
  text: string
}

/** The mails captured so far for `to`, oldest first. */
async function capturedFor(to: string): Promise<CapturedMail[]> {
  const response = await fetch(
    `http://127.0.0.1:${SMTP_CAPTURE_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`,
  )
  return (await response.json()) as CapturedMail[]
}

/** How many mails to `to` whose subject matches have been captured so far. */
export async function mailsTo(to: string, subject: RegExp): Promise<number> {
  return (await capturedFor(to)).filter((mail) => subject.test(mail.subject)).length
}

/** Waits for a mail to `to` whose subject matches, as delivered over SMTP to the capture. */
export async function waitForMail(to: string, subject: RegExp): Promise<CapturedMail> {
  let found: CapturedMail | undefined
  await expect
    .poll(
      async () => {
        const mails = await capturedFor(to)
        found = mails.findLast((mail) => subject.test(mail.subject))
        return Boolean(found)
      },
      { timeout: 10_000, message: `no mail "${subject}" to ${to}` },
    )
    .toBe(true)
  return found!
}

/** The link of a mail that contains `part`. */
export function linkIn(mail: CapturedMail, part: string): string {
  const link = (mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((href) => href.includes(part))
  if (!link) throw new Error(`no link with "${part}" in "${mail.subject}"`)
  return link
}

let counter = 0

/** A unique address per test run, so that tests never share an account. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${(counter++).toString(36)}@example.fr`
}

/** A distinct client address per test (the e2e server trusts X-Forwarded-For). */
export function clientIp(): string {
  const part = () => 1 + Math.floor(Math.random() * 250)
  return `10.${part()}.${part()}.${part()}`
}

/**
 * Confirms `email` as its owner does (ADR 062): the mail's link leads to a page whose button
 * confirms, then the landing page says so.
 */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  await page.goto(linkIn(await waitForMail(email, /Confirmez/), '/api/auth/verify-email'))
  await page.getByRole('button', { name: 'Confirmer mon adresse email' }).click()
  await expect(page.getByText('Adresse email confirmée')).toBeVisible()
}
