import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import lockfile from 'proper-lockfile'
import { log } from '../log.server'
import { drizzleOnPglite } from './pglite-drizzle.server'
import * as schema from './schema'
import { isDatabaseUnavailable } from './unavailable.server'
import { queryCountingLogger } from './query-count.server'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/**
 * The handle `db.transaction(...)` gives its callback (a savepoint's too). A function that must run inside one (a
 * gap-free number series, a row it locks, a change written with another) takes this, not a Database: a plain
 * Database has no `rollback()`, so the type checker refuses a call outside a transaction.
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Stops listening. */
export type StopListening = () => Promise<void>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  /**
   * Calls `onNotice` on each NOTIFY on `channel` (a plain name), from any server on the database, once its transaction
   * committed. Best effort: a notice sent while the connection was down is lost, so a listener also polls; on
   * PostgreSQL the connection is opened again after a loss, and `onNotice` is called then too, for what it missed.
   */
  listen: (channel: string, onNotice: () => void) => Promise<StopListening>
  close: () => Promise<void>
}

export type DatabaseLocation =
  | { url: string }
  /** The embedded database, persisted under dataDir/pglite; `memory` for tests. */
  | { dataDir: string }
  /** `cluster`: a dump of a data folder (PGlite's `dumpDataDir`) to start from instead of running initdb. */
  | { memory: true; cluster?: Blob }

/** Where the SQL migrations live, in the source tree and next to the built server alike. */
export function migrationsFolder() {
  const candidates = [
    path.resolve('app/db/migrations'),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/db/migrations'),
  ]
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta/_journal.json')))
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`)
  return found
}

/**
 * How every embedded database opens, the shop's and the tests' alike: with pg_trgm (a dump loads only with the
 * extensions it was made with), and 16 MB of shared buffers instead of PostgreSQL's 128 MB (decision 059). PGlite
 * zeroes the whole of its shared memory as it opens, so 128 MB cost a start about 0.6 CPU-s and the shop some
 * 120 MB of memory it never used: the demo catalogue's database is 9 MB, and a page not in the buffers is read from
 * the operating system's file cache.
 */
export function embeddedDatabaseOptions(more: PGliteOptions = {}): PGliteOptions {
  return { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'], ...more }
}

export class DataDirectoryBusyError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database in ${dir} is in use by another process (the shop is probably running). ` +
        'Stop it first: two processes writing to the embedded database would corrupt it.',
    )
  }
}

/**
 * Opens the database and applies pending migrations.
 * The embedded database takes a lock on its folder, because PGlite does not and a second writer corrupts it.
 */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('url' in location) {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: 10,
      // A database that does not answer fails a request in seconds (503, server/app.ts) instead of holding it.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // Notices a connection whose server vanished without closing it (a failover, a dropped network).
      keepAlive: true,
      // No query of a request should take this long; one that does is stopped rather than holding a connection.
      statement_timeout: 30_000,
    })
    // A connection dropped by the server (a restart, a failover) must not crash the shop: the pool discards it
    // and opens a new one on the next query. pg emits 'error' on the connection itself, and the pool listens
    // only while it is idle; one held between a transaction's statements needs its own listener too.
    pool.on('connect', (client) => {
      client.on('error', (err) => log.warn({ err }, 'PostgreSQL connection lost; the pool opens a new one when needed'))
    })
    // Already logged by the connection's own listener above.
    pool.on('error', () => {})
    const db = drizzlePg(pool, { schema, logger: queryCountingLogger }) as unknown as Database
    await migrateWithLock(pool)
    return {
      db,
      kind: 'postgres',
      listen: (channel, onNotice) => listenOnPostgres(location.url, channel, onNotice),
      close: () => pool.end(),
    }
  }

  let releaseLock: (() => Promise<void>) | undefined
  let client: PGlite
  if ('dataDir' in location) {
    const dir = path.join(location.dataDir, 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    releaseLock = await lockDataDirectory(location.dataDir, dir)
    client = new PGlite(dir, embeddedDatabaseOptions())
  } else {
    client = new PGlite(embeddedDatabaseOptions(location.cluster ? { loadDataDir: location.cluster } : {}))
  }
  try {
    await client.waitReady
    await migratePglite(drizzleOnPglite(client), { migrationsFolder: migrationsFolder() })
    const db = drizzleOnPglite(client, { schema, logger: queryCountingLogger }) as unknown as Database
    return {
      db,
      kind: 'pglite',
      listen: listenOnPglite(client),
      close: async () => {
        await client.close()
        await releaseLock?.()
      },
    }
  } catch (err) {
    await client.close().catch(() => {})
    await releaseLock?.()
    throw err
  }
}

