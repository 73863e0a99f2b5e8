// `npm run admin:create -- --email <e> --password <p>`: makes the first admin (or any admin). Creates the
// account with that password, or makes an existing account an admin (its password stays as it is).
//
// It uses the built shop (`npm run build`, or one `npm start`) with the same settings as the shop: the same
// DATA_DIR or DATABASE_URL. The embedded database can be opened by one process only, so while the shop runs
// on that DATA_DIR this refuses and changes nothing; with DATABASE_URL it works beside running shops.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const USAGE = 'Usage: npm run admin:create -- --email <e-mail address> [--password <at least 8 characters>]'

let args
try {
  args = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } } }).values
} catch (err) {
  console.error(`${err.message}\n${USAGE}`)
  process.exit(64)
}
if (args.help) {
  console.log(`${USAGE}\n\nCreates the account as an admin, or makes an existing account an admin.`)
  process.exit(0)
}
if (!args.email) {
  console.error(`--email is missing.\n${USAGE}`)
  process.exit(64)
}

const bundle = path.join(root, 'build/server/index.js')
if (!fs.existsSync(bundle)) {
  console.error('The shop is not built yet: run `npm run build` (or start it once with `npm start`), then try again.')
  process.exit(1)
}
// Relative paths (DATA_DIR=./data) mean the same as for the shop, which runs from the project folder.
process.chdir(root)
const shop = await import(pathToFileURL(bundle).href)

let config
try {
  config = shop.readConfig()
} catch (err) {
  console.error(err.message)
  process.exit(1)
}

let handle
try {
  handle = await shop.openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
} catch (err) {
  if (err instanceof shop.DataDirectoryBusyError) {
    console.error(`${err.message}\nNothing was changed. Stop the shop, run this again, then start the shop.`)
    console.error('(Or, while it runs: set ADMIN_EMAILS for the shop and sign up or sign in with that address.)')
    process.exit(2)
  }
  console.error(`Could not open the database: ${err.message}`)
  process.exit(1)
}

let code = 0
try {
  const auth = await shop.startAuth(handle.db, config)
  const result = await shop.createOrPromoteAdmin(handle.db, auth, { email: args.email, password: args.password })
  const messages = {
    created: `Created the admin account ${result.email}. Sign in at /Signin to reach the dashboard (/dash).`,
    promoted: `${result.email} is an admin now (its password is unchanged).`,
    'already-admin': `${result.email} is an admin already; nothing changed.`,
  }
  console.log(messages[result.outcome])
} catch (err) {
  if (err instanceof shop.AdminInputError) {
    console.error(`${err.message}\n${USAGE}`)
    code = 64
  } else {
    console.error(`Could not create the admin: ${err.body?.message ?? err.message}`)
    code = 1
  }
} finally {
  await handle.close()
}
process.exit(code)
