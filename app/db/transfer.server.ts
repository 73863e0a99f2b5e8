import fs from 'node:fs'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import zlib from 'node:zlib'
import { is, type SQL, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from './client.server'
import * as schema from './schema'

// Moving the shop's data between databases (embedded PGlite, PostgreSQL) and to and from a backup file.
// Rows travel as PostgreSQL's own JSON of the row (row_to_json) and come back through json_populate_recordset,
// which decodes every value by its column's type: timestamps keep their microseconds, jsonb stays jsonb,
// and a column added to schema.ts needs no code here. See docs/decisions/013.

/** A copy or restore that cannot go ahead, or did not come out right; nothing was written. */
export class TransferError extends Error {}

export type TransferSummary = { tables: Array<{ table: string; rows: number }>; totalRows: number }

export const BACKUP_FORMAT = 'kaadu-shop-backup'
export const BACKUP_VERSION = 1
const BATCH_ROWS = 500

type TableInfo = { name: string; columns: string[]; orderBy: string[]; serials: string[] }
type Migrations = { count: number; last: string | null }
type BackupHeader = {
  format: typeof BACKUP_FORMAT
  version: typeof BACKUP_VERSION
  migrations: Migrations
  createdAt: string
  tables: Record<string, number>
  /** The next value of every serial column ("orders.number"), so numbers already handed out are not reused. */
  sequences: Record<string, number>
}
type Executor = Pick<Database, 'execute'>

/**
 * Tables about the servers running now, not the shop's data: a copy or backup leaves them out, or a server started
 * on the copy would take the source's servers for live ones (features/servers).
 */
export const RUNNING_STATE_TABLES = new Set(['server_heartbeats'])

/**
 * Every table of schema.ts but RUNNING_STATE_TABLES, each after the tables its foreign keys point to. Derived from the schema's
 * exports, so a new table is copied without anyone remembering to list it.
 */
export function tablesInCopyOrder(): TableInfo[] {
  const all = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && !RUNNING_STATE_TABLES.has(getTableConfig(value).name),
  )
  const ordered: PgTable[] = []
  const visit = (table: PgTable, through: PgTable[]) => {
    if (ordered.includes(table)) return
    if (through.includes(table)) throw new Error(`Foreign keys form a cycle through ${getTableConfig(table).name}`)
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = fk.reference().foreignTable
      if (parent !== table) visit(parent, [...through, table])
    }
    ordered.push(table)
  }
  for (const table of all) visit(table, [])
  return ordered.map((table) => {
    const config = getTableConfig(table)
    const primary = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name)
    return {
      name: config.name,
      // Generated columns (products.search_document) are computed by the target itself and cannot be written.
      columns: config.columns.filter((c) => !c.generated).map((c) => c.name),
      // Without a primary key, every column: any stable order will do.
      orderBy: primary.length ? primary : config.columns.map((c) => c.name),
      serials: config.columns.filter((c) => c.columnType === 'PgSerial').map((c) => c.name),
    }
  })
}