/** DatabaseHandle's `listen` on an embedded database: its one connection hears its own notices. */
export function listenOnPglite(client: PGlite): DatabaseHandle['listen'] {
  return async (channel, onNotice) => {
    const unlisten = await client.listen(channel, () => onNotice())
    return () => unlisten().catch(() => {})
  }
}

/** How long a lost listening connection waits before it is opened again. */
const LISTEN_RETRY_MS = 5_000

/**
 * LISTEN on a connection of its own, outside the pool (a pooled one is handed to other queries, which would not
 * read its notices, and would hold one of the pool's connections for good). A lost connection is opened again after
 * LISTEN_RETRY_MS, and `onNotice` called once it is, for what was sent meanwhile; the shop never fails for it.
 */
async function listenOnPostgres(url: string, channel: string, onNotice: () => void): Promise<StopListening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`)
  let stopped = false
  let connection: pg.Client | null = null
  let retry: NodeJS.Timeout | undefined
  const openLater = () => {
    if (stopped || retry) return
    connection = null
    retry = setTimeout(() => {
      retry = undefined
      void open(true)
    }, LISTEN_RETRY_MS)
    retry.unref()
  }
  /** `again`: after a loss, when what was sent meanwhile went unheard. */
  const open = async (again: boolean) => {
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 })
    client.on('notification', (notice) => {
      if (notice.channel === channel) onNotice()
    })
    client.on('error', (err) => {
      // Once per loss: a cut connection reports its end as an error too.
      if (!stopped && connection === client) log.warn({ err }, `The connection listening for ${channel} was lost; polling meanwhile`)
      openLater()
    })
    client.on('end', openLater)
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
    } catch (err) {
      log.warn({ err }, `Could not listen for ${channel}; polling meanwhile`)
      await client.end().catch(() => {})
      openLater()
      return
    }
    if (stopped) return void (await client.end().catch(() => {}))
    connection = client
    if (again) onNotice()
  }
  await open(false)
  return async () => {
    stopped = true
    clearTimeout(retry)
    await connection?.end().catch(() => {})
  }
}

/** A lock not refreshed for this long belongs to a process that is gone (it is refreshed every 5 s). */
const LOCK_STALE_MS = 15_000

type LockOwner = { pid: number; host: string; since: string }

function readLockOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : null
  } catch {
    return null
  }
}

/** Whether a process of this machine is running; our own pid is a former run's (a container restarted as pid 1). */
function processRunning(pid: number) {
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as { code?: string }).code === 'EPERM'
  }
}

/**
 * Takes DATA_DIR/shop.lock (decision 005) and notes who holds it in shop.lock.owner. A lock left by a process that
 * died (SIGKILL, out of memory, power cut) must not keep the shop from starting again: when its owner ran on this
 * machine and is gone, the lock is taken over at once; when that cannot be told (another machine, no owner noted),
 * the start waits until the lock is stale, since a living owner keeps refreshing it.
 */
async function lockDataDirectory(dataDir: string, dir: string) {
  const lockPath = path.join(dataDir, 'shop.lock')
  const ownerPath = path.join(dataDir, 'shop.lock.owner')
  const take = (retries: lockfile.LockOptions['retries'] = 0) =>
    lockfile.lock(dir, {
      lockfilePath: lockPath,
      stale: LOCK_STALE_MS,
      update: 5_000,
      retries,
      onCompromised: (err) => log.error({ err }, 'Lost the lock on the data directory'),
    })
  const busy = (err: unknown) => {
    if ((err as { code?: string }).code === 'ELOCKED') return new DataDirectoryBusyError(dataDir)
    return err
  }
  let release: () => Promise<void>
  try {
    release = await take()
  } catch (err) {
    if ((err as { code?: string }).code !== 'ELOCKED') throw err
    const owner = readLockOwner(ownerPath)
    if (owner && owner.host === os.hostname()) {
      if (processRunning(owner.pid)) throw new DataDirectoryBusyError(dataDir)
      // Checked again just before removing, so a lock another starting process has just taken over is left alone;
      // the note goes first, so such a process never mistakes our fresh lock for the dead one's.
      const now = readLockOwner(ownerPath)
      if (now?.pid === owner.pid && now.since === owner.since) {
        log.warn(`The data directory's lock was left by process ${owner.pid}, which is no longer running; taking it over.`)
        fs.rmSync(ownerPath, { force: true })
        fs.rmSync(lockPath, { recursive: true, force: true })
      }
      release = await take().catch((e: unknown) => Promise.reject(busy(e)))
    } else {
      log.warn(
        `The data directory is locked by ${owner ? `process ${owner.pid} on ${owner.host}` : 'another process'}; waiting up to ${LOCK_STALE_MS / 1000} s for its lock to lapse.`,
      )
      const waits = Math.ceil(LOCK_STALE_MS / 1000) + 3
      release = await take({ retries: waits, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 }).catch((e: unknown) =>
        Promise.reject(busy(e)),
      )
    }
  }
  const owner: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() }
  fs.writeFileSync(`${ownerPath}.${process.pid}.tmp`, JSON.stringify(owner))
  fs.renameSync(`${ownerPath}.${process.pid}.tmp`, ownerPath)
  return async () => {
    // A lock released in order leaves no note: only a dead process's lock has one.
    if (readLockOwner(ownerPath)?.since === owner.since) fs.rmSync(ownerPath, { force: true })
    await release()
  }
}

