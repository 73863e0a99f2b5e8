// Copies how long each test file took in the last Vitest run (Vitest's own cache under node_modules) into
// tests/file-durations.json, which orders a fresh clone's run the longest files first (tests/support/file-order.ts).
// Run after a whole `npm test` without TEST_DATABASE_URL, so the timings are the embedded database's.
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const cacheDir = path.join(root, 'node_modules', '.vite', 'vitest')
const caches = fs.existsSync(cacheDir)
  ? fs
      .readdirSync(cacheDir)
      .map((dir) => path.join(cacheDir, dir, 'results.json'))
      .filter((file) => fs.existsSync(file))
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
  : []
if (!caches.length) {
  console.error('No Vitest timings yet: run `npm test` (or `npx vitest run`) first.')
  process.exit(1)
}
const { results } = JSON.parse(fs.readFileSync(caches[0], 'utf8'))
const durations = Object.fromEntries(
  results
    .filter(([, result]) => typeof result?.duration === 'number')
    .map(([key, result]) => [key, Math.round(result.duration)])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
)
const file = path.join(root, 'tests', 'file-durations.json')
fs.writeFileSync(file, `${JSON.stringify(durations, null, 2)}\n`)
console.log(`${Object.keys(durations).length} files' timings written to ${path.relative(root, file)}.`)
