// `npm run db:copy -- --to <postgres url>`: moves the shop off the embedded database. Copies every table from
// DATA_DIR's embedded database (or --from <postgres url>) into an empty PostgreSQL database, in one transaction,
// and checks the row counts. Uses the built shop; stop the shop first (the embedded database has one user at a time).
import fs from 'node:fs'
import path from 'node:path'
import { describeLocation, fail, loadShop, open, postgresUrl, printSummary, readArguments } from './db-tools.mjs'

const USAGE = 'Usage: npm run db:copy -- --to <postgres://user:password@host:5432/database> [--from <postgres url>]'
const args = readArguments(
  { to: { type: 'string' }, from: { type: 'string' } },
  USAGE,
  'Copies every table of the embedded database in DATA_DIR (or of --from) into the empty PostgreSQL database --to,\n' +
    'which is migrated first. Then start the shop with DATABASE_URL set to that database.',
)
if (!args.to) fail(`--to is missing.\n${USAGE}`, 64)
const to = { url: postgresUrl(args.to, '--to', USAGE) }

const { shop, config } = await loadShop()
const from = args.from ? { url: postgresUrl(args.from, '--from', USAGE) } : { dataDir: config.DATA_DIR }
// Opening a folder without one would make a new, empty embedded database: say so instead.
if ('dataDir' in from && !fs.existsSync(path.join(from.dataDir, 'pglite'))) {
  fail(`There is no embedded database in ${from.dataDir} (no pglite folder). Set DATA_DIR to the shop's data folder.`)
}

const source = await open(shop, from)
let target
try {
  target = await open(shop, to)
  console.log(`Copying ${describeLocation(from)} to ${describeLocation(to)}...`)
  const summary = await shop.copyDatabase(source.db, target.db)
  console.log(`Copied ${summary.totalRows} rows; every table's row count matches:`)
  printSummary(summary)
  console.log(
    `\nNext: start the shop with DATABASE_URL set to that database. Pictures stay in ${config.DATA_DIR}/media (or S3): keep them.`,
  )
} catch (err) {
  await Promise.allSettled([source.close(), target?.close()])
  fail(err instanceof shop.TransferError ? err.message : `The copy failed; nothing was written to the target: ${err.message}`)
}
await Promise.allSettled([source.close(), target?.close()])
process.exit(0)
