// `npm run account:disable-2fa -- membre@exemple.fr`: turns two-factor off for a member who lost
// their authenticator app and their backup codes (ADR 068). Check first that the request comes
// from the account's own address (docs/security.md, « Double authentification perdue »).
import fs from 'node:fs'
import { EmailSchema, INVALID_EMAIL_MESSAGE } from '../app/features/auth/auth.schema'
import { confirmInTerminal } from './confirm'

const shellLogLevel = process.env.LOG_LEVEL
if (fs.existsSync('.env')) process.loadEnvFile('.env')
process.env.LOG_LEVEL = shellLogLevel ?? 'warn'
// Opening the database must not add the demo community to it.
process.env.SEED_DEMO_CONTENT = 'never'

const USAGE = 'Usage : npm run account:disable-2fa -- membre@exemple.fr [--yes]'

const emails = process.argv.slice(2).filter((argument) => !argument.startsWith('--'))
if (emails.length !== 1) {
  console.error(USAGE)
  process.exit(2)
}
// The address as the forms take it: trimmed and lower-cased, as accounts store it.
const parsed = EmailSchema.safeParse(emails[0])
if (!parsed.success) {
  console.error(`${INVALID_EMAIL_MESSAGE}\n${USAGE}`)
  process.exit(2)
}
const email = parsed.data

const { closeDatabase, startDatabase } = await import('../app/server/db/db.server')
const { turnOffTwoFactorForMember } =
  await import('../app/features/account/two-factor-recovery.server')

let exitCode = 0
try {
  const confirmed = await confirmInTerminal({
    warning:
      `Cette commande désactive la double authentification du compte ${email} ` +
      'et ferme toutes ses sessions.',
    command: `npm run account:disable-2fa -- ${email}`,
  })
  if (!confirmed) {
    console.log('Rien n’a été modifié.')
    exitCode = 1
  } else {
    await startDatabase()
    const outcome = await turnOffTwoFactorForMember({ email })
    if (outcome.status === 'unknown-email') {
      console.error(`Aucun compte n’utilise l’adresse ${email}.`)
      exitCode = 1
    } else if (outcome.status === 'not-enabled') {
      console.log(`La double authentification n’est pas activée sur le compte ${email}.`)
    } else {
      const ended = outcome.sessionsEnded
      const plural = ended > 1 ? 's' : ''
      console.log(
        `Double authentification désactivée pour ${email} ; ` +
          `${ended} session${plural} fermée${plural}.`,
      )
      console.log(
        outcome.mailed
          ? 'Le membre en a été informé par email.'
          : 'L’email d’information n’a pas pu être envoyé : prévenez le membre vous-même.',
      )
    }
  }
} catch (error) {
  console.error('Échec :', error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await closeDatabase()
}
// PGlite and the mailer may keep timers alive.
process.exit(exitCode)
