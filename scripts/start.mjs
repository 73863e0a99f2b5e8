// `npm start`: builds the shop when its sources changed since the last build, then serves it.
import { execFileSync, spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = ['app', 'server', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'server.js']
const STAMP = 'build/.source-stamp'

function stampOfSources() {
  const hash = crypto.createHash('sha256')
  const walk = (p) => {
    if (!fs.existsSync(p)) return
    const stat = fs.statSync(p)
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) walk(path.join(p, entry))
    } else {
      hash.update(`${p}:${stat.size}:${stat.mtimeMs}\n`)
    }
  }
  SOURCES.forEach(walk)
  return hash.digest('hex')
}

const stamp = stampOfSources()
const built = fs.existsSync('build/server/index.js') && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === stamp
if (!built) {
  console.log('Building the shop...')
  execFileSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], { stdio: 'inherit' })
  fs.writeFileSync(STAMP, stamp)
}

const child = spawn(process.execPath, ['server.js'], {
  stdio: 'inherit',
  // The production build, as a trial on this machine: the shop makes its own session secret and takes test payments.
  env: { NODE_ENV: 'production', SHOP_TRIAL: '1', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
