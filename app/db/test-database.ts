import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import {
  type Database,
  type DatabaseHandle,
  embeddedDatabaseOptions,
  listenOnPglite,
  migrationsFolder,
  openDatabase,
} from './client.server'
import { drizzleOnPglite } from './pglite-drizzle.server'
import { queryCountingLogger } from './query-count.server'
import * as schema from './schema'

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database created on it and dropped afterwards.
 *
 * Within a Vitest run (tests/support/vitest-global-setup.ts) both are copies of one migrated database made once
 * per run: PGlite loads a dump of it (~0.7 s instead of ~2 s to create and migrate one), once per worker, and lends
 * it to one file at a time, emptied (lendWorkerDatabase); PostgreSQL creates the database from it as a template.
 * Elsewhere, each is made and migrated afresh.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  refuseInUnitProject('openTestDatabase')
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    if (!sharedPreparationDir()) return openDatabase({ memory: true })
    const folder = await preparedOnce('pglite-migrated', async (into) => {
      const client = new PGlite(embeddedDatabaseOptions({ loadDataDir: await embeddedCluster() }))
      try {
        await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() })
        const dump = await client.dumpDataDir('none')
        fs.writeFileSync(path.join(into, 'pgdata.tar'), Buffer.from(await dump.arrayBuffer()))
      } finally {
        await client.close()
      }
    })
    return lendWorkerDatabase(path.join(folder, 'pgdata.tar'))
  }
  const template = sharedPreparationDir()
    ? await preparedTemplateDatabase(serverUrl, 'migrated', (url) => openDatabase({ url }).then((h) => h.close()))
    : undefined
  const database = await createTestDatabase(serverUrl, { template })
  const handle = await openDatabase({ url: database.url })
  return {
    ...handle,
    async close() {
      await handle.close()
      await database.drop()
    },
  }
}

/**
 * The embedded database's cluster as its initdb leaves it (PostgreSQL's own catalogues, no tables of the shop), made
 * once per Vitest run: `folder` to copy as a data folder's `pglite` (tests/support/test-server.ts), `dump` to open in
 * memory. PGlite runs initdb whenever it finds no cluster, 2.8–3.4 CPU-s each time, against 0.55–0.59 to load a dump
 * of one (decision 063). Undefined outside a Vitest run: each caller's PGlite makes its own.
 */
export async function preparedEmbeddedCluster(): Promise<{ folder: string; dump: string } | undefined> {
  if (!sharedPreparationDir()) return undefined
  const prepared = await preparedOnce('pglite-cluster', async (into) => {
    const client = new PGlite(path.join(into, 'pglite'), embeddedDatabaseOptions())
    try {
      await client.waitReady
      const dump = await client.dumpDataDir('none')
      fs.writeFileSync(path.join(into, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()))
    } finally {
      await client.close()
    }
  })
  return { folder: path.join(prepared, 'pglite'), dump: path.join(prepared, 'pglite.tar') }
}

/**
 * The run's prepared cluster as PGlite's `loadDataDir` (or openDatabase's `cluster`) takes it, for an embedded database
 * of a file's own in memory; undefined outside a Vitest run, where PGlite runs initdb.
 */
export async function embeddedCluster(): Promise<Blob | undefined> {
  const cluster = await preparedEmbeddedCluster()
  return cluster && new Blob([fs.readFileSync(cluster.dump)])
}

/**
 * This worker's embedded database, lent to one test file at a time and emptied before each (decision 050): loading
 * the dump again for every file cost ~0.75 s each, 49 times a pass. Test files run one after another in a worker and
 * share its modules (decision 047), so this outlives the file that opened it.
 */
let workerDatabase: { handle: DatabaseHandle; lent: boolean; schema: string } | undefined
let openingWorkerDatabase = false

/**
 * Lends this worker's database, emptied, or, while it is lent (a file that opens two at once), a copy of its own.
 * `close()` gives it back. A database whose tables, columns, constraints or triggers a file changed is not lent
 * again: the next file gets a fresh copy.
 */
async function lendWorkerDatabase(dumpFile: string): Promise<DatabaseHandle> {
  if (workerDatabase && !workerDatabase.lent) {
    const lender = workerDatabase
    lender.lent = true
    if ((await schemaOf(lender.handle.db)) === lender.schema) {
      await emptyDatabase(lender.handle.db)
      return lentHandle(lender)
    }
    workerDatabase = undefined
    await lender.handle.close()
  }
  if (workerDatabase || openingWorkerDatabase) return openPgliteCopy(dumpFile)
  openingWorkerDatabase = true
  try {
    const handle = await openPgliteCopy(dumpFile)
    workerDatabase = { handle, lent: true, schema: await schemaOf(handle.db) }
    return lentHandle(workerDatabase)
  } finally {
    openingWorkerDatabase = false
  }
}

function lentHandle(lender: { handle: DatabaseHandle; lent: boolean }): DatabaseHandle {
  let returned = false
  return {
    ...lender.handle,
    async close() {
      if (returned) return
      returned = true
      lender.lent = false
    },
  }
}