/** Copies every row of `source` into `target`, which must be migrated and empty, in one transaction on the target. */
export async function copyDatabase(source: Database, target: Database): Promise<TransferSummary> {
  const tables = tablesInCopyOrder()
  // One snapshot of the source: counts and rows agree even if a shop on PostgreSQL keeps writing to it.
  return source.transaction(
    async (read) => {
      await refuseUnknownTables(read, tables, 'The source database')
      const migrations = await appliedMigrations(read)
      const counts = await countRows(read, tables)
      const sequences = await nextSequenceValues(read, tables)
      return target.transaction(async (write) => {
        await refuseDifferentMigrations(migrations, await appliedMigrations(write), 'The source database')
        await refuseNonEmpty(write, tables)
        for (const table of tables) {
          for await (const rows of readRows(read, table)) await insertRows(write, table, rows)
        }
        await setSequences(write, tables, sequences)
        return checkCounts(write, tables, counts)
      })
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/**
 * Writes a backup of `source` to `file`: gzip'd JSON lines, a header and then one line per row.
 * The file appears only when complete, readable by its owner only (it holds password hashes and secrets).
 */
export async function writeBackup(source: Database, file: string): Promise<TransferSummary> {
  const tables = tablesInCopyOrder()
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 })
  const partial = `${file}.partial`
  const gzip = zlib.createGzip()
  const out = fs.createWriteStream(partial, { mode: 0o600 })
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve)
    out.on('error', reject)
    gzip.on('error', reject)
  })
  finished.catch(() => {}) // awaited below; an early failure must not go unhandled meanwhile
  gzip.pipe(out)
  // Waiting for each chunk to be taken keeps memory flat however large the tables are.
  const write = (text: string) => new Promise<void>((resolve, reject) => gzip.write(text, (err) => (err ? reject(err) : resolve())))
  try {
    const summary = await source.transaction(
      async (read) => {
        await refuseUnknownTables(read, tables, 'The database')
        const counts = await countRows(read, tables)
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          migrations: await appliedMigrations(read),
          createdAt: new Date().toISOString(),
          tables: Object.fromEntries(counts),
          sequences: Object.fromEntries(await nextSequenceValues(read, tables)),
        }
        await write(`${JSON.stringify(header)}\n`)
        for (const table of tables) {
          let written = 0
          for await (const rows of readRows(read, table)) {
            // row_to_json's text has no raw line breaks (JSON escapes them), so each row stays one line.
            await write(rows.map((r) => `{"t":${JSON.stringify(table.name)},"r":${r}}\n`).join(''))
            written += rows.length
          }
          if (written !== counts.get(table.name)) {
            throw new TransferError(`${table.name}: read ${written} rows but the table holds ${counts.get(table.name)}`)
          }
        }
        return summaryOf(tables, counts)
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    gzip.end()
    await finished
    fs.renameSync(partial, file)
    return summary
  } catch (err) {
    gzip.destroy()
    out.destroy()
    fs.rmSync(partial, { force: true })
    throw err
  }
}

/** Reads a backup made by writeBackup into `target`, which must be migrated and empty, in one transaction. */
export async function restoreBackup(file: string, target: Database): Promise<TransferSummary> {
  if (!fs.existsSync(file)) throw new TransferError(`There is no backup file at ${file}.`)
  const tables = tablesInCopyOrder()
  const lines = linesOf(file)
  try {
    return await restoreLines(file, lines, tables, target)
  } finally {
    await lines.return(undefined) // closes the file when we stopped early
  }
}

async function restoreLines(file: string, lines: AsyncGenerator<{ text: string; number: number }>, tables: TableInfo[], target: Database) {
  const byName = new Map(tables.map((t) => [t.name, t]))
  const first = await lines.next()
  if (first.done) throw new TransferError(`${file} is empty: it is not a backup of this shop.`)
  const header = parseHeader(first.value.text, file)
  const unknown = Object.keys(header.tables).filter((name) => !byName.has(name))
  const missing = tables.filter((t) => !(t.name in header.tables)).map((t) => t.name)
  if (unknown.length || missing.length) {
    throw new TransferError(
      `The backup's tables do not match this shop's (${[...unknown.map((n) => `unknown: ${n}`), ...missing.map((n) => `missing: ${n}`)].join(', ')}). ` +
        'Restore it with the version of the shop that made it.',
    )
  }

  return target.transaction(async (write) => {
    await refuseDifferentMigrations(header.migrations, await appliedMigrations(write), 'The backup')
    await refuseNonEmpty(write, tables)
    const read = new Map<string, number>()
    let pending: { table: TableInfo; rows: string[] } | null = null
    const flush = async () => {
      if (pending?.rows.length) await insertRows(write, pending.table, pending.rows)
      pending = null
    }
    for await (const { text, number } of lines) {
      if (!text.trim()) continue
      const { table: name, row } = parseRowLine(text, number, file)
      const table = byName.get(name)
      if (!table) throw new TransferError(`${file}, line ${number}: a row of an unknown table "${name}".`)
      if (pending && pending.table !== table) await flush()
      pending ??= { table, rows: [] }
      pending.rows.push(row)
      read.set(name, (read.get(name) ?? 0) + 1)
      if (pending.rows.length >= BATCH_ROWS) await flush()
    }
    await flush()
    for (const table of tables) {
      const rows = read.get(table.name) ?? 0
      if (rows !== header.tables[table.name]) {
        throw new TransferError(
          `The backup is incomplete: ${table.name} has ${rows} rows in the file, its header says ${header.tables[table.name]}. Nothing was restored.`,
        )
      }
    }
    await setSequences(write, tables, new Map(Object.entries(header.sequences)))
    return checkCounts(write, tables, new Map(Object.entries(header.tables)))
  })
}

// ---------------------------------------------------------------------------------------------------------

