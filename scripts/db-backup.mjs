// `npm run db:backup -- [--out file]`: writes the whole database (DATABASE_URL, or DATA_DIR's embedded one) to a
// gzip'd file of JSON lines that `npm run db:restore` reads back. With the embedded database, stop the shop first.
// Pictures are not in it: back up DATA_DIR/media (or the S3 bucket) beside it.
import fs from 'node:fs'
import path from 'node:path'
import { describeLocation, fail, loadShop, open, printSummary, readArguments } from './db-tools.mjs'

const USAGE = 'Usage: npm run db:backup -- [--out <file>]   (default: DATA_DIR/backups/shop-<time>.jsonl.gz)'
const args = readArguments(
  { out: { type: 'string' } },
  USAGE,
  'Backs up the database the shop uses (DATABASE_URL, or the embedded database in DATA_DIR). The file holds password\n' +
    "hashes and the shop's secrets: it is written readable by its owner only; keep it as safe as the database.",
)

const { shop, config } = await loadShop()
const from = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR }
if ('dataDir' in from && !fs.existsSync(path.join(from.dataDir, 'pglite'))) {
  fail(`There is no embedded database in ${from.dataDir} (no pglite folder), and DATABASE_URL is not set: nothing to back up.`)
}
const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replaceAll(':', '-')
const file = path.resolve(args.out ?? path.join(config.DATA_DIR, 'backups', `shop-${stamp}.jsonl.gz`))
if (fs.existsSync(file)) fail(`${file} exists already; choose another --out.`)

const source = await open(shop, from)
try {
  console.log(`Backing up ${describeLocation(from)}...`)
  const summary = await shop.writeBackup(source.db, file)
  console.log(`Wrote ${file}: ${summary.totalRows} rows.`)
  printSummary(summary)
} catch (err) {
  await source.close().catch(() => {})
  fail(`The backup failed (no file was written): ${err.message}`)
}
await source.close()
process.exit(0)
