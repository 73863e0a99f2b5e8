import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { stopSharedShops } from './test-server'
import { scratchFolder } from './scratch-folder'

/**
 * One folder per Vitest run where workers keep what they prepare once and share (app/db/test-database.ts
 * preparedOnce): the migrated database, the prepared data folder of the server tests, the build check. Workers
 * start after this and inherit the variable. At the end: the shared shops stop, and the folder and the template
 * databases go.
 */
export default function setup() {
  // Two projects name this setup ("database" and "embedded"): the second finds the folder the first made.
  if (process.env.SHOP_TEST_PREPARED_DIR) return () => {}
  const dir = scratchFolder('shop-test-prepared-')
  process.env.SHOP_TEST_PREPARED_DIR = dir
  return async () => {
    await stopSharedShops(dir)
    const serverUrl = process.env.TEST_DATABASE_URL
    if (serverUrl) {
      for (const entry of fs.readdirSync(dir)) {
        const nameFile = path.join(dir, entry, 'database-name')
        if (!entry.startsWith('postgres-') || !fs.existsSync(nameFile)) continue
        const client = new pg.Client({ connectionString: serverUrl })
        await client.connect()
        await client.query(`drop database if exists ${fs.readFileSync(nameFile, 'utf8')} with (force)`).catch(() => {})
        await client.end()
      }
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
