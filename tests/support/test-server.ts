import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  createTestDatabase,
  preparedEmbeddedCluster,
  preparedOnce,
  refuseInUnitProject,
  sharedPreparationDir,
} from '../../app/db/test-database'
import { scratchFolder } from './scratch-folder'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Settings under which a copy of a prepared data folder is not what the shop would have made itself: its own folder
 * or database, or pictures elsewhere. SEED_DEMO_CATALOGUE picks the folder: 'never' a migrated one with no catalogue,
 * unset the one with the demo catalogue, 'auto' (a test of the first start itself) none.
 */
const PREPARED_FOLDER_DOES_NOT_FIT = ['DATA_DIR', 'DATABASE_URL', 'S3_BUCKET', 'S3_ENDPOINT']

/** What a prepared data folder holds: the demo catalogue (and its pictures), or only the migrated tables. */
export type PreparedKind = 'demo' | 'migrated'

/** A data folder (and, on the PostgreSQL pass, a database) of the test's own, started from a prepared copy. */
export type TestData = { dataDir: string; env: Record<string, string>; drop: () => Promise<void> }

/**
 * A copy of the data a first start makes, for a test that starts the shop more than once on the same data (a
 * restart, a crash): pass `dataDir` and `env` to each startTestServer, and `drop()` at the end. On the PostgreSQL
 * pass `env` names a database of its own, a copy of the prepared one. Outside Vitest's prepared folder, both start
 * empty and the shop makes them.
 */
export async function copyOfPreparedData(kind: PreparedKind = 'demo'): Promise<TestData> {
  const serverUrl = process.env.TEST_DATABASE_URL
  const dataDir = scratchFolder('shop-test-')
  let template: string | undefined
  if (sharedPreparationDir()) {
    const folder = await preparedDataFolder(serverUrl, kind)
    copyFolder(path.join(folder, 'data'), dataDir)
    if (serverUrl) template = fs.readFileSync(path.join(folder, 'database-name'), 'utf8')
  }
  const database = serverUrl ? await createTestDatabase(serverUrl, { template }) : null
  return {
    dataDir,
    env: { DATABASE_URL: database?.url ?? '', ...(kind === 'migrated' ? { SEED_DEMO_CATALOGUE: 'never' } : {}) },
    async drop() {
      removeFolder(dataDir)
      await database?.drop()
    },
  }
}

/**
 * The contents of `from` into the folder `to`: with the system's `cp`, which copies a prepared data folder (47 MB in
 * 1,130 files) in about 150 ms against 200–400 ms for `fs.cpSync`, measured one after the other.
 */
function copyFolder(from: string, to: string) {
  if (process.platform === 'win32') fs.cpSync(from, to, { recursive: true })
  else execFileSync('cp', ['-R', `${from}/.`, to])
}

/** A data folder removed: with `rm -rf`, about 17 ms for a copy of a prepared one against 120 ms for `fs.rmSync`. */
function removeFolder(folder: string) {
  if (process.platform === 'win32') fs.rmSync(folder, { recursive: true, force: true })
  else execFileSync('rm', ['-rf', folder])
}

/**
 * V8's flag for the shops the tests start: their PGlite's WASM compiled by Liftoff alone, never again by TurboFan. A
 * shop under test lives for seconds, too short for the optimised code to pay for its compiling (decision 054).
 */
export const WASM_BASELINE_ONLY = '--liftoff-only'

/**
 * The data folder of an embedded shop's first start (migrations, the demo catalogue and its pictures) that `npm test`
 * made beside the PGlite pass, for the PostgreSQL pass's tests that start an embedded shop (SHOP_TEST_EMBEDDED_DATA):
 * pass it as `dataFrom`. Undefined in a run of Vitest alone, where such a shop makes its own.
 */
export function embeddedFirstStartData(): string | undefined {
  return process.env.SHOP_TEST_EMBEDDED_DATA || undefined
}

/** A test shop's settings over the defaults, its own data folder, or an embedded shop's data folder to start a copy of. */
type StartOptions = { env?: Record<string, string>; dataDir?: string; dataFrom?: string }

