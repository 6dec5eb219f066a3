// Transactional mails: one plain text and one HTML version built from the same blocks, so both
// always say the same thing. HTML for mail clients: tables, inline styles, system fonts, no
// external resource (many clients block them, and they would track the reader).

export interface MailContent {
  subject: string
  text: string
  html: string
}

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'note'; text: string }

interface MailLayout {
  subject: string
  greeting?: string
  blocks: Block[]
  // What to do when the reader did not ask for this mail.
  notice: string
}

const BRAND = 'Tremplin'
const SIGNATURE = `L’équipe ${BRAND}`

// Contrast on white: text 17.7:1, muted 7.7:1, brand blue (the app's --primary) 6.9:1.
const COLORS = {
  page: '#f4f4f5',
  card: '#ffffff',
  border: '#e4e4e7',
  text: '#18181b',
  muted: '#52525b',
  brand: '#1f4fcc',
  onBrand: '#ffffff',
}
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes a value for HTML text and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replaceAll(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** Sent after sign-up: the link confirms the address and activates the account. */
export function verifyEmailMail({
  firstName,
  url,
}: {
  firstName?: string
  url: string
}): MailContent {
  return render({
    subject: 'Confirmez votre adresse email',
    greeting: greetingFor(firstName),
    blocks: [
      {
        kind: 'paragraph',
        text: `Bienvenue sur ${BRAND} ! Pour activer votre compte, confirmez votre adresse email.`,
      },
      { kind: 'button', label: 'Confirmer mon adresse email', url },
    ],
    notice: `Si vous n’avez pas créé de compte sur ${BRAND}, ignorez cet email : aucun compte ne sera activé.`,
  })
}

/** Sent on a password-reset request; the link is valid for one hour. */
export function resetPasswordMail({ url }: { url: string }): MailContent {
  return render({
    subject: 'Réinitialisez votre mot de passe',
    greeting: greetingFor(),
    blocks: [
      {
        kind: 'paragraph',
        text: `Vous avez demandé à réinitialiser le mot de passe de votre compte ${BRAND}. Choisissez-en un nouveau avec le lien ci-dessous.`,
      },
      { kind: 'button', label: 'Choisir un nouveau mot de passe', url },
      { kind: 'note', text: 'Ce lien est valable 1 heure.' },
    ],
    notice:
      'Si vous n’avez pas demandé cette réinitialisation, ignorez cet email : votre mot de passe reste inchangé.',
  })
}

/** Sent instead of a confirmation when someone signs up with an address that has an account. */
export function accountExistsMail({
  signInUrl,
  resetUrl,
}: {
  signInUrl: string
  resetUrl: string
}): MailContent {
  return render({
    subject: `Vous avez déjà un compte ${BRAND}`,
    greeting: greetingFor(),
    blocks: [
      {
        kind: 'paragraph',
        text: `Quelqu’un a tenté de créer un compte ${BRAND} avec cette adresse email, mais un compte existe déjà. Vous pouvez simplement vous connecter.`,
      },
      { kind: 'button', label: `Me connecter à ${BRAND}`, url: signInUrl },
      { kind: 'paragraph', text: 'Mot de passe oublié ? Vous pouvez en choisir un nouveau.' },
      { kind: 'button', label: 'Réinitialiser mon mot de passe', url: resetUrl },
    ],
    notice:
      'Si vous n’êtes pas à l’origine de cette inscription, ignorez cet email : votre compte n’a pas été modifié.',
  })
}

/**
 * Sent instead of `accountExistsMail` when the account an address has was never confirmed. No
 * confirmation link: whoever began that sign-up may not be the address's owner, and confirming
 * it would give them an account in the owner's name with a password of theirs. The way in is a
 * password of the owner's own, through a reset link, which confirms the address too.
 */
export function unconfirmedAccountMail({ resetUrl }: { resetUrl: string }): MailContent {
  return render({
    subject: `Activez votre compte ${BRAND}`,
    greeting: greetingFor(),
    blocks: [
      {
        kind: 'paragraph',
        text: `Une inscription à ${BRAND} a déjà été commencée avec cette adresse, sans être confirmée. Pour activer votre compte, choisissez votre mot de passe : votre adresse sera confirmée du même coup.`,
      },
      { kind: 'button', label: 'Choisir mon mot de passe', url: resetUrl },
    ],
    notice: `Si vous n’avez pas voulu créer de compte sur ${BRAND}, ignorez cet email : aucun compte ne sera activé.`,
  })
}

/** Sent after a password change, so that an intruder's change does not go unnoticed. */
export function passwordChangedMail({ settingsUrl }: { settingsUrl: string }): MailContent {
  return render({
    subject: 'Votre mot de passe a été modifié',
    greeting: greetingFor(),
    blocks: [
      {
        kind: 'paragraph',
        text: `Le mot de passe de votre compte ${BRAND} vient d’être modifié. Si c’est vous, vous n’avez rien à faire.`,
      },
      { kind: 'button', label: 'Voir les paramètres de mon compte', url: settingsUrl },
    ],
    notice:
      'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans attendre avec « Mot de passe oublié » sur la page de connexion.',
  })
}

/** Sent after two-factor authentication is turned off, for the same reason. */
export function twoFactorDisabledMail({ settingsUrl }: { settingsUrl: string }): MailContent {
  return render({
    subject: 'La double authentification a été désactivée',
    greeting: greetingFor(),
    blocks: [
      {
        kind: 'paragraph',
        text: `La double authentification de votre compte ${BRAND} vient d’être désactivée : un code n’est plus demandé à la connexion. Si c’est vous, vous n’avez rien à faire.`,
      },
      { kind: 'button', label: 'Voir les paramètres de mon compte', url: settingsUrl },
    ],
    notice:
      'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans attendre avec « Mot de passe oublié » sur la page de connexion, puis réactivez la double authentification.',
  })
}

/**
 * Sent when two-factor is turned on: an intruder holding the password could otherwise enrol
 * their own app unnoticed, and the member would find themselves asked for a code they do not
 * have, which a reset does not remove.
 */
export function twoFactorEnabledMail({ settingsUrl }: { settingsUrl: string }): MailContent {
  return render({
    subject: 'La double authentification a été activée',
    greeting: greetingFor(),
    blocks: [
      {
        kind: 'paragraph',
        text: `La double authentification de votre compte ${BRAND} vient d’être activée : un code de votre application sera demandé à chaque connexion. Si c’est vous, gardez vos codes de secours en lieu sûr.`,
      },
      { kind: 'button', label: 'Voir les paramètres de mon compte', url: settingsUrl },
    ],
    notice: `Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans attendre avec « Mot de passe oublié » sur la page de connexion, puis écrivez-nous depuis la page Contact de ${BRAND} : nous vous aiderons à retrouver l’accès à votre compte.`,
  })
}

/**
 * Sent when the team turned two-factor off at the member's request (`npm run
 * account:disable-2fa`): they lost their app and their backup codes.
 */
export function twoFactorTurnedOffByTeamMail({
  settingsUrl,
}: {
  settingsUrl: string
}): MailContent {
  return render({
    subject: 'La double authentification a été désactivée à votre demande',
    greeting: greetingFor(),
    blocks: [
      {
        kind: 'paragraph',
        text: `À votre demande, l’équipe ${BRAND} a désactivé la double authentification de votre compte : connectez-vous avec votre email et votre mot de passe, sans code. Toutes les sessions ouvertes sur votre compte ont été fermées.`,
      },
      {
        kind: 'paragraph',
        text: 'Réactivez-la dès que possible depuis vos paramètres, avec votre nouvelle application, et gardez vos nouveaux codes de secours en lieu sûr.',
      },
      { kind: 'button', label: 'Voir les paramètres de mon compte', url: settingsUrl },
    ],
    notice: `Si vous n’avez pas fait cette demande, réinitialisez votre mot de passe sans attendre avec « Mot de passe oublié » sur la page de connexion, puis écrivez-nous depuis la page Contact de ${BRAND}.`,
  })
}

/** Sent once the account and its data have been deleted. */
export function accountDeletedMail(): MailContent {
  return render({
    subject: `Votre compte ${BRAND} a été supprimé`,
    greeting: greetingFor(),
    blocks: [
      {
        kind: 'paragraph',
        text: `Votre compte ${BRAND} a bien été supprimé. Votre profil, vos publications et vos données personnelles ont été effacés immédiatement.`,
      },
      {
        kind: 'paragraph',
        text: `Merci d’avoir fait partie de la communauté ${BRAND}. Vous pourrez revenir quand vous le souhaitez.`,
      },
    ],
    notice:
      'Si vous n’avez pas demandé cette suppression, contactez-nous au plus vite depuis la page Contact du site.',
  })
}

function greetingFor(firstName?: string): string {
  const name = firstName?.trim()
  return name ? `Bonjour ${name},` : 'Bonjour,'
}

function render(layout: MailLayout): MailContent {
  return { subject: layout.subject, text: renderText(layout), html: renderHtml(layout) }
}

function renderText({ greeting, blocks, notice }: MailLayout): string {
  const parts = [
    ...(greeting ? [greeting] : []),
    ...blocks.map((block) =>
      block.kind === 'button' ? `${block.label} :\n${block.url}` : block.text,
    ),
    notice,
    `— ${SIGNATURE}`,
  ]
  return `${parts.join('\n\n')}\n`
}

function renderHtml({ subject, greeting, blocks, notice }: MailLayout): string {
  const body = [
    ...(greeting ? [paragraph(greeting)] : []),
    ...blocks.map((block) => {
      if (block.kind === 'paragraph') return paragraph(block.text)
      if (block.kind === 'note') return paragraph(block.text, COLORS.muted, '14px')
      return button(block.label, block.url)
    }),
  ].join('\n')
  return `<!doctype html>
<html lang="fr" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin: 0; padding: 0; background-color: ${COLORS.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color: ${COLORS.page};">
<tr>
<td align="center" style="padding: 32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width: 560px; background-color: ${COLORS.card}; border: 1px solid ${COLORS.border}; border-radius: 8px;">
<tr>
<td style="padding: 32px; font-family: ${FONT}; font-size: 16px; line-height: 1.5; color: ${COLORS.text};">
<p style="margin: 0 0 24px; font-size: 20px; font-weight: 700; color: ${COLORS.brand};">${BRAND}</p>
<h1 style="margin: 0 0 24px; font-size: 22px; line-height: 1.3; font-weight: 700; color: ${COLORS.text};">${escapeHtml(subject)}</h1>
${body}
<hr style="margin: 32px 0 16px; border: 0; border-top: 1px solid ${COLORS.border};">
${paragraph(notice, COLORS.muted, '14px')}
${paragraph(SIGNATURE, COLORS.muted, '14px')}
</td>
</tr>
</table>
</td>
</tr>
</table>
</body>
</html>
`
}

function paragraph(text: string, color = COLORS.text, fontSize = '16px'): string {
  return `<p style="margin: 0 0 16px; font-size: ${fontSize}; color: ${color};">${escapeHtml(text)}</p>`
}

// A table cell carries the background for clients (Outlook) that ignore it on links. The raw
// link follows for clients that block buttons or readers who prefer to copy it.
function button(label: string, url: string): string {
  const href = escapeHtml(url)
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0 16px;">
<tr>
<td style="border-radius: 6px; background-color: ${COLORS.brand};">
<a href="${href}" style="display: inline-block; padding: 12px 24px; font-family: ${FONT}; font-size: 16px; font-weight: 600; color: ${COLORS.onBrand}; text-decoration: none; border-radius: 6px;">${escapeHtml(label)}</a>
</td>
</tr>
</table>
<p style="margin: 0 0 16px; font-size: 14px; color: ${COLORS.muted};">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${href}" style="color: ${COLORS.brand}; word-break: break-all;">${href}</a></p>`
}
