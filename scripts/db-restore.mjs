// `npm run db:restore -- --in <file> [--to <postgres url>]`: reads a backup made by `npm run db:backup` into an
// empty database: --to, else DATABASE_URL, else DATA_DIR's embedded database (a new DATA_DIR, or stop the shop first).
// All or nothing: one transaction, row counts checked against the backup.
import fs from 'node:fs'
import path from 'node:path'
import { describeLocation, fail, loadShop, open, postgresUrl, printSummary, readArguments } from './db-tools.mjs'

const USAGE = 'Usage: npm run db:restore -- --in <backup file> [--to <postgres://user:password@host:5432/database>]'
const args = readArguments(
  { in: { type: 'string' }, to: { type: 'string' } },
  USAGE,
  'Restores a backup into an empty database: --to, else DATABASE_URL, else the embedded database in DATA_DIR.\n' +
    'The database is migrated first; it must hold no rows (a new PostgreSQL database, or a new DATA_DIR).',
)
if (!args.in) fail(`--in is missing.\n${USAGE}`, 64)
const to = args.to ? { url: postgresUrl(args.to, '--to', USAGE) } : null

const { shop, config } = await loadShop()
const file = path.resolve(args.in)
if (!fs.existsSync(file)) fail(`There is no backup file at ${file}.`)
const location = to ?? (config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })

const target = await open(shop, location)
try {
  console.log(`Restoring ${file} into ${describeLocation(location)}...`)
  const summary = await shop.restoreBackup(file, target.db)
  console.log(`Restored ${summary.totalRows} rows; every table's row count matches the backup:`)
  printSummary(summary)
} catch (err) {
  await target.close().catch(() => {})
  fail(err instanceof shop.TransferError ? err.message : `The restore failed; nothing was written: ${err.message}`)
}
await target.close()
process.exit(0)