export type TestServer = {
  url: string
  dataDir: string
  stop: () => Promise<void>
  /** Standard output and error together. */
  output: () => string
  /** Standard output alone: the shop's JSON log lines. */
  stdout: () => string
  /** The shop's process: its pid, its exit code, for signals. */
  child: ChildProcess
}

/**
 * Starts the built shop as its own process on a free port, with a fresh data directory, the way a user runs it.
 * Extra environment variables override the defaults.
 *
 * Within a Vitest run, the build is checked first (built when its sources changed, as `npm start` does), and a
 * server with the default data settings starts on a copy of a data folder prepared once per run (migrated, demo
 * catalogue loaded: ~1 s to start instead of ~4.5 s; with SEED_DEMO_CATALOGUE 'never', migrated only); on PostgreSQL
 * its database is a copy of a prepared one. Given `dataDir` or settings of its own data
 * (PREPARED_FOLDER_DOES_NOT_FIT), it starts empty (an embedded one in a folder of its own: on the run's prepared
 * cluster, withPreparedCluster): a test that restarts the shop on the same data starts it from
 * copyOfPreparedData() instead. Given `dataFrom`, an embedded shop's data folder, it starts on a copy of it (its own,
 * removed at `stop()`).
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  refuseInUnitProject('startTestServer')
  await ensureBuilt()
  const kind = preparedKindFor(options)
  let data: TestData | null = null
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null
  if (kind) data = await copyOfPreparedData(kind)
  else if (process.env.TEST_DATABASE_URL && !options.env?.DATABASE_URL && !options.dataFrom)
    database = await createTestDatabase(process.env.TEST_DATABASE_URL)
  const dataDir = options.dataDir ?? data?.dataDir ?? scratchFolder('shop-test-')
  const databaseUrl = data?.env.DATABASE_URL ?? database?.url ?? ''
  if (options.dataFrom) copyFolder(options.dataFrom, dataDir)
  else if (!data && !options.dataDir && !options.env?.DATA_DIR && !(options.env?.DATABASE_URL ?? databaseUrl))
    await withPreparedCluster(dataDir)
  const child: ChildProcess = spawn(process.execPath, [WASM_BASELINE_ONLY, 'server.js'], {
    cwd: root,
    env: shopEnvironment(dataDir, databaseUrl, options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let stdout = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (output += d))

  // A prepared copy goes with its database; a folder the test gave stays.
  const removeData = async () => {
    if (data) await data.drop()
    else if (!options.dataDir) removeFolder(dataDir)
    await database?.drop()
  }

  const opened = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`The shop did not start within 120 s:\n${output}`))
    }, 120_000)
    const check = () => {
      const opened = openedAt(output)
      if (opened) {
        clearTimeout(timer)
        resolve(opened)
      }
    }
    child.stdout!.on('data', check)
    // 'close', not 'exit': by then the output is all read, so the message says why it stopped.
    child.on('close', (code) => {
      clearTimeout(timer)
      reject(new Error(`The shop exited with code ${code} before it started:\n${output}`))
    })
  })
  // A shop that did not start (a refused setting, say) leaves no copy of the data behind either.
  const url = await opened.catch(async (err) => {
    await removeData()
    throw err
  })

  return {
    url,
    dataDir,
    output: () => output,
    stdout: () => stdout,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      await removeData()
    },
  }
}

/**
 * Puts the run's prepared cluster (preparedEmbeddedCluster, app/db/test-database.ts) in an embedded shop's empty data
 * folder, so its database opens on it instead of running initdb; the shop then migrates and loads the demo catalogue
 * as on any first start. Outside a Vitest run the folder stays empty. The first start from an empty folder is what
 * start-script.embedded.test.ts and `npm test`'s first start (on the oldest Node.js) still make.
 */
async function withPreparedCluster(dataDir: string) {
  const cluster = await preparedEmbeddedCluster()
  if (!cluster) return
  const into = path.join(dataDir, 'pglite')
  fs.mkdirSync(into, { recursive: true })
  copyFolder(cluster.folder, into)
}

/** The address the shop says it is open at, once it has said so (server.js's opening line). */
function openedAt(output: string) {
  return output.match(/The shop is open at (http:\/\/\S+)/)?.[1]?.replace('localhost', '127.0.0.1')
}