/** What a file could change of the migrated schema, in one string. */
async function schemaOf(db: Database) {
  const result = await db.execute(sql`
    select string_agg(item, ',' order by item) as schema from (
      select format('%s.%s:%s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod)) as item
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
      union all select conname || ':' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
      union all select tgname from pg_trigger where not tgisinternal
      union all select indexname from pg_indexes where schemaname = 'public'
    ) items`)
  return String((result as unknown as { rows: Array<{ schema: string }> }).rows[0]?.schema)
}

/** Every table of the shop emptied and its ids started again, as in a database just migrated (no migration adds rows). */
async function emptyDatabase(db: Database) {
  await db.execute(sql`
    do $$ begin
      execute (select 'truncate ' || string_agg(format('%I', tablename), ', ') || ' restart identity cascade' from pg_tables where schemaname = 'public');
    end $$`)
  await db.execute(sql`unlisten *`)
}

/** PGlite in memory from a dump of a migrated database; the migrator then finds nothing left to do. */
async function openPgliteCopy(dumpFile: string): Promise<DatabaseHandle> {
  const client = new PGlite(embeddedDatabaseOptions({ loadDataDir: new Blob([fs.readFileSync(dumpFile)]) }))
  try {
    await client.waitReady
    // Applies any migration newer than the dump (none within a run): the same check the shop makes at start.
    await migratePglite(drizzleOnPglite(client), { migrationsFolder: migrationsFolder() })
    const db = drizzleOnPglite(client, { schema, logger: queryCountingLogger }) as unknown as Database
    return { db, kind: 'pglite', listen: listenOnPglite(client), close: () => client.close() }
  } catch (err) {
    await client.close().catch(() => {})
    throw err
  }
}

/**
 * An empty database on the PostgreSQL server `serverUrl` names, and a way to drop it. With `template`, a copy of
 * that database instead (PostgreSQL's CREATE DATABASE … TEMPLATE: a file copy, no migrations replayed).
 */
export async function createTestDatabase(serverUrl: string, options: { template?: string } = {}) {
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`)
        break
      } catch (err) {
        // 55006: the template is being accessed by another session (another worker's copy starting): try again.
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err
        await new Promise((r) => setTimeout(r, 100 * attempt))
      }
    }
  } finally {
    await admin.end()
  }
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * The name of a template database on the PostgreSQL server, made once per Vitest run by `fill` (given its URL) and
 * dropped by the global setup's teardown, which finds its name in the shared folder.
 */
export async function preparedTemplateDatabase(serverUrl: string, kind: string, fill: (url: string) => Promise<void>): Promise<string> {
  const folder = await preparedOnce(`postgres-${kind}`, async (into) => {
    const database = await createTestDatabase(serverUrl)
    const name = new URL(database.url).pathname.slice(1)
    fs.writeFileSync(path.join(into, 'database-name'), name)
    await fill(database.url)
  })
  return fs.readFileSync(path.join(folder, 'database-name'), 'utf8')
}

/**
 * Vitest's "unit" project runs once, on no database (vitest.config.ts): a file there that opens one would never run on
 * PostgreSQL. Such a file is put in the "database" project by naming what it uses.
 */
export function refuseInUnitProject(what: string) {
  if (process.env.SHOP_TEST_PROJECT !== 'unit') return
  throw new Error(
    `${what} was called from a test file of Vitest's "unit" project, which runs on no database. Import openTestDatabase ` +
      'or startTestServer in the test file itself (vitest.config.ts puts such files in the "database" project).',
  )
}

export function describeDatabase() {
  return process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
}

/**
 * Where this Vitest run keeps what its workers prepare once and share (a migrated database, a prepared data folder):
 * set by tests/support/vitest-global-setup.ts, which removes it at the end. Outside Vitest (Playwright, scripts) it
 * is unset and each caller prepares its own.
 */
export function sharedPreparationDir(): string | undefined {
  return process.env.SHOP_TEST_PREPARED_DIR || undefined
}

/**
 * Runs `prepare` once per run across every Vitest worker, the first to ask doing it while the others wait, and
 * resolves to the folder it filled. A worker that fails leaves its error for the waiting ones.
 */
export async function preparedOnce(name: string, prepare: (folder: string) => Promise<void>, timeoutMs = 180_000): Promise<string> {
  const shared = sharedPreparationDir()
  if (!shared) throw new Error('preparedOnce needs SHOP_TEST_PREPARED_DIR (tests/support/vitest-global-setup.ts)')
  const folder = path.join(shared, name)
  const done = path.join(shared, `${name}.done`)
  const failed = path.join(shared, `${name}.failed`)
  let mine = false
  try {
    // mkdir is atomic: exactly one worker creates the folder and prepares it.
    fs.mkdirSync(folder)
    mine = true
  } catch (err) {
    if ((err as { code?: string }).code !== 'EEXIST') throw err
  }
  if (mine) {
    try {
      await prepare(folder)
      fs.writeFileSync(done, '')
    } catch (err) {
      fs.writeFileSync(failed, (err as Error).stack ?? String(err))
      throw err
    }
    return folder
  }
  const started = Date.now()
  while (!fs.existsSync(done)) {
    if (fs.existsSync(failed)) throw new Error(`Preparing ${name} failed in another worker:\n${fs.readFileSync(failed, 'utf8')}`)
    if (Date.now() - started > timeoutMs) throw new Error(`Waited ${timeoutMs / 1000} s for another worker to prepare ${name}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return folder
}
