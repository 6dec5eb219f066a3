// Where a benchmark script writes its results, without replacing an earlier run of the day.
import fs from 'node:fs'
import path from 'node:path'

const results = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../bench/results')

/**
 * bench/results/<name>, or <name>-HHMM, or <name>-HHMMSS when a run already wrote that name
 * (with the same suffix) earlier: the committed results of a day stay as they were. Another
 * directory may be given (`npm run bench:scale` keeps its runs apart).
 */
export function resultBase(name: string, suffix = '', directory = results): string {
  const free = (base: string) =>
    !fs.existsSync(`${base}${suffix}.json`) && !fs.existsSync(`${base}${suffix}.md`)
  const first = path.join(directory, name)
  if (free(first)) return first
  const time = new Date().toISOString().slice(11, 19).replaceAll(':', '')
  const minute = `${first}-${time.slice(0, 4)}`
  return free(minute) ? minute : `${first}-${time}`
}
