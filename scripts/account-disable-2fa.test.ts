// The command's own refusals, before it opens any database; what it does to an account is
// tested in app/features/account/two-factor.server.test.ts.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

function run(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/account-disable-2fa.ts', ...args],
    // No terminal to answer « oui »; no database to open.
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: '' },
    },
  )
  return { status: result.status, output: result.stdout + result.stderr }
}

// Each test starts Node and tsx (about 2 s on a busy two-core runner): more than vitest's 5 s
// default allows when other test files run beside it.
describe('npm run account:disable-2fa', { timeout: 30_000 }, () => {
  it('says how to use it when no address is given', () => {
    const { status, output } = run()
    expect(status).toBe(2)
    expect(output).toContain('Usage : npm run account:disable-2fa -- membre@exemple.fr [--yes]')
  })

  it('refuses an address the forms would refuse, in their words', () => {
    const { status, output } = run('lea@example')
    expect(status).toBe(2)
    expect(output).toContain('Veuillez entrer une adresse email valide.')
  })

  it('changes nothing without « oui » or --yes, naming the account as stored', () => {
    const { status, output } = run(' Lea@Example.fr ')
    expect(status).toBe(1)
    expect(output).toContain('Confirmez avec : npm run account:disable-2fa -- lea@example.fr --yes')
    expect(output).toContain('Rien n’a été modifié.')
  })
})
