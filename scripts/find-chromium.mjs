// Finds a Chromium for the browser tests: CHROME_PATH, then the system's, then Playwright's own,
// and as a last resort installs one. `node scripts/find-chromium.mjs` prints the path it settles on.
// The browser tests run in Chromium's headless shell when there is one (findHeadlessShell): the same engine
// without the full browser's UI layers, which Playwright itself uses for headless runs (docs/decisions/045).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name)
  }
  return undefined
}

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright-core')
    const file = chromium.executablePath()
    return file && isExecutable(file) ? file : undefined
  } catch {
    return undefined
  }
}

/** Looks without installing anything; returns { path, source } or undefined. */
export async function lookForChromium() {
  const given = process.env.CHROME_PATH
  if (given) {
    if (isExecutable(given)) return { path: given, source: 'CHROME_PATH' }
    throw new Error(`CHROME_PATH is set to ${given}, but no executable is there.`)
  }
  if (isExecutable('/usr/bin/chromium')) return { path: '/usr/bin/chromium', source: 'the system' }
  for (const name of SYSTEM_NAMES) {
    const found = onPath(name)
    if (found) return { path: found, source: 'the system (PATH)' }
  }
  const own = await playwrightChromium()
  if (own) return { path: own, source: "Playwright's own browser" }
  return undefined
}

/** Debian's `chromium-headless-shell` (or one on PATH); undefined when there is none. */
function lookForHeadlessShell() {
  for (const file of ['/usr/bin/chromium-headless-shell', onPath('chromium-headless-shell')]) {
    if (file && isExecutable(file)) return { path: file, source: 'the system' }
  }
  return undefined
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`)
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0
}

function installChromium() {
  if (isDebianRoot()) {
    // The package lists may be missing or stale on a fresh machine: refresh them only if needed.
    if (run('apt-get', ['install', '-y', 'chromium'])) return
    run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium'])
  } else {
    run(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['playwright', 'install', 'chromium'])
  }
}

/** Finds Chromium, installing it when there is none; throws with a clear message when that fails too. */
export async function findChromium({ install = true } = {}) {
  let found = await lookForChromium()
  if (!found && install) {
    console.log('No Chromium found (CHROME_PATH, /usr/bin/chromium, PATH, Playwright): installing one...')
    installChromium()
    found = await lookForChromium()
    if (found) found.source = `${found.source}, just installed`
  }
  if (!found) {
    throw new Error(
      'No Chromium for the browser tests. Install one (Debian: `apt-get install -y chromium`; elsewhere: ' +
        '`npx playwright install chromium`) or set CHROME_PATH to a Chromium or Chrome executable.',
    )
  }
  return found
}

const isDebianRoot = () => process.getuid?.() === 0 && fs.existsSync('/etc/debian_version') && onPath('apt-get')

/**
 * The browser for Playwright: CHROME_PATH when set (the user's choice stands), else Chromium's headless shell (on
 * Debian as root, `apt-get install -y chromium-headless-shell` when it is missing), else the full Chromium.
 */
export async function findHeadlessShell({ install = true } = {}) {
  if (process.env.CHROME_PATH) return findChromium({ install })
  let found = lookForHeadlessShell()
  if (!found && install && isDebianRoot()) {
    console.log('No Chromium headless shell found: installing it (apt-get install -y chromium-headless-shell)...')
    run('apt-get', ['install', '-y', 'chromium-headless-shell'])
    found = lookForHeadlessShell()
    if (found) found.source = `${found.source}, just installed`
  }
  if (found) return found
  const full = await findChromium({ install })
  console.log(
    'No Chromium headless shell (Debian: apt-get install -y chromium-headless-shell): the browser tests use the full Chromium, about a third slower.',
  )
  return full
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const find = process.argv.includes('--headless-shell') ? findHeadlessShell : findChromium
    const found = await find({ install: !process.argv.includes('--no-install') })
    console.error(`Chromium from ${found.source}:`)
    console.log(found.path)
  } catch (err) {
    console.error(err.message)
    process.exit(1)
  }
}
