import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { copyOfPreparedData, ensureBuilt, type TestData } from '../support/test-server'
import { scratchFolder } from '../support/scratch-folder'

// `npm start` as a user runs it (scripts/start.mjs → server.js): however it is stopped — `kill <pid>` of npm,
// Ctrl+C in the terminal, SIGTERM to the start script — the shop closes and frees the embedded database's lock.
// Run with `--no-build`: ensureBuilt() below has built the shop when its sources changed.

const root = path.resolve(import.meta.dirname, '../..')

// The built shop, made here when the sources changed (a single file on a fresh clone), never by two files at once.
beforeAll(ensureBuilt, 300_000)

const started: ChildProcess[] = []

afterEach(() => {
  // Whatever a failed test left: its whole process group.
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Gone already.
    }
  }
})

const freshFolders: string[] = []
afterAll(() => {
  for (const folder of freshFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

function freshDataDir() {
  const folder = scratchFolder('shop-start-')
  freshFolders.push(folder)
  return folder
}

const copies: TestData[] = []
afterAll(async () => {
  for (const copy of copies.splice(0)) await copy.drop()
})

/** A migrated data folder with no catalogue, as an earlier start left it: stopping is the point, not the first start. */
async function migratedDataDir() {
  const copy = await copyOfPreparedData('migrated')
  copies.push(copy)
  return copy.dataDir
}

/** Starts a command in its own process group (as a terminal does), and waits for the shop to say it is open. */
async function start(command: string, args: string[], options: { cwd: string; env?: Record<string, string> }) {
  // As from a terminal: Vitest's NODE_ENV=test would make server.js start Vite's development server.
  const { NODE_ENV: _fromVitest, ...env } = process.env
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...env, HOST: '127.0.0.1', PORT: '0', SMTP_URL: '', DATABASE_URL: '', TEST_DATABASE_URL: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  started.push(child)
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const url = await waitFor(
    () => output.match(/The shop is open at (http:\/\/\S+?)[ "]/)?.[1],
    150_000,
    () => output,
  )
  return { child, url, output: () => output }
}

async function waitFor<T>(probe: () => T | undefined | false, timeoutMs: number, shown: () => string): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > until) throw new Error(`Waited ${timeoutMs / 1000} s; output so far:\n${shown()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function answers(url: string) {
  try {
    return (await fetch(`${url}/healthz`)).ok
  } catch {
    return false
  }
}

/** Whether a process (server.js, by its pid) still runs. */
function processRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function expectStoppedAndUnlocked(url: string, dataDir: string, output: () => string) {
  await waitFor(() => !fs.existsSync(path.join(dataDir, 'shop.lock')), 30_000, output)
  expect(await answers(url)).toBe(false)
  expect(fs.existsSync(path.join(dataDir, 'shop.lock'))).toBe(false)
}

/** server.js's pid, from the lock's owner note the running shop writes. */
function shopPid(dataDir: string) {
  return (JSON.parse(fs.readFileSync(path.join(dataDir, 'shop.lock.owner'), 'utf8')) as { pid: number }).pid
}

describe('stopping npm start', () => {
  it('kill <pid> of npm start stops the start script and the shop, and frees the lock', async () => {
    const dataDir = await migratedDataDir()
    const shop = await start('npm', ['start', '--', '--no-build'], { cwd: root, env: { DATA_DIR: dataDir, SEED_DEMO_CATALOGUE: 'never' } })
    const serverPid = shopPid(dataDir)
    expect(await answers(shop.url)).toBe(true)

    process.kill(shop.child.pid!, 'SIGTERM')

    await expectStoppedAndUnlocked(shop.url, dataDir, shop.output)
    await waitFor(() => !processRunning(serverPid), 30_000, shop.output)
  }, 200_000)

  it('Ctrl+C (SIGINT to the terminal’s process group) stops the shop, which exits cleanly', async () => {
    const dataDir = await migratedDataDir()
    const shop = await start('npm', ['start', '--', '--no-build'], { cwd: root, env: { DATA_DIR: dataDir, SEED_DEMO_CATALOGUE: 'never' } })

    process.kill(-shop.child.pid!, 'SIGINT')

    await expectStoppedAndUnlocked(shop.url, dataDir, shop.output)
    await waitFor(() => shop.output().includes('The shop is closed.'), 30_000, shop.output)
  }, 200_000)

  it('reads .env where it is started, says what it does on a first start, and SIGTERM to the start script ends it with 0', async () => {
    const folder = freshDataDir()
    const dataDir = path.join(folder, 'data-from-env-file')
    // A variable already set wins over the file's.
    fs.writeFileSync(path.join(folder, '.env'), `DATA_DIR=${dataDir}\nLOG_LEVEL=info\nPORT=1\n`)
    const shop = await start(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-build'], { cwd: folder })

    expect(shop.output()).toContain(`embedded database in ${dataDir}`)
    // The first start loads the demo catalogue: it says so and how far it got, not a silent half minute.
    expect(shop.output()).toMatch(/loading the demo catalogue \(\d+ products and their pictures\)/)
    expect(shop.output()).toMatch(/Demo catalogue: pictures of \d+ of \d+ products stored/)
    expect(shop.output()).toMatch(/Loaded the demo catalogue: \d+ products/)

    const exited = new Promise<number | null>((resolve) => shop.child.once('exit', (code) => resolve(code)))
    process.kill(shop.child.pid!, 'SIGTERM')

    expect(await exited, shop.output()).toBe(0)
    await expectStoppedAndUnlocked(shop.url, dataDir, shop.output)
  }, 300_000)
})
