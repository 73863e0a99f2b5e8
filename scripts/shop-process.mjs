// The built shop as a process of a script (load test, benchmark): a fresh PostgreSQL database to run it on, and
// the shop itself started the way `npm start` runs it, on loopback, with test payments and nothing of a real
// shop's settings. One way to start the shop from a script, so the load test and the benchmark measure the same thing.
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { buildIfNeeded } from './build-if-needed.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** A failure to set the run up whose message says it all. */
export class SetupError extends Error {}

/** A command-line option's whole number from `min` to `max`; anything else prints why and the usage, and exits 64. */
export function wholeNumber(value, flag, min, max, usage) {
  const n = Number(value)
  if (!/^\d+$/.test(value) || n < min || n > max) {
    console.error(`${flag} must be a whole number from ${min} to ${max}.\n${usage}`)
    process.exit(64)
  }
  return n
}

/** The --data-from folder, a shop's data folder (one holding its embedded database), or undefined when not given. */
export function dataFromFolder(value, usage) {
  if (value !== undefined && !fs.existsSync(path.join(value, 'pglite'))) {
    console.error(`--data-from ${value}: not a shop's data folder (it holds no pglite folder).\n${usage}`)
    process.exit(2)
  }
  return value
}

/** The build to run: build/ as it is with --no-build (false, said why, when there is none), else built when its sources changed. */
export function prepareBuild(noBuild) {
  if (!noBuild) {
    buildIfNeeded(root)
    return true
  }
  if (fs.existsSync(path.join(root, 'build/server/index.js'))) return true
  console.error('The shop is not built: run `npm run build` first, or leave out --no-build.')
  return false
}

/** What a script has set up (a shop, a database, a folder), undone newest first however the script ends. */
export class Cleanups {
  #undos = []

  get length() {
    return this.#undos.length
  }

  push(undo) {
    this.#undos.push(undo)
  }

  /** Undoes all but the first `keep`, newest first; a failing one is reported and the rest still run. */
  async undo(keep = 0) {
    while (this.#undos.length > keep) {
      try {
        await this.#undos.pop()()
      } catch (err) {
        console.error(`Cleanup: ${err.message}`)
      }
    }
  }

  /** Runs `work` with `undo` registered until it is done, then undoes it at once. */
  async using(undo, work) {
    this.#undos.push(undo)
    try {
      return await work()
    } finally {
      const at = this.#undos.lastIndexOf(undo)
      if (at >= 0) this.#undos.splice(at, 1)
      await undo()
    }
  }
}

/** The shipping address of the orders a script places. */
export function shippingAddress(fullName) {
  return {
    fullName,
    buildingNumber: '12',
    streetName: 'Gandhi Road',
    city: 'Coimbatore',
    postalCode: '641001',
    state: 'Tamil Nadu',
    phoneNumber: '9876543210',
  }
}

/**
 * Who places a script's n-th order: a phone, an e-mail and a client address of its own (sent as X-Forwarded-For to a
 * shop started with TRUST_PROXY=1), as many customers would; one holder would meet the caps on units held by unpaid
 * orders after 30 units (decision 024).
 */
export function checkoutHolder(n, domain) {
  return {
    phoneNumber: `9${String(n % 1_000_000_000).padStart(9, '0')}`,
    email: `buyer${n}@${domain}`,
    headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
  }
}

/** Log levels at which the shop prints its "open" sentence (an info line). */
const LEVELS_WITH_INFO = new Set(['info', 'debug', 'trace'])

/**
 * A new database on the PostgreSQL server `serverUrl` names, with `drop()` to remove it.
 * `prefix` starts its name; `purpose` completes the error message ("for the load test").
 */
