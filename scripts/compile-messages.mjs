// The message functions (i18n.config.js) for the tests and the type check, compiled as the build compiles them. Run in
// a process of its own: the compiler leaves something open that keeps Node alive half a minute after it is done.
// Skipped when no message file changed since the last compile (a stamp beside the output).
import fs from 'node:fs'
import path from 'node:path'
import { messageCompilerOptions } from '../i18n.config.js'

const root = path.resolve(import.meta.dirname, '..')
const settingsFile = path.join(root, messageCompilerOptions.project, 'settings.json')
const stamp = path.join(root, messageCompilerOptions.outdir, '.compiled')
const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8'))
const inputs = [
  settingsFile,
  path.join(root, 'i18n.config.js'),
  ...settings['plugin.inlang.messageFormat'].pathPattern.flatMap((pattern) =>
    settings.locales.map((locale) => path.join(root, pattern.replace('{locale}', locale))),
  ),
]
const newest = Math.max(...inputs.map((file) => fs.statSync(file).mtimeMs))
const compiledAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
if (compiledAt < newest || process.argv.includes('--force')) {
  const { compile } = await import('@inlang/paraglide-js')
  await compile(messageCompilerOptions)
  fs.writeFileSync(stamp, '')
}
process.exit(0)