const id = (name: string) => sql.identifier(name)
const list = (names: string[], prefix?: string) =>
  sql.join(
    names.map((n) => (prefix ? sql`${id(prefix)}.${id(n)}` : id(n))),
    sql`, `,
  )
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows

async function countRows(db: Executor, tables: TableInfo[]) {
  const counts = new Map<string, number>()
  for (const table of tables) {
    const [row] = rowsOf(await db.execute(sql`select count(*) as n from ${id(table.name)}`))
    counts.set(table.name, Number(row!.n))
  }
  return counts
}

async function refuseNonEmpty(db: Executor, tables: TableInfo[]) {
  const counts = await countRows(db, tables)
  const filled = [...counts].filter(([, n]) => n > 0)
  if (filled.length) {
    throw new TransferError(
      `The target database is not empty (${filled.map(([t, n]) => `${t}: ${n}`).join(', ')}). ` +
        'Copy into a new, empty database (a new PostgreSQL database, or a new DATA_DIR); nothing was changed.',
    )
  }
}

/** A table the copy does not know would be left behind without a word: refuse instead. */
async function refuseUnknownTables(db: Executor, tables: TableInfo[], what: string) {
  const rows = rowsOf(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  )
  const known = new Set([...tables.map((t) => t.name), ...RUNNING_STATE_TABLES])
  const unknown = rows.map((r) => String(r.name)).filter((name) => !known.has(name))
  if (unknown.length) {
    throw new TransferError(
      `${what} has tables this version of the shop does not know (${unknown.join(', ')}); use the version that made them. Nothing was written.`,
    )
  }
}

/** The migrations drizzle recorded as applied: how many, and the last one's hash. */
async function appliedMigrations(db: Executor): Promise<Migrations> {
  const [row] = rowsOf(
    await db.execute(
      sql`select (select count(*) from drizzle.__drizzle_migrations) as count,
                 (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last`,
    ),
  )
  return { count: Number(row!.count), last: (row!.last as string | null) ?? null }
}

async function refuseDifferentMigrations(from: Migrations, to: Migrations, what: string) {
  if (from.count !== to.count || from.last !== to.last) {
    throw new TransferError(
      `${what} has ${from.count} migrations applied, the target database ${to.count}${from.count === to.count ? ' (different ones)' : ''}: ` +
        'both must be at the same version of the shop. Use the version that made the source, then upgrade. Nothing was written.',
    )
  }
}

/** The value each serial column's sequence hands out next, keyed "table.column". */
async function nextSequenceValues(db: Executor, tables: TableInfo[]) {
  const next = new Map<string, number>()
  for (const table of tables) {
    for (const column of table.serials) {
      const [found] = rowsOf(await db.execute(sql`select pg_get_serial_sequence(${`"${table.name}"`}, ${column}) as seq`))
      // The name comes from the catalogue, already quoted where needed.
      const [state] = rowsOf(await db.execute(sql`select last_value, is_called from ${sql.raw(String(found!.seq))}`))
      next.set(`${table.name}.${column}`, Number(state!.last_value) + (state!.is_called ? 1 : 0))
    }
  }
  return next
}

