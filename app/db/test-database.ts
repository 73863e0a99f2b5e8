import crypto from 'node:crypto'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from './client.server'

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database created on it and dropped afterwards.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) return openDatabase({ memory: true })
  const database = await createTestDatabase(serverUrl)
  const handle = await openDatabase({ url: database.url })
  return {
    ...handle,
    async close() {
      await handle.close()
      await database.drop()
    },
  }
}

/** An empty database on the PostgreSQL server `serverUrl` names, and a way to drop it. */
export async function createTestDatabase(serverUrl: string) {
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

export function describeDatabase() {
  return process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
}