/** The shop's environment in a test: the production build on a free port, with the test's settings over these. */
function shopEnvironment(dataDir: string, databaseUrl: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: '',
    // Like `npm start`: the production build without production's required secrets (tests/server/config.test.ts checks those).
    SHOP_TRIAL: '1',
    ...env,
  }
}

/** owner@<file's name>.test, for a server test file's name (`routes.test.ts`). */
const adminOfTestFile = (fileName: string) => `owner@${fileName.replace(/\.test\.ts$/, '')}.test`

/**
 * The admin a server test file signs up on the shared shop (sharedTestServer): one per file, named after it, so that
 * two files never make the same account on it.
 */
export function sharedShopAdmin(testFileUrl: string) {
  return adminOfTestFile(path.basename(new URL(testFileUrl).pathname))
}

/** The shared shop's settings: every server test file's admin, no rate limits (the files that test them start their own). */
function sharedShopSettings(): Record<string, string> {
  const files = fs.readdirSync(path.join(root, 'tests/server')).filter((f) => f.endsWith('.test.ts'))
  return { ADMIN_EMAILS: files.map(adminOfTestFile).join(','), RATE_LIMIT: 'off' }
}

export type SharedTestServer = Omit<TestServer, 'child'>

/**
 * A shop with the default data (the demo catalogue) and sharedShopSettings(), shared by the server test files that
 * need nothing else: one per Vitest worker, started by the first file that asks and stopped at the end of the run
 * (tests/support/vitest-global-setup.ts), so each such file saves a start (~3 s of CPU) and a copy of the data.
 * A worker runs one file at a time, so a file has the shop to itself while it runs, with what earlier files left:
 * such a file uses accounts of its own (sharedShopAdmin, its own customers' addresses), changes no setting, and
 * compares counts before and after rather than with fixed numbers. `stop()` leaves it running.
 */
export async function sharedTestServer(): Promise<SharedTestServer> {
  refuseInUnitProject('sharedTestServer')
  const worker = process.env.VITEST_POOL_ID
  const shared = sharedPreparationDir()
  // Outside Vitest's prepared folder: a shop of the file's own, with the same settings.
  if (!shared || !worker) return startTestServer({ env: sharedShopSettings() })
  await ensureBuilt()
  const serverUrl = process.env.TEST_DATABASE_URL
  const folder = await preparedOnce(`${serverUrl ? 'postgres-' : ''}shared-shop-${worker}`, async (folder) => {
    const data = await copyOfPreparedData('demo')
    fs.writeFileSync(path.join(folder, 'data-dir'), data.dataDir)
    if (data.env.DATABASE_URL) fs.writeFileSync(path.join(folder, 'database-name'), new URL(data.env.DATABASE_URL).pathname.slice(1))
    const logFile = path.join(folder, 'shop.log')
    const log = fs.openSync(logFile, 'a')
    // Writing to a file, not a pipe, and unreferenced: it outlives the file (and the worker thread) that started it.
    // In Vitest's process group still, so Ctrl+C in the terminal stops it with the run.
    const child = spawn(process.execPath, [WASM_BASELINE_ONLY, 'server.js'], {
      cwd: root,
      env: shopEnvironment(data.dataDir, data.env.DATABASE_URL ?? '', sharedShopSettings()),
      stdio: ['ignore', log, log],
    })
    fs.closeSync(log)
    child.unref()
    fs.writeFileSync(path.join(folder, 'pid'), String(child.pid))
    const started = Date.now()
    for (;;) {
      const output = fs.readFileSync(logFile, 'utf8')
      const opened = openedAt(output)
      if (opened) {
        fs.writeFileSync(path.join(folder, 'url'), opened)
        break
      }
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The shared shop exited before it started:\n${output}`)
      if (Date.now() - started > 120_000) throw new Error(`The shared shop did not start within 120 s:\n${output}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  })
  const url = fs.readFileSync(path.join(folder, 'url'), 'utf8')
  const logFile = path.join(folder, 'shop.log')
  const readLog = () => fs.readFileSync(logFile, 'utf8')
  return { url, dataDir: fs.readFileSync(path.join(folder, 'data-dir'), 'utf8'), output: readLog, stdout: readLog, stop: async () => {} }
}

/**
 * Stops the shared shops of a run (sharedTestServer) found in its prepared folder, and removes their data folders;
 * their databases go with the other prepared ones. Called by the global setup's teardown.
 */
export async function stopSharedShops(preparedDir: string) {
  for (const entry of fs.readdirSync(preparedDir)) {
    if (!/^(postgres-)?shared-shop-/.test(entry)) continue
    const folder = path.join(preparedDir, entry)
    const pidFile = path.join(folder, 'pid')
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8'))
      // Started from a worker thread that has ended, it may stay a zombie once it exits: that counts as gone.
      const alive = () => {
        try {
          process.kill(pid, 0)
        } catch {
          return false
        }
        try {
          return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
        } catch {
          return true
        }
      }
      if (alive()) process.kill(pid, 'SIGTERM')
      const asked = Date.now()
      while (alive() && Date.now() - asked < 15_000) await new Promise((r) => setTimeout(r, 50))
      if (alive()) process.kill(pid, 'SIGKILL')
    }
    const dataDirFile = path.join(folder, 'data-dir')
    if (fs.existsSync(dataDirFile)) removeFolder(fs.readFileSync(dataDirFile, 'utf8'))
  }
}

