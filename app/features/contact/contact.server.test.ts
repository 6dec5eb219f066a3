import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '~/server/db/db.server'
import { contactMessages, users } from '~/server/db/schema'
import { RATE_LIMITS } from '~/server/rate-limit.server'
import { createProfile } from '../../../tests/factories'
import { startInsideOneWindow } from '../../../tests/setup/rate-windows'
import { CONTACT_LIMITS } from './contact.schema'
import { sendContactMessage } from './contact.server'

const message = {
  name: '  Awa Diallo ',
  email: 'Awa.Diallo@Exemple.FR',
  subject: 'Partenariat avec notre incubateur',
  message: 'Bonjour,\nnous aimerions présenter Tremplin à nos incubés.\nBien à vous,',
  ip: '203.0.113.7',
}

describe('sendContactMessage', () => {
  it('stores the message, trimmed, with the address in lower case and no member', async () => {
    const outcome = await sendContactMessage(message)
    expect(outcome).toEqual({ ok: true, id: expect.any(String) })
    const rows = await db.select().from(contactMessages)
    expect(rows).toEqual([
      {
        id: outcome.ok ? outcome.id : '',
        name: 'Awa Diallo',
        email: 'awa.diallo@exemple.fr',
        subject: 'Partenariat avec notre incubateur',
        message: 'Bonjour,\nnous aimerions présenter Tremplin à nos incubés.\nBien à vous,',
        userId: null,
        createdAt: expect.any(Date),
      },
    ])
  })

  it('remembers the signed-in member who wrote, and keeps the message when the account goes', async () => {
    const member = await createProfile(db)
    await sendContactMessage({ ...message, userId: member.userId })
    const [row] = await db.select({ userId: contactMessages.userId }).from(contactMessages)
    expect(row?.userId).toBe(member.userId)

    await db.delete(users).where(eq(users.id, member.userId))
    const after = await db
      .select({ userId: contactMessages.userId, name: contactMessages.name })
      .from(contactMessages)
    expect(after).toEqual([{ userId: null, name: 'Awa Diallo' }])
  })

  it('keeps the message of a member whose account was deleted as they sent it, as a visitor’s', async () => {
    const member = await createProfile(db)
    await db.delete(users).where(eq(users.id, member.userId))
    expect(await sendContactMessage({ ...message, userId: member.userId })).toMatchObject({
      ok: true,
    })
    const rows = await db
      .select({ userId: contactMessages.userId, name: contactMessages.name })
      .from(contactMessages)
    expect(rows).toEqual([{ userId: null, name: 'Awa Diallo' }])
  })

  it('refuses a missing field, a malformed address or a message over the cap, and stores nothing', async () => {
    expect(await sendContactMessage({ ...message, name: '   ' })).toEqual({
      ok: false,
      status: 400,
      fieldErrors: { name: ['Veuillez indiquer votre nom complet.'] },
    })
    for (const email of ['awa@exemple', 'awa\u0000@exemple.fr']) {
      expect(await sendContactMessage({ ...message, email })).toMatchObject({
        status: 400,
        fieldErrors: { email: ['Veuillez entrer une adresse email valide.'] },
      })
    }
    expect(
      await sendContactMessage({
        ...message,
        subject: '',
        message: 'x'.repeat(CONTACT_LIMITS.message + 1),
      }),
    ).toMatchObject({
      status: 400,
      fieldErrors: {
        subject: ['Veuillez indiquer le sujet de votre message.'],
        message: ['Le message contient au plus 5\u202F000 caractères.'],
      },
    })
    expect(await db.select().from(contactMessages)).toEqual([])
  })

  it('stores a message sent with NUL characters without them', async () => {
    const sent = { ...message, name: 'Awa\u0000 Diallo', message: 'Bon\u0000jour' }
    expect(await sendContactMessage(sent)).toMatchObject({ ok: true })
    expect(
      await db
        .select({ name: contactMessages.name, message: contactMessages.message })
        .from(contactMessages),
    ).toEqual([{ name: 'Awa Diallo', message: 'Bonjour' }])
  })

  it('accepts a message of exactly the cap', async () => {
    const long = 'x'.repeat(CONTACT_LIMITS.message)
    expect(await sendContactMessage({ ...message, message: long })).toMatchObject({ ok: true })
  })

  it('refuses the messages over the hourly limit of one address, not those of another', async () => {
    const { limit, windowMs } = RATE_LIMITS.contactPerIp
    await startInsideOneWindow(windowMs)
    for (let sent = 0; sent < limit; sent++) {
      expect(await sendContactMessage(message)).toMatchObject({ ok: true })
    }
    const refused = await sendContactMessage(message)
    expect(refused).toMatchObject({ ok: false, status: 429 })
    expect(refused.ok ? '' : 'message' in refused ? refused.message : '').toMatch(
      /^Trop de tentatives\. Réessayez dans \d+ (seconde|minute)s?\.$/,
    )
    expect(await sendContactMessage({ ...message, ip: '198.51.100.4' })).toMatchObject({
      ok: true,
    })
    const stored = await db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.email, 'awa.diallo@exemple.fr'))
    expect(stored).toHaveLength(limit + 1)
  })
})
