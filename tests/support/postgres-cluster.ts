import { execFile, execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { scratchFolder } from './scratch-folder'

const run = promisify(execFile)

/**
 * A PostgreSQL server of a test's own, in a temporary directory, that the test may stop and start again (on
 * the same port) without disturbing the server the other tests share (TEST_DATABASE_URL). As .ci/run does:
 * as root it runs as `nobody`, since PostgreSQL refuses to run as root.
 */
export type PostgresCluster = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  url: string
  port: number
  /** `fast` ends sessions and shuts down cleanly; `immediate` is like a crash (recovery on the next start). */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>
  start: () => Promise<void>
  /** Stops it if running and removes its directory. */
  destroy: () => Promise<void>
}

/** The newest PostgreSQL server binaries Debian's packages installed, or a message saying what to install. */
export function findPostgresBinaries() {
  const base = '/usr/lib/postgresql'
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')) && fs.existsSync(path.join(base, v, 'bin/pg_ctl')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : []
  if (!versions.length) {
    throw new Error(
      'No PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin. This test starts a PostgreSQL ' +
        'server of its own: install them with `apt-get install postgresql` (.ci/run does so when they are missing).',
    )
  }
  return path.join(base, versions[0]!, 'bin')
}

async function freePort() {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBinaries()
  const asRoot = process.getuid?.() === 0
  // Root may not run postgres: the cluster belongs to `nobody`, like .ci/run's.
  const owner = asRoot
    ? { uid: Number(execFileSync('id', ['-u', 'nobody']).toString()), gid: Number(execFileSync('id', ['-g', 'nobody']).toString()) }
    : null
  const asOwner = (command: string, args: string[]) =>
    owner ? run('runuser', ['-u', 'nobody', '--', command, ...args]) : run(command, args)

  const dir = scratchFolder('shop-postgres-')
  const dataDir = path.join(dir, 'data')
  const socketDir = path.join(dir, 'socket')
  const logFile = path.join(dir, 'server.log')
  fs.mkdirSync(socketDir)
  if (owner) for (const p of [dir, socketDir]) fs.chownSync(p, owner.uid, owner.gid)
  const port = await freePort()
  let running = false

  const serverLog = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '(no server log)')
  const pgCtl = async (args: string[], what: string) => {
    try {
      await asOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args])
    } catch (err) {
      throw new Error(`PostgreSQL ${what} failed: ${(err as Error).message}\n${serverLog()}`)
    }
  }

  const start = async () => {
    // A throwaway server: durability is not needed, speed is.
    await pgCtl(
      [
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        'start',
        '-o',
        `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      ],
      'start',
    )
    running = true
  }
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgCtl(['-m', mode, '-w', '-t', '60', 'stop'], `stop (${mode})`)
    running = false
  }

  // If the test process ends without destroy() (a crash, a timeout), the server must not outlive it.
  const stopOnExit = () => {
    if (!running) return
    const command = [path.join(bin, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', '-w', 'stop']
    if (owner) spawnSync('runuser', ['-u', 'nobody', '--', ...command])
    else spawnSync(command[0]!, command.slice(1))
  }
  process.once('exit', stopOnExit)

  try {
    await asOwner(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale'])
    await start()
  } catch (err) {
    stopOnExit()
    fs.rmSync(dir, { recursive: true, force: true })
    throw err
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    async destroy() {
      if (running) await stop('immediate').catch(() => {})
      process.removeListener('exit', stopOnExit)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
