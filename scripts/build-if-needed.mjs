// Builds the shop when its sources changed since the last build, with the same stamp as `npm start`
// (scripts/start.mjs), so either one's build serves the other.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = ['app', 'server', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'server.js']
const STAMP = 'build/.source-stamp'

function stampOfSources(root) {
  const hash = crypto.createHash('sha256')
  const walk = (relative) => {
    const full = path.join(root, relative)
    if (!fs.existsSync(full)) return
    const stat = fs.statSync(full)
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) walk(path.join(relative, entry))
    } else {
      hash.update(`${relative}:${stat.size}:${stat.mtimeMs}\n`)
    }
  }
  SOURCES.forEach(walk)
  return hash.digest('hex')
}

/** Returns whether it had to build. */
export function buildIfNeeded(root) {
  const stamp = stampOfSources(root)
  const stampFile = path.join(root, STAMP)
  const built =
    fs.existsSync(path.join(root, 'build/server/index.js')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp
  if (built) return false
  console.log('Building the shop...')
  execFileSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], { cwd: root, stdio: 'inherit' })
  fs.writeFileSync(stampFile, stamp)
  return true
}