export async function createDatabase(serverUrl, { prefix = 'shop_loadtest', purpose = 'the load test' } = {}) {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 })
  try {
    await admin.connect()
    await admin.query(`create database ${name}`)
  } catch (err) {
    throw new SetupError(`Could not create a database for ${purpose} on the server DATABASE_URL names: ${err.message}`)
  } finally {
    await admin.end().catch(() => {})
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** A loopback port free right now (the shop takes it a moment later). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * The built shop as its own process, the way `npm start` runs it, on a free loopback port.
 * `logLevel` below `info` hides the shop's "open" sentence: the port is then chosen here and the start is seen
 * on `/readyz`. `env` adds or overrides settings; `node` is the Node.js that runs it (this one's by default).
 */
export async function startShop({ dataDir, databaseUrl, smtpUrl = '', logLevel = 'info', env = {}, node = process.execPath }) {
  const announces = LEVELS_WITH_INFO.has(logLevel)
  const port = announces ? 0 : await freePort()
  const child = spawn(node, ['server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SHOP_TRIAL: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      SEED_DEMO_CATALOGUE: 'auto',
      // Test payments, media on local disk, and nothing of a real shop's settings.
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      RAZORPAY_WEBHOOK_SECRET: '',
      PAYMENT_MODE: 'test',
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      PUBLIC_MEDIA_URL: '',
      PUBLIC_URL: '',
      // Every request comes from 127.0.0.1: per-client limits (20 checkouts per 10 minutes) would measure the limiter.
      RATE_LIMIT: 'off',
      // Unpaid orders keep their stock through the run and the wait for mail (the faults tests cover expiry).
      ORDER_EXPIRY_MINUTES: '30',
      LOG_LEVEL: logLevel,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // The shop logs a JSON line per request: keep only the last lines, the last errors, and count errors.
  const tail = []
  const errors = []
  let errorLines = 0
  let pending = ''
  const keep = (list, line, max) => {
    list.push(line.length > 400 ? `${line.slice(0, 400)}…` : line)
    if (list.length > max) list.shift()
  }
  const onLine = (line) => {
    if (!line) return
    keep(tail, line, 20)
    let level
    try {
      level = JSON.parse(line).level
    } catch {
      // Not JSON (stderr, say): kept with the errors.
      level = 'error'
    }
    if (level === 'error' || level === 'fatal') {
      errorLines++
      keep(errors, line, 10)
    }
  }
  const onData = (chunk) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop()
    lines.forEach(onLine)
  }
  child.stdout.setEncoding('utf8').on('data', onData)
  child.stderr.setEncoding('utf8').on('data', onData)
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))

  const url = await new Promise((resolve, reject) => {
    let settled = false
    const done = (fn, value) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      fn(value)
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      done(reject, new SetupError(`The shop did not start within 120 s:\n${tail.join('\n')}`))
    }, 120_000)
    if (announces) {
      const look = (chunk) => {
        const match = String(chunk).match(/The shop is open at (http:\/\/[^\s"]+)/)
        if (match) {
          child.stdout.off('data', look)
          done(resolve, match[1].replace('localhost', '127.0.0.1'))
        }
      }
      child.stdout.on('data', look)
    } else {
      const base = `http://127.0.0.1:${port}`
      void (async () => {
        while (!settled) {
          try {
            if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) return done(resolve, base)
          } catch {
            // Not listening yet.
          }
          await new Promise((r) => setTimeout(r, 200))
        }
      })()
    }
    void exited.then(({ code, signal }) => {
      done(reject, new SetupError(`The shop exited (${signal ?? `code ${code}`}) before it started:\n${tail.join('\n')}`))
    })
    // A `node` that cannot be run (a wrong SHOP_OLDEST_NODE, say): no 'exit' follows.
    child.once('error', (err) => done(reject, new SetupError(`Could not run ${node} to start the shop: ${err.message}`)))
  })

  let stopping
  return {
    url,
    /** The last error lines, else the last lines, for a failed run. */
    logTail: () => (errors.length ? errors : tail).slice(),
    errorLines: () => errorLines,
    /** SIGTERM, as a service manager stops it (requests in flight finish); SIGKILL if it hangs. */
    stop() {
      stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return exited
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
        const result = await exited
        clearTimeout(timer)
        return result
      })()
      return stopping
    },
  }
}
