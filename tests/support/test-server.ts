import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestDatabase, preparedOnce, refuseInUnitProject, sharedPreparationDir } from '../../app/db/test-database'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Settings under which a copy of the prepared data folder is not what the shop would have made itself: its own
 * folder or database, no demo catalogue, pictures elsewhere or all their widths made at start.
 */
const PREPARED_FOLDER_DOES_NOT_FIT = ['DATA_DIR', 'DATABASE_URL', 'SEED_DEMO_CATALOGUE', 'PUBLIC_MEDIA_URL', 'S3_BUCKET', 'S3_ENDPOINT']

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
 * catalogue loaded: ~1 s to start instead of ~4.5 s); on PostgreSQL its database is a copy of a prepared one.
 * Given `dataDir` or settings of its own data (PREPARED_FOLDER_DOES_NOT_FIT), it starts empty, as before.
 */
export async function startTestServer(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<TestServer> {
  refuseInUnitProject('startTestServer')
  if (sharedPreparationDir()) await preparedOnce('build', async () => buildIfNeeded())
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('The shop is not built: run `npm run build` before the server tests.')
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  const prepared = sharedPreparationDir() && !options.dataDir && !PREPARED_FOLDER_DOES_NOT_FIT.some((name) => options.env?.[name] !== undefined)
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'))
  let template: string | undefined
  if (prepared) {
    const folder = await preparedDataFolder(serverUrl)
    fs.cpSync(path.join(folder, 'data'), dataDir, { recursive: true })
    if (serverUrl) template = fs.readFileSync(path.join(folder, 'database-name'), 'utf8')
  }
  // On the PostgreSQL run of the suite, each server gets a fresh database on that server.
  const database = serverUrl && !options.env?.DATABASE_URL ? await createTestDatabase(serverUrl, { template }) : null
  const child: ChildProcess = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SMTP_URL: '',
      // Like `npm start`: the production build without production's required secrets (tests/server/config.test.ts checks those).
      SHOP_TRIAL: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let stdout = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (output += d))

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`The shop did not start within 120 s:\n${output}`))
    }, 120_000)
    const check = () => {
      const match = output.match(/The shop is open at (http:\/\/\S+)/)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!.replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout!.on('data', check)
    // 'close', not 'exit': by then the output is all read, so the message says why it stopped.
    child.on('close', (code) => {
      clearTimeout(timer)
      reject(new Error(`The shop exited with code ${code} before it started:\n${output}`))
    })
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
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
      await database?.drop()
    },
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
 * The data folder a first start makes (migrations, the demo catalogue and its pictures), made once per Vitest run
 * by starting and stopping the shop; on PostgreSQL with the database beside it, named in `database-name` (the
 * global setup's teardown drops it).
 */
function preparedDataFolder(serverUrl: string | undefined) {
  return preparedOnce(serverUrl ? 'postgres-server-data' : 'server-data', async (folder) => {
    let databaseUrl = ''
    if (serverUrl) {
      const database = await createTestDatabase(serverUrl)
      databaseUrl = database.url
      fs.writeFileSync(path.join(folder, 'database-name'), new URL(database.url).pathname.slice(1))
    }
    const dataDir = path.join(folder, 'data')
    fs.mkdirSync(dataDir)
    const server = await startTestServer({ dataDir, env: { DATABASE_URL: databaseUrl } })
    await server.stop()
  })
}
