import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The first of `relativePaths` found in the folder of the module at `moduleUrl` or in a folder
 * above it: a project file found the same way whether the code runs from app/ or from build/.
 */
export function findUp(moduleUrl: string, relativePaths: string[]): string | null {
  let directory = path.dirname(fileURLToPath(moduleUrl))
  for (;;) {
    for (const relative of relativePaths) {
      const candidate = path.join(directory, relative)
      if (fs.existsSync(candidate)) return candidate
    }
    const parent = path.dirname(directory)
    if (parent === directory) return null
    directory = parent
  }
}
