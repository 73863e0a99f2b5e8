import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** How long each test file took in a whole run, by Vitest's key `<project>:<path>` (scripts/save-test-durations.mjs). */
const DURATIONS_FILE = path.join(import.meta.dirname, '..', 'file-durations.json')

function knownDurations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * Vitest's own order (project by project, files it has not timed first, then the longest first), with the durations
 * of tests/file-durations.json for the files its cache has not timed. Vitest times each file in its cache under
 * node_modules, so a fresh clone would otherwise order by file size and leave long files to the end: the PGlite pass
 * of `npm test` took 174.2 s that way and 154.4 s in Vitest's own order, in the same clone (docs/testing.md).
 */
export class KnownDurationsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const known = knownDurations()
    const cache = this.ctx.cache
    // Each file's timing (Vitest's, else the committed one) and size, read once rather than at every comparison.
    const facts = new Map(
      files.map((file) => {
        const key = `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`
        const timed = cache.getFileTestResults(key) ?? (key in known ? { duration: known[key]!, failed: false } : undefined)
        return [file, { timed, size: cache.getFileStats(key)?.size ?? 0 }]
      }),
    )
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder
      if (groupOrder !== 0) return groupOrder
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1
      const factsA = facts.get(a)!
      const factsB = facts.get(b)!
      const timeA = factsA.timed
      const timeB = factsB.timed
      if (!timeA || !timeB) {
        if (timeA || timeB) return timeA ? 1 : -1
        return factsB.size - factsA.size
      }
      if (timeA.failed !== timeB.failed) return timeA.failed ? -1 : 1
      return (timeB.duration ?? 0) - (timeA.duration ?? 0)
    })
  }
}