/**
 * Several app servers may start together: only one applies migrations at a time. They run on the connection
 * that holds the lock, without the pool's statement timeout (an index on a big table may take a while).
 */
async function migrateWithLock(pool: pg.Pool) {
  const conn = await pool.connect()
  try {
    await conn.query('set statement_timeout = 0')
    await conn.query('select pg_advisory_lock(7291001)')
    await migratePg(drizzlePg(conn), { migrationsFolder: migrationsFolder() })
  } finally {
    await conn.query('select pg_advisory_unlock(7291001)').catch(() => {})
    await conn.query('reset statement_timeout').catch(() => {})
    conn.release()
  }
}

type Journal = { entries: { idx: number; when: number; tag: string }[] }
let journal: Journal | undefined

/** The migrations this version of the shop ships (drizzle's journal); read once, it does not change while running. */
function shippedMigrations() {
  journal ??= JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as Journal
  return journal.entries
}

export type Readiness = { ready: true } | { ready: false; reason: string }

/**
 * Whether the database answers within `timeoutMs` and has every migration this version ships. Drizzle's
 * migrator records each applied migration's journal time in drizzle.__drizzle_migrations and applies those
 * newer than the latest recorded: the same test here. Asked afresh each time (no caching).
 */
export async function checkDatabaseReady(db: Database, timeoutMs = 2_000): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `The database did not answer within ${timeoutMs} ms.` }), timeoutMs)
  })
  const check = (async (): Promise<Readiness> => {
    // node-postgres and PGlite both answer with `rows`; the generic database type does not say so.
    const result = (await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { latest: string | number | null }[]
    }
    const latest = Number(result.rows[0]?.latest ?? 0)
    const pending = shippedMigrations().filter((m) => m.when > latest)
    if (pending.length) return { ready: false, reason: `Migrations not applied: ${pending.map((m) => m.tag).join(', ')}.` }
    return { ready: true }
  })().catch((err: unknown): Readiness => {
    if ((err as { cause?: { code?: string } }).cause?.code === '42P01') return { ready: false, reason: 'No migrations applied yet.' }
    return { ready: false, reason: isDatabaseUnavailable(err) ? 'The database cannot be reached.' : 'The database check failed.' }
  })
  try {
    return await Promise.race([check, timeout])
  } finally {
    clearTimeout(timer)
  }
}
