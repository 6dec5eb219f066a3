import { describe, expect, test } from 'vitest'
import {
  accountDeletedMail,
  accountExistsMail,
  escapeHtml,
  passwordChangedMail,
  resetPasswordMail,
  twoFactorDisabledMail,
  twoFactorEnabledMail,
  twoFactorTurnedOffByTeamMail,
  unconfirmedAccountMail,
  verifyEmailMail,
  type MailContent,
} from './templates'

// Values that would break out of an attribute or inject markup if left unescaped.
const HOSTILE_URL = 'https://tremplin.example/x?a=1&b="><script>alert(1)</script>'
const HOSTILE_NAME = '<script>alert("x")</script>'

interface Case {
  name: string
  mail: MailContent
  subject: string
  urls: string[]
  buttons: string[]
}

const cases: Case[] = [
  {
    name: 'verifyEmailMail',
    mail: verifyEmailMail({ firstName: HOSTILE_NAME, url: HOSTILE_URL }),
    subject: 'Confirmez votre adresse email',
    urls: [HOSTILE_URL],
    buttons: ['Confirmer mon adresse email'],
  },
  {
    name: 'resetPasswordMail',
    mail: resetPasswordMail({ url: HOSTILE_URL }),
    subject: 'Réinitialisez votre mot de passe',
    urls: [HOSTILE_URL],
    buttons: ['Choisir un nouveau mot de passe'],
  },
  {
    name: 'accountExistsMail',
    mail: accountExistsMail({ signInUrl: HOSTILE_URL, resetUrl: `${HOSTILE_URL}&reset` }),
    subject: 'Vous avez déjà un compte Tremplin',
    urls: [HOSTILE_URL, `${HOSTILE_URL}&reset`],
    buttons: ['Me connecter à Tremplin', 'Réinitialiser mon mot de passe'],
  },
  {
    name: 'unconfirmedAccountMail',
    mail: unconfirmedAccountMail({ resetUrl: HOSTILE_URL }),
    subject: 'Activez votre compte Tremplin',
    urls: [HOSTILE_URL],
    buttons: ['Choisir mon mot de passe'],
  },
  {
    name: 'passwordChangedMail',
    mail: passwordChangedMail({ settingsUrl: HOSTILE_URL }),
    subject: 'Votre mot de passe a été modifié',
    urls: [HOSTILE_URL],
    buttons: ['Voir les paramètres de mon compte'],
  },
  {
    name: 'twoFactorDisabledMail',
    mail: twoFactorDisabledMail({ settingsUrl: HOSTILE_URL }),
    subject: 'La double authentification a été désactivée',
    urls: [HOSTILE_URL],
    buttons: ['Voir les paramètres de mon compte'],
  },
  {
    name: 'twoFactorEnabledMail',
    mail: twoFactorEnabledMail({ settingsUrl: HOSTILE_URL }),
    subject: 'La double authentification a été activée',
    urls: [HOSTILE_URL],
    buttons: ['Voir les paramètres de mon compte'],
  },
  {
    name: 'twoFactorTurnedOffByTeamMail',
    mail: twoFactorTurnedOffByTeamMail({ settingsUrl: HOSTILE_URL }),
    subject: 'La double authentification a été désactivée à votre demande',
    urls: [HOSTILE_URL],
    buttons: ['Voir les paramètres de mon compte'],
  },
  {
    name: 'accountDeletedMail',
    mail: accountDeletedMail(),
    subject: 'Votre compte Tremplin a été supprimé',
    urls: [],
    buttons: [],
  },
]

describe.each(cases)('$name', ({ mail, subject, urls, buttons }) => {
  test('has the French subject, as the title and heading of an accessible page', () => {
    expect(mail.subject).toBe(subject)
    expect(mail.html).toContain('<html lang="fr"')
    expect(mail.html).toContain(`<title>${escapeHtml(subject)}</title>`)
    expect(mail.html).toContain(`>${escapeHtml(subject)}</h1>`)
    expect(mail.text).toMatch(/^Bonjour/)
    expect(mail.text).toContain('L’équipe Tremplin')
  })

  test('says what to do when the reader did not ask for it', () => {
    expect(mail.text).toMatch(/Si vous n’(avez pas|êtes pas)/)
    expect(mail.html).toMatch(/Si vous n’(avez pas|êtes pas)/)
  })

  test('gives every link raw in the text and escaped in the HTML, behind an explicit button', () => {
    for (const url of urls) {
      expect(mail.text.split('\n')).toContain(url)
      expect(mail.html).toContain(`href="${escapeHtml(url)}"`)
    }
    for (const label of buttons) expect(mail.html).toContain(`>${escapeHtml(label)}</a>`)
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])
    expect(new Set(hrefs)).toEqual(new Set(urls.map(escapeHtml)))
  })

  test('escapes interpolated values and loads nothing from outside', () => {
    expect(mail.html).not.toContain('<script')
    expect(mail.html).not.toMatch(/<img|<link|src=|url\(/i)
    for (const url of urls) expect(mail.html).not.toContain(url)
  })
})

describe('verifyEmailMail', () => {
  test('greets by first name, escaped in HTML, and without one when it is missing', () => {
    const url = 'https://tremplin.example/verify?token=abc'
    expect(verifyEmailMail({ firstName: 'Élodie', url }).text).toMatch(/^Bonjour Élodie,\n/)
    expect(verifyEmailMail({ url }).text).toMatch(/^Bonjour,\n/)
    expect(verifyEmailMail({ firstName: '  ', url }).text).toMatch(/^Bonjour,\n/)
    expect(verifyEmailMail({ firstName: HOSTILE_NAME, url }).html).toContain(
      'Bonjour &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,',
    )
  })
})

describe('resetPasswordMail', () => {
  test('says the link is valid for one hour', () => {
    const mail = resetPasswordMail({ url: 'https://tremplin.example/reset' })
    expect(mail.text).toContain('Ce lien est valable 1 heure.')
    expect(mail.html).toContain('Ce lien est valable 1 heure.')
  })
})

describe('escapeHtml', () => {
  test('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})
