import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyOfPreparedData, ensureBuilt, type TestData } from '../support/test-server'

// `NODE_ENV=production npm start` is a real deployment: every production check applies (README, "Settings").
// Only `npm start` without NODE_ENV is the trial that makes its own session secret and takes test payments.

const root = path.resolve(import.meta.dirname, '../..')

// The built shop, made here when the sources changed (a single file on a fresh clone), never by two files at once.
beforeAll(ensureBuilt, 300_000)

const copies: TestData[] = []

/**
 * Runs `npm start` (scripts/start.mjs) until it exits or says it is open, then stops it. On a migrated data folder
 * with no catalogue (a copy of one made once per run): the settings are the point, not a first start.
 */
async function npmStart(env: Record<string, string>) {
  const copy = await copyOfPreparedData('migrated')
  copies.push(copy)
  const dataDir = copy.dataDir
  const base: Record<string, string | undefined> = { ...process.env }
  // The caller's own settings must not leak in: each case says exactly what it sets.
  for (const name of [
    'NODE_ENV',
    'SHOP_TRIAL',
    'SESSION_SECRET',
    'PUBLIC_URL',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'PAYMENT_MODE',
    'DATABASE_URL',
  ])
    delete base[name]
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...base, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, SEED_DEMO_CATALOGUE: 'never', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise<{ opened: boolean; code: number | null; output: string }>((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk
      if (/The shop is open at/.test(output)) {
        child.once('exit', () => resolve({ opened: true, code: null, output }))
        child.kill('SIGTERM')
      }
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.on('exit', (code) => {
      if (!/The shop is open at/.test(output)) resolve({ opened: false, code, output })
    })
  })
}

afterAll(async () => {
  for (const copy of copies.splice(0)) await copy.drop()
})

describe('npm start with NODE_ENV=production', () => {
  it('refuses to start without SESSION_SECRET, PUBLIC_URL and the Razorpay keys, naming each', async () => {
    const started = await npmStart({ NODE_ENV: 'production' })
    expect(started.opened, started.output).toBe(false)
    expect(started.code).not.toBe(0)
    expect(started.output).toContain('SESSION_SECRET: required in production')
    expect(started.output).toContain('PUBLIC_URL: required in production')
    expect(started.output).toContain('RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required in production')
  }, 240_000)

  it('refuses without SESSION_SECRET alone, when the rest is set', async () => {
    const started = await npmStart({ NODE_ENV: 'production', PUBLIC_URL: 'https://kaadu.example', PAYMENT_MODE: 'test' })
    expect(started.opened, started.output).toBe(false)
    expect(started.output).toContain('SESSION_SECRET: required in production')
    expect(started.output).not.toContain('PUBLIC_URL: required')
  }, 240_000)

  it('starts with the production settings given', async () => {
    const started = await npmStart({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://kaadu.example',
      PAYMENT_MODE: 'test',
      SESSION_SECRET: 'a'.repeat(40),
    })
    expect(started.opened, started.output).toBe(true)
  }, 240_000)

  it('stays a trial without NODE_ENV: no secrets needed', async () => {
    const started = await npmStart({})
    expect(started.opened, started.output).toBe(true)
  }, 240_000)
})
