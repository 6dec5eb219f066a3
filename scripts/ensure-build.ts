// Builds the app when build/ is missing or older than any source it is made from,
// so that `npm start` on a fresh clone (or after a pull) serves current code.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const marker = path.join(root, 'build/server/index.js')
const sources = [
  'app',
  'public',
  'drizzle',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
]

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestChange(path.join(entry, child)))
  return newest
}

const built = fs.statSync(marker, { throwIfNoEntry: false })?.mtimeMs ?? 0
const changed = Math.max(...sources.map((source) => newestChange(path.join(root, source))))
if (built < changed) {
  console.log(built ? 'Sources modifiées : reconstruction…' : 'Première construction de Tremplin…')
  execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' })
}
