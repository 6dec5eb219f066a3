// Dependency audit for CI: fails on any high or critical advisory in production dependencies.
// Some registries (mirrors, air-gapped machines) offer no audit service: that is reported
// plainly and does not fail the build, since no code change can fix it.
import { spawnSync } from 'node:child_process'

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' })
let report: {
  message?: string
  error?: { code?: string; summary?: string }
  metadata?: { vulnerabilities?: Record<string, number> }
}
try {
  report = JSON.parse(run.stdout || '{}') as typeof report
} catch {
  report = {}
}

if (report.error || !report.metadata) {
  const reason = report.message || report.error?.summary || report.error?.code || 'inconnue'
  console.warn(`audit: service d'audit indisponible sur ce registre (${reason}) : audit non fait.`)
  process.exit(0)
}
const counts = report.metadata.vulnerabilities ?? {}
const serious = (counts.high ?? 0) + (counts.critical ?? 0)
console.log(
  `audit: ${counts.critical ?? 0} critique(s), ${counts.high ?? 0} élevée(s), ${counts.moderate ?? 0} modérée(s), ${counts.low ?? 0} faible(s) dans les dépendances de production.`,
)
process.exit(serious > 0 ? 1 : 0)
