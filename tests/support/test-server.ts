import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestDatabase } from '../../app/db/test-database'

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
 * Starts the built shop (`npm run build` first) as its own process on a free port, with a fresh data
 * directory, the way a user runs it. Extra environment variables override the defaults.
 */
export async function startTestServer(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<TestServer> {
  const root = path.resolve(import.meta.dirname, '../..')
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) {
    throw new Error('The shop is not built: run `npm run build` before the server tests.')
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'))
  // On the PostgreSQL run of the suite, each server gets a fresh database on that server.
  const database = process.env.TEST_DATABASE_URL && !options.env?.DATABASE_URL ? await createTestDatabase(process.env.TEST_DATABASE_URL) : null
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