/**
 * Which prepared folder fits a server's settings, or null when it must start empty: its own data (a folder, a
 * database, a bucket), or a test of the first start itself (SEED_DEMO_CATALOGUE 'auto'). The folder with the demo
 * catalogue has its pictures at this shop's /media, so it does not fit a shop whose pictures are at PUBLIC_MEDIA_URL.
 */
function preparedKindFor(options: StartOptions): PreparedKind | null {
  const env = options.env ?? {}
  if (options.dataDir || options.dataFrom || PREPARED_FOLDER_DOES_NOT_FIT.some((name) => env[name] !== undefined)) return null
  if (env.SEED_DEMO_CATALOGUE === 'never') return 'migrated'
  if (env.SEED_DEMO_CATALOGUE === 'auto' || env.PUBLIC_MEDIA_URL !== undefined) return null
  return 'demo'
}

/**
 * Within a Vitest run, builds the shop once when its sources changed (the first caller builds, the others wait), so a
 * single test file runs on a fresh clone; outside one, the build must be there.
 */
export async function ensureBuilt() {
  if (sharedPreparationDir()) await preparedOnce('build', async () => buildIfNeeded())
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('The shop is not built: run `npm run build` before the server tests.')
  }
}

/** `npm start`'s check (scripts/build-if-needed.mjs): builds when the sources changed since the last build, and says so. */
function buildIfNeeded() {
  const script = "import { buildIfNeeded } from './scripts/build-if-needed.mjs'; buildIfNeeded(process.cwd())"
  // Without Vitest's NODE_ENV=test, which would make Vite build React's development bundle into the shop.
  const { NODE_ENV: _test, ...env } = process.env
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, stdio: 'inherit' })
}

/**
 * The data folder a first start makes (migrations, and unless `migrated` the demo catalogue and its pictures), made
 * once per Vitest run by starting and stopping the shop; on PostgreSQL with the database beside it, named in
 * `database-name` (the global setup's teardown drops it).
 */
function preparedDataFolder(serverUrl: string | undefined, kind: PreparedKind) {
  const name = `${serverUrl ? 'postgres-' : ''}server-data${kind === 'migrated' ? '-migrated' : ''}`
  return preparedOnce(name, async (folder) => {
    let databaseUrl = ''
    if (serverUrl) {
      const database = await createTestDatabase(serverUrl)
      databaseUrl = database.url
      fs.writeFileSync(path.join(folder, 'database-name'), new URL(database.url).pathname.slice(1))
    }
    const dataDir = path.join(folder, 'data')
    fs.mkdirSync(dataDir)
    if (!serverUrl) await withPreparedCluster(dataDir)
    const server = await startTestServer({
      dataDir,
      env: { DATABASE_URL: databaseUrl, SEED_DEMO_CATALOGUE: kind === 'demo' ? 'auto' : 'never' },
    })
    await server.stop()
  })
}
