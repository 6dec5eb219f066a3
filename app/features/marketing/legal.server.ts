import { getEnv } from '~/server/env.server'

/** The operator's identity, each detail null until its LEGAL_* variable is set. */
export interface LegalIdentity {
  publisherName: string | null
  publisherAddress: string | null
  publisherRegistration: string | null
  director: string | null
  hostName: string | null
  hostAddress: string | null
  hostPhone: string | null
  contactEmail: string | null
  contactPhone: string | null
}

/** The publisher, director of publication, host and contact details from the environment. */
export function getLegalIdentity(): LegalIdentity {
  const env = getEnv()
  return {
    publisherName: env.LEGAL_PUBLISHER_NAME ?? null,
    publisherAddress: env.LEGAL_PUBLISHER_ADDRESS ?? null,
    publisherRegistration: env.LEGAL_PUBLISHER_REGISTRATION ?? null,
    director: env.LEGAL_DIRECTOR ?? null,
    hostName: env.LEGAL_HOST_NAME ?? null,
    hostAddress: env.LEGAL_HOST_ADDRESS ?? null,
    hostPhone: env.LEGAL_HOST_PHONE ?? null,
    contactEmail: env.LEGAL_CONTACT_EMAIL ?? null,
    contactPhone: env.LEGAL_CONTACT_PHONE ?? null,
  }
}
