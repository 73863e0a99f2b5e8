// `npm start`: builds the shop when its sources changed since the last build, then serves it.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { buildIfNeeded } from './build-if-needed.mjs'

buildIfNeeded(path.resolve(import.meta.dirname, '..'))

const child = spawn(process.execPath, ['server.js'], {
  stdio: 'inherit',
  // The production build, as a trial on this machine: the shop makes its own session secret and takes test payments.
  env: { NODE_ENV: 'production', SHOP_TRIAL: '1', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
