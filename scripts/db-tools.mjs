// What db-copy.mjs, db-backup.mjs and db-restore.mjs share: the built shop, its settings, opening a database
// with clear messages (exit 2 while the shop holds the embedded database), and URLs shown without passwords.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Passwords of the URLs in play, scrubbed from every message. */
const secrets = new Set()

/** The command line's options, or exit 64 with the usage (the scripts that start the shop read theirs with it too). */
export function readArguments(options, usage, help) {
  let values
  try {
    values = parseArgs({ options: { ...options, help: { type: 'boolean' } } }).values
  } catch (err) {
    fail(`${err.message}\n${usage}`, 64)
  }
  if (values.help) {
    console.log(`${usage}\n\n${help}`)
    process.exit(0)
  }
  return values
}

/** A postgres:// URL given on the command line, or exit 64. */
export function postgresUrl(value, flag, usage) {
  let url
  try {
    url = new URL(value)
  } catch {
    fail(`${flag} must be a PostgreSQL URL such as postgres://user:password@host:5432/shop.\n${usage}`, 64)
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    fail(`${flag} must start with postgres:// or postgresql://.\n${usage}`, 64)
  }
  secrets.add(decodeURIComponent(url.password))
  return value
}

/** The built shop's exports and settings (the same DATA_DIR and DATABASE_URL as the shop). */
export async function loadShop() {
  const bundle = path.join(root, 'build/server/index.js')
  if (!fs.existsSync(bundle)) fail('The shop is not built yet: run `npm run build` (or start it once with `npm start`), then try again.')
  // Relative paths (DATA_DIR=./data) mean the same as for the shop, which runs from the project folder.
  process.chdir(root)
  const shop = await import(pathToFileURL(bundle).href)
  let config
  try {
    config = shop.readConfig()
  } catch (err) {
    fail(err.message)
  }
  if (config.DATABASE_URL) secrets.add(decodeURIComponent(new URL(config.DATABASE_URL).password))
  return { shop, config }
}

/** Where a database is, for messages: never with its password. */
export function describeLocation(location) {
  if ('dataDir' in location) return `the embedded database in ${location.dataDir}`
  const url = new URL(location.url)
  if (url.password) url.password = '***'
  return `PostgreSQL ${url.toString()}`
}

/** Opens (and migrates) a database; exits 2 when the shop holds the embedded one, 1 on any other failure. */
export async function open(shop, location) {
  try {
    return await shop.openDatabase(location)
  } catch (err) {
    if (err instanceof shop.DataDirectoryBusyError) {
      fail(`${err.message}\nNothing was changed. Stop the shop, run this again, then start the shop.`, 2)
    }
    fail(`Could not open ${describeLocation(location)}: ${err.message}`)
  }
}

export function printSummary(summary) {
  const width = Math.max(...summary.tables.map((t) => t.table.length))
  for (const { table, rows } of summary.tables) console.log(`  ${`${table}:`.padEnd(width + 1)} ${rows}`)
}

/** Prints the message without any password we know of, and exits. */
export function fail(message, code = 1) {
  let text = String(message)
  for (const secret of secrets) if (secret) text = text.replaceAll(secret, '***')
  console.error(text)
  process.exit(code)
}
