import sharp from 'sharp'
import { hashString } from '../../../utils/random'
import { getStorage } from '../../storage.server'

export const AVATAR_SIZE = 256

// Pairs of gradient stops dark enough for white initials (contrast above 4.5:1 at the
// lighter stop), picked by the hash of the name so a person keeps the same colours.
const GRADIENTS = [
  ['#1e3a8a', '#2563eb'],
  ['#134e4a', '#0f766e'],
  ['#7c2d12', '#c2410c'],
  ['#581c87', '#7e22ce'],
  ['#9f1239', '#be123c'],
  ['#14532d', '#15803d'],
  ['#312e81', '#4f46e5'],
  ['#831843', '#be185d'],
  ['#164e63', '#0e7490'],
  ['#713f12', '#a16207'],
  ['#3f3f46', '#52525b'],
  ['#1e40af', '#7c3aed'],
] as const

/** Up to two initials, upper-case, accents kept (É, Ç…). */
export function initialsOf(firstName: string, lastName: string): string {
  const initial = (name: string) => name.trim().charAt(0).toLocaleUpperCase('fr-FR')
  const initials = `${initial(firstName)}${initial(lastName)}`
  return initials || '?'
}

/** Lower-case ASCII slug usable in a storage key ("Élodie N'Diaye" → "elodie-n-diaye"). */
export function avatarSlug(value: string): string {
  return value
    .normalize('NFD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '')
}

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/** The avatar as SVG: white bold initials on a diagonal gradient chosen from the name. */
export function avatarSvg(firstName: string, lastName: string): string {
  const [from, to] = GRADIENTS[hashString(`${firstName} ${lastName}`) % GRADIENTS.length]!
  const initials = escapeXml(initialsOf(firstName, lastName))
  const size = AVATAR_SIZE
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#g)"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#ffffff"
    font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="88">${initials}</text>
</svg>`
}

/** Renders the avatar to a 256×256 WebP, without any network access. */
export async function renderAvatar(firstName: string, lastName: string): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(firstName, lastName)))
    .resize(AVATAR_SIZE, AVATAR_SIZE)
    .webp({ quality: 88 })
    .toBuffer()
}

/** Where a demo member's avatar is stored: the same key each time the demo is seeded. */
export function demoAvatarKey(slug: string): string {
  return `avatars/demo-${avatarSlug(slug)}.webp`
}

/**
 * Generates and stores the avatar of a demo member under avatars/demo-<slug>.webp;
 * returns the public URL to put in profiles.avatar.
 */
export async function createDemoAvatar({
  slug,
  firstName,
  lastName,
}: {
  slug: string
  firstName: string
  lastName: string
}): Promise<string> {
  const bytes = await renderAvatar(firstName, lastName)
  return getStorage().put(demoAvatarKey(slug), bytes)
}
