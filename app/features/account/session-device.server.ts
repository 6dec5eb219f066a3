import Bowser from 'bowser'

/** What the settings page says of a session whose browser it cannot tell. */
export const UNKNOWN_DEVICE = 'Navigateur inconnu'

/**
 * A session's browser and system as a member recognises them (« Chrome 159 sur Windows »), from
 * the User-Agent Better Auth kept when it was opened; the raw string says the same in a way only
 * an engineer reads.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE
  const { browser, os } = Bowser.parse(userAgent)
  if (!browser.name) return UNKNOWN_DEVICE
  const major = browser.version?.split('.')[0]
  const name = major ? `${browser.name} ${major}` : browser.name
  return os.name ? `${name} sur ${os.name}` : name
}
