// `npm start`: builds the shop when its sources changed since the last build, then serves it (`--no-build`: serve
// the build as it is). Ctrl+C, SIGTERM or `kill` of this process or of npm stop the shop and free its lock.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildIfNeeded } from './build-if-needed.mjs'

const root = path.resolve(import.meta.dirname, '..')
// Settings from .env where the shop is started (npm: the shop's folder) when there is one (.env.example lists
// them); variables already set win.
if (fs.existsSync('.env')) process.loadEnvFile('.env')

if (!process.argv.includes('--no-build')) buildIfNeeded(root)

const child = spawn(process.execPath, [path.join(root, 'server.js')], {
  cwd: root,
  // The IPC channel tells server.js when this process is gone, however it ended (server.js then closes).
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // Without NODE_ENV, the production build as a trial on this machine: the shop makes its own session secret and
  // takes test payments. NODE_ENV=production given by the caller is the real thing, with every production check.
  env: process.env.NODE_ENV ? { ...process.env } : { NODE_ENV: 'production', SHOP_TRIAL: '1', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

// `kill <pid of npm start>` ends npm (and the shell it ran) without telling this process: when its parent is
// gone it is adopted by another, so a changed parent id means "stop", as Ctrl+C would.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) child.kill('SIGTERM')
}, 500).unref()
