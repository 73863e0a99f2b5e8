import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import lockfile from 'proper-lockfile'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
}

export type DatabaseLocation =
  | { url: string }
  /** The embedded database, persisted under dataDir/pglite; `memory` for tests. */
  | { dataDir: string }
  | { memory: true }

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
    const pool = new pg.Pool({ connectionString: location.url, max: 10 })
    // An idle connection dropped by the server (a restart, a failover) must not crash the shop: the pool
    // discards it and opens a new one on the next query.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message))
    const db = drizzlePg(pool, { schema }) as unknown as Database
    await migrateWithLock(pool, () => migratePg(drizzlePg(pool), { migrationsFolder: migrationsFolder() }))
    return { db, kind: 'postgres', close: () => pool.end() }
  }

  let releaseLock: (() => Promise<void>) | undefined
  let client: PGlite
  if ('dataDir' in location) {
    const dir = path.join(location.dataDir, 'pglite')
    fs.mkdirSync(dir, { recursive: true })
    try {
      releaseLock = await lockfile.lock(dir, {
        lockfilePath: path.join(location.dataDir, 'shop.lock'),
        stale: 15_000,
        update: 5_000,
        onCompromised: (err) => console.error('Lost the lock on the data directory:', err),
      })
    } catch (err) {
      if ((err as { code?: string }).code === 'ELOCKED') throw new DataDirectoryBusyError(location.dataDir)
      throw err
    }
    client = new PGlite(dir)
  } else {
    client = new PGlite()
  }
  try {
    await client.waitReady
    const db = drizzlePglite(client, { schema }) as unknown as Database
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() })
    return {
      db,
      kind: 'pglite',
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

/** Several app servers may start together: only one applies migrations at a time. */
async function migrateWithLock(pool: pg.Pool, run: () => Promise<void>) {
  const conn = await pool.connect()
  try {
    await conn.query('select pg_advisory_lock(7291001)')
    await run()
  } finally {
    await conn.query('select pg_advisory_unlock(7291001)').catch(() => {})
    conn.release()
  }
}
