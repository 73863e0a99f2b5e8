import net from 'node:net'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkDatabaseReady, type Database, openDatabase, type DatabaseHandle } from './client.server'
import { isDatabaseUnavailable } from './unavailable.server'
import { embeddedCluster } from './test-database'

/** A port nothing listens on: taken, then let go. */
async function closedPort() {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** What a call really threw. */
async function thrownBy(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (err) {
    return err
  }
  throw new Error('expected it to throw')
}

// One embedded database for the whole file, opened as the shop opens its own (without a folder).
let embedded: DatabaseHandle
beforeAll(async () => {
  embedded = await openDatabase({ memory: true, cluster: await embeddedCluster() })
})
afterAll(async () => {
  await embedded?.close()
})

describe('the embedded database', () => {
  it('opens with 16 MB of shared buffers, not PostgreSQL’s 128 MB, and pg_trgm (decision 059)', async () => {
    const settings = await embedded.db.execute(
      sql`select current_setting('shared_buffers') as buffers, (select count(*)::int from pg_extension where extname = 'pg_trgm') as trigrams`,
    )
    expect((settings as unknown as { rows: unknown[] }).rows).toEqual([{ buffers: '16MB', trigrams: 1 }])
  })
})

describe('isDatabaseUnavailable', () => {
  let url: string
  beforeAll(async () => {
    url = `postgres://shop@127.0.0.1:${await closedPort()}/shop`
  })

  it('recognises a query through drizzle when PostgreSQL is not there (ECONNREFUSED under DrizzleQueryError)', async () => {
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2_000 })
    pool.on('error', () => {})
    const err = await thrownBy(() => drizzle(pool).execute(sql`select 1`))
    await pool.end()
    expect((err as Error).message).toMatch(/Failed query/)
    expect(isDatabaseUnavailable(err)).toBe(true)
  })

  it("recognises the pool's own connect failing (a transaction's first step)", async () => {
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2_000 })
    const err = await thrownBy(() => pool.connect())
    await pool.end()
    expect((err as { code?: string }).code).toBe('ECONNREFUSED')
    expect(isDatabaseUnavailable(err)).toBe(true)
  })

  it('recognises the pool timing out while connecting', async () => {
    // A listener that accepts and never answers, like a server that is stuck.
    const silent = net.createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    const pool = new pg.Pool({ connectionString: `postgres://shop@127.0.0.1:${port}/shop`, connectionTimeoutMillis: 300 })
    pool.on('error', () => {})
    const err = await thrownBy(() => pool.query('select 1'))
    await pool.end()
    silent.close()
    expect(isDatabaseUnavailable(err)).toBe(true)
  })

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08003', 'connection does not exist'],
    ['53300', 'sorry, too many clients already'],
  ])('recognises PostgreSQL refusing with SQLSTATE %s', (code, message) => {
    const err = Object.assign(new pg.DatabaseError(message, 0, 'error'), { code })
    expect(isDatabaseUnavailable(err)).toBe(true)
    // The same, as drizzle throws it.
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', cause: err }))).toBe(
      true,
    )
  })

  it('recognises a connection dropped in the middle of a query', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(
      isDatabaseUnavailable(Object.assign(new Error('Failed query'), { query: 'select 1', cause: new Error('Connection terminated') })),
    ).toBe(true)
  })

  it('does not take a faulty query for an outage', async () => {
    const syntax = await thrownBy(() => embedded.db.execute(sql`selec 1`))
    expect(isDatabaseUnavailable(syntax)).toBe(false)
    const err23505 = Object.assign(new pg.DatabaseError('duplicate key value violates unique constraint', 0, 'error'), { code: '23505' })
    expect(isDatabaseUnavailable(err23505)).toBe(false)
    expect(isDatabaseUnavailable(new Error('Something else broke'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
  })

  it('does not take another service that cannot be reached (a fetch to a payment provider) for the database', async () => {
    const err = await thrownBy(() => fetch(`http://127.0.0.1:${new URL(url).port}/`))
    expect(JSON.stringify((err as { cause: { code: string } }).cause?.code)).toContain('ECONNREFUSED')
    expect(isDatabaseUnavailable(err)).toBe(false)
  })
})

describe('checkDatabaseReady (GET /readyz)', () => {
  it('is ready with every migration applied, and names the ones missing', async () => {
    expect(await checkDatabaseReady(embedded.db)).toEqual({ ready: true })
    // As if this version shipped a migration the database has not had yet.
    await embedded.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    )
    const readiness = await checkDatabaseReady(embedded.db)
    expect(readiness.ready).toBe(false)
    expect(!readiness.ready && readiness.reason).toMatch(/^Migrations not applied: 0\d{3}_\w+\.$/)
  })

  it('is not ready when PostgreSQL cannot be reached, or does not answer within its bound', async () => {
    const refused = new pg.Pool({ connectionString: `postgres://shop@127.0.0.1:${await closedPort()}/shop` })
    refused.on('error', () => {})
    expect(await checkDatabaseReady(drizzle(refused) as unknown as Database)).toEqual({
      ready: false,
      reason: 'The database cannot be reached.',
    })
    await refused.end()

    const silent = net.createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    // The pool would wait 1 s for a connection, longer than the check's bound; ending it waits that out too (5 s here
    // had made this test 5 s long).
    const stuck = new pg.Pool({
      connectionString: `postgres://shop@127.0.0.1:${(silent.address() as net.AddressInfo).port}/shop`,
      connectionTimeoutMillis: 1_000,
    })
    stuck.on('error', () => {})
    const started = Date.now()
    expect(await checkDatabaseReady(drizzle(stuck) as unknown as Database, 300)).toEqual({
      ready: false,
      reason: 'The database did not answer within 300 ms.',
    })
    expect(Date.now() - started).toBeLessThan(3_000)
    await stuck.end().catch(() => {})
    silent.close()
  })
})
