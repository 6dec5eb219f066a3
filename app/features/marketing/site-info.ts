// The product's own addresses and accounts, shown by /contact, /privacy, /moderation and
// /accessibilite. The operator's legal identity (publisher, host, phone, postal address) comes
// from the environment instead (LEGAL_*, see legal.server.ts). ADR 011.

export const SUPPORT_EMAILS = {
  support: 'support@tremplin.fr',
  bugs: 'bugs@tremplin.fr',
  security: 'securite@tremplin.fr',
  privacy: 'confidentialite@tremplin.fr',
  dpo: 'dpo@tremplin.fr',
  moderation: 'moderation@tremplin.fr',
  accessibility: 'accessibilite@tremplin.fr',
  jobs: 'recrutement@tremplin.fr',
} as const

/** Phone hours of the support (spec §9). */
export const PHONE_HOURS = 'du lundi au vendredi, de 9h à 18h'

/** Placeholder targets (spec §2): the networks' home pages until the operator's accounts exist. */
export const SOCIAL_LINKS = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'X (Twitter)', href: 'https://x.com/' },
  { label: 'Facebook', href: 'https://www.facebook.com/' },
] as const

/** The RGAA compliance state, as /accessibilite states it and the footer repeats it. */
export const ACCESSIBILITY_COMPLIANCE = 'partiellement conforme'