/** Serial columns continue after the copied rows (and after numbers the source handed out, even if since deleted). */
async function setSequences(db: Executor, tables: TableInfo[], next: Map<string, number>) {
  for (const table of tables) {
    for (const column of table.serials) {
      const wanted = next.get(`${table.name}.${column}`) ?? 1
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${`"${table.name}"`}, ${column}),
                          greatest(${wanted}::bigint, coalesce(max(${id(column)}), 0) + 1), false)
            from ${id(table.name)}`,
      )
    }
  }
}

async function checkCounts(db: Executor, tables: TableInfo[], expected: Map<string, number>): Promise<TransferSummary> {
  const actual = await countRows(db, tables)
  const wrong = tables.filter((t) => actual.get(t.name) !== expected.get(t.name))
  if (wrong.length) {
    throw new TransferError(
      `Row counts differ after the copy (${wrong.map((t) => `${t.name}: ${expected.get(t.name)} expected, ${actual.get(t.name)} copied`).join('; ')}); nothing was written.`,
    )
  }
  return summaryOf(tables, actual)
}

function summaryOf(tables: TableInfo[], counts: Map<string, number>): TransferSummary {
  const rows = tables.map((t) => ({ table: t.name, rows: counts.get(t.name) ?? 0 }))
  return { tables: rows, totalRows: rows.reduce((sum, r) => sum + r.rows, 0) }
}

/** The table's rows as JSON text, in batches, through a cursor of the open transaction. */
async function* readRows(tx: Executor, table: TableInfo): AsyncGenerator<string[]> {
  const cursor = id(`transfer_${table.name}`)
  await tx.execute(
    sql`declare ${cursor} no scroll cursor for
        select row_to_json(t)::text as r from ${id(table.name)} t order by ${list(table.orderBy, 't')}`,
  )
  for (;;) {
    const rows = rowsOf(await tx.execute(sql`fetch forward ${sql.raw(String(BATCH_ROWS))} from ${cursor}`))
    if (!rows.length) break
    yield rows.map((r) => r.r as string)
  }
  await tx.execute(sql`close ${cursor}`)
}

/** Inserts rows given as JSON objects keyed by column name; PostgreSQL decodes each value by its column's type. */
async function insertRows(tx: Executor, table: TableInfo, rows: string[]) {
  const columns = list(table.columns)
  const query: SQL = sql`insert into ${id(table.name)} (${columns})
    select ${columns} from json_populate_recordset(null::${id(table.name)}, ${`[${rows.join(',')}]`}::json)`
  try {
    await tx.execute(query)
  } catch (err) {
    throw new TransferError(`Could not write ${rows.length} rows of ${table.name}: ${(err as Error).message}`)
  }
}

function parseHeader(text: string, file: string): BackupHeader {
  let header: Partial<BackupHeader> | null = null
  try {
    header = JSON.parse(text)
  } catch {}
  if (!header || typeof header !== 'object' || header.format !== BACKUP_FORMAT) {
    throw new TransferError(`${file} is not a backup of this shop (no "${BACKUP_FORMAT}" header); nothing was restored.`)
  }
  if (header.version !== BACKUP_VERSION) {
    throw new TransferError(
      `${file} is a backup in format version ${String(header.version)}; this shop reads version ${BACKUP_VERSION}. Nothing was restored.`,
    )
  }
  const counts = header.tables
  const sequences = header.sequences
  const migrations = header.migrations
  const numbersIn = (o: unknown) => !!o && typeof o === 'object' && Object.values(o).every((n) => Number.isInteger(n) && (n as number) >= 0)
  if (!numbersIn(counts) || !numbersIn(sequences) || !migrations || !Number.isInteger(migrations.count)) {
    throw new TransferError(`${file} has a damaged header; nothing was restored.`)
  }
  return header as BackupHeader
}

const ROW_LINE = /^\{"t":"([a-z0-9_]+)","r":(\{.*\})\}$/

/** A row line as written by writeBackup; the row's JSON text goes to PostgreSQL untouched. */
function parseRowLine(text: string, number: number, file: string) {
  const exact = ROW_LINE.exec(text)
  if (exact) return { table: exact[1]!, row: exact[2]! }
  // Any other spelling of the same JSON (an edited file) is read the slow way.
  let line: { t?: unknown; r?: unknown } | null = null
  try {
    line = JSON.parse(text)
  } catch {}
  if (!line || typeof line.t !== 'string' || !line.r || typeof line.r !== 'object' || Array.isArray(line.r)) {
    throw new TransferError(`${file}, line ${number}: not a row of a shop backup; nothing was restored.`)
  }
  return { table: line.t, row: JSON.stringify(line.r) }
}

/** The file's lines, gunzipped; a file that is not gzip or is cut short fails with a clear message. */
async function* linesOf(file: string): AsyncGenerator<{ text: string; number: number }> {
  const input = fs.createReadStream(file)
  const gunzip = zlib.createGunzip()
  input.on('error', (err) => gunzip.destroy(err))
  input.pipe(gunzip)
  const decoder = new StringDecoder('utf8')
  let buffered = ''
  let number = 0
  try {
    for await (const chunk of gunzip) {
      buffered += decoder.write(chunk as Buffer)
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        yield { text: buffered.slice(0, end), number: ++number }
        buffered = buffered.slice(end + 1)
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'Z_DATA_ERROR') throw new TransferError(`${file} is not a gzip'd shop backup; nothing was restored.`)
    if (code === 'Z_BUF_ERROR') throw new TransferError(`${file} is cut short or damaged; nothing was restored.`)
    throw err
  } finally {
    input.destroy()
  }
  buffered += decoder.end()
  if (buffered) yield { text: buffered, number: ++number }
}
