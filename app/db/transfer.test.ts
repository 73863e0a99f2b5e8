import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type Database, type DatabaseHandle, openDatabase } from './client.server'
import * as schema from './schema'
import { describeDatabase, embeddedCluster, openTestDatabase } from './test-database'
import { copyDatabase, restoreBackup, RUNNING_STATE_TABLES, tablesInCopyOrder, TransferError, writeBackup } from './transfer.server'

// The source is always the embedded database (what a shop moves off); the target is PGlite, or PostgreSQL
// on the suite's PostgreSQL pass.

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows

/** Every table's rows as PostgreSQL's JSON text, in primary-key order, timestamps in UTC: equal means equal to the microsecond. */
async function everyRow(db: Database) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`)
    const all: Record<string, string[]> = {}
    for (const table of tablesInCopyOrder()) {
      const order = sql.join(
        table.orderBy.map((c) => sql.identifier(c)),
        sql`, `,
      )
      const rows = rowsOf(await tx.execute(sql`select row_to_json(t)::text as r from ${sql.identifier(table.name)} t order by ${order}`))
      all[table.name] = rows.map((r) => r.r as string)
    }
    return all
  })
}

/** Every table read through Drizzle, as the shop reads it (Dates, parsed jsonb, numbers, booleans). */
async function everyRowThroughDrizzle(db: Database) {
  const all: Record<string, unknown[]> = {}
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue
    const rows = await db.select().from(value)
    all[getTableConfig(value).name] = rows.map((r) => JSON.stringify(r)).sort()
  }
  return all
}

async function populate(db: Database) {
  await db.insert(schema.products).values([
    {
      id: 'ragi-biscuit',
      slug: 'ragi-biscuit',
      name: 'Ragi Biscuit',
      description: 'Millet "biscuits"\nbaked in ghee',
      category: 'herbal',
      subcategory: 'biscuits',
    },
    {
      id: 'dried-mango',
      slug: 'dried-mango',
      name: 'Freeze Dried Mango',
      description: 'மாம்பழம்',
      category: 'freeze-dried-fruit',
      frontImage: 'abc123',
    },
    {
      id: 'old-pepper',
      slug: 'old-pepper',
      name: 'Old Pepper',
      description: 'd',
      category: 'spices',
      archivedAt: sql`'2025-01-15 10:30:00.123456+05:30'`,
    },
  ])
  await db.insert(schema.variants).values([
    { productId: 'ragi-biscuit', size: 'one', pricePaise: 12000, stock: 7 },
    { productId: 'dried-mango', size: '250g', pricePaise: 45000, stock: 3 },
    { productId: 'dried-mango', size: '500g', pricePaise: 85000, stock: 0 },
    { productId: 'old-pepper', size: 'one', pricePaise: 9900, stock: 1 },
  ])
  await db.insert(schema.users).values([
    { id: 'u-admin', name: 'Owner', email: 'owner@kaadu.test', emailVerified: true, username: 'Owner', role: 'admin' },
    {
      id: 'u-meena',
      name: 'Meena',
      email: 'meena@example.in',
      username: 'Meena',
      phone: '+91 98430 12345',
      banned: true,
      banReason: 'spam',
      banExpires: sql`now() + interval '3 days'`,
    },
  ])
  await db.insert(schema.accounts).values([
    { id: 'a-admin', accountId: 'u-admin', providerId: 'credential', userId: 'u-admin', password: 'salt:hash-of-the-password' },
    {
      id: 'a-meena',
      accountId: 'u-meena',
      providerId: 'credential',
      userId: 'u-meena',
      password: 'salt:another-hash',
      accessTokenExpiresAt: new Date('2030-01-01T00:00:00Z'),
    },
  ])
  await db.insert(schema.sessions).values({
    id: 's1',
    token: 'token-1',
    userId: 'u-meena',
    expiresAt: sql`now() + interval '30 days'`,
    ipAddress: '198.51.100.7',
    userAgent: 'Firefox',
  })
  await db
    .insert(schema.verifications)
    .values({ id: 'v1', identifier: 'reset-password:abc', value: 'u-meena', expiresAt: sql`now() + interval '1 hour'` })
  await db.insert(schema.rateLimits).values({ id: 'r1', key: '198.51.100.7/sign-in/email', count: 3, lastRequest: 1_767_225_600_123 })
  const address = { fullName: 'Meena Sundaram', city: 'Madurai', postalCode: '625001', nested: { floor: 2, lift: false, tags: ['a', 'b'] } }
  const order = (n: number, status: schema.OrderStatus) => ({
    id: `order-${n}`,
    status,
    email: 'meena@example.in',
    shippingAddress: address,
    subtotalPaise: 12000 * n,
    deliveryPaise: 4000,
    totalPaise: 12000 * n + 4000,
    provider: 'test' as const,
    providerOrderId: `order_test_${n}`,
    buyerTokenHash: `hash-${n}`,
    checkoutKey: `key-${n}`,
    expiresAt: sql`now() + interval '30 minutes'`,
    paidAt: status === 'pending_payment' ? null : sql`now()`,
  })
  await db.insert(schema.orders).values([order(1, 'paid'), order(2, 'shipped'), order(3, 'pending_payment')])
  // A number handed out and then gone: the copy must not hand it out again.
  await db.delete(schema.orders).where(sql`${schema.orders.id} = 'order-3'`)
  await db.insert(schema.orderLines).values([
    { orderId: 'order-1', productId: 'ragi-biscuit', size: 'one', name: 'Ragi Biscuit', unitPricePaise: 12000, quantity: 1 },
    { orderId: 'order-2', productId: 'ragi-biscuit', size: 'one', name: 'Ragi Biscuit', unitPricePaise: 12000, quantity: 2 },
  ])
  await db.insert(schema.orderEvents).values([
    { orderId: 'order-1', status: 'pending_payment', note: 'Order placed' },
    { orderId: 'order-1', status: 'paid', note: 'Payment pay_1' },
    { orderId: 'order-2', status: 'shipped', actor: 'owner@kaadu.test' },
  ])
  await db.insert(schema.paymentEvents).values({ eventId: 'evt_1' })
  // More than one batch.
  await db.execute(sql`insert into outbox (recipient, subject, text, status, attempts, sent_at)
    select 'r' || i || '@example.in', 'Order confirmed', 'Line one' || chr(10) || 'line two', case when i % 3 = 0 then 'sent' else 'pending' end, i % 4,
           case when i % 3 = 0 then now() end
    from generate_series(1, 1203) i`)
  await db.insert(schema.contactMessages).values([
    { name: 'Selvi', email: 'selvi@example.in', phone: '9876543210', message: 'Do you ship to Ooty?' },
    {
      name: 'Ravi',
      email: 'ravi@example.in',
      phone: '9876543211',
      message: 'Thanks!',
      handledAt: new Date(),
      handledBy: 'owner@kaadu.test',
    },
  ])
  await db
    .insert(schema.shopSettings)
    .values({ id: 1, value: { phone: '+91 44 1234 5678', hours: ['Mon–Sat 9–6'], price: 12.5, open: true } })
  await db.insert(schema.appSecrets).values([
    { name: 'auth-secret', value: 'kept-secret' },
    { name: 'test-payment-secret', value: 'another' },
  ])
}

describe('the list of tables to copy', () => {
  it("holds every table of schema.ts but the running servers' state, each after the tables it refers to", () => {
    const names = tablesInCopyOrder().map((t) => t.name)
    const exported = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((t) => getTableConfig(t as PgTable).name)
    expect(exported.length).toBeGreaterThanOrEqual(15)
    expect(exported).toContain('server_heartbeats')
    expect([...names].sort()).toEqual(exported.filter((name) => !RUNNING_STATE_TABLES.has(name)).sort())
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue
      for (const fk of getTableConfig(value).foreignKeys) {
        const parent = getTableConfig(fk.reference().foreignTable).name
        expect(names.indexOf(parent), `${parent} before ${getTableConfig(value).name}`).toBeLessThan(
          names.indexOf(getTableConfig(value).name),
        )
      }
    }
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('sessions'))
    expect(tablesInCopyOrder().find((t) => t.name === 'orders')!.serials).toEqual(['number'])
  })
})

describe(`copying the embedded database to ${describeDatabase()}`, () => {
  let source: DatabaseHandle
  const opened: DatabaseHandle[] = []
  const target = async () => {
    const handle = await openTestDatabase()
    opened.push(handle)
    return handle
  }
  let dir: string
  beforeAll(async () => {
    source = await openDatabase({ memory: true, cluster: await embeddedCluster() })
    await populate(source.db)
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-transfer-'))
  })
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((h) => h.close()))
  })
  afterAll(async () => {
    await source?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('the test database is migrated and holds exactly the tables the copy knows', async () => {
    const { db } = await target()
    const rows = rowsOf(
      await db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    )
    expect(rows.map((r) => r.name).sort()).toEqual([...tablesInCopyOrder().map((t) => t.name), ...RUNNING_STATE_TABLES].sort())
  })

  it('copies every row of every table exactly, and the counts', async () => {
    const { db } = await target()
    const summary = await copyDatabase(source.db, db)
    expect(summary.tables.find((t) => t.table === 'outbox')!.rows).toBe(1203)
    expect(summary.tables.find((t) => t.table === 'orders')!.rows).toBe(2)
    expect(summary.tables.map((t) => t.table)).toEqual(tablesInCopyOrder().map((t) => t.name))
    expect(summary.totalRows).toBe(summary.tables.reduce((s, t) => s + t.rows, 0))

    const before = await everyRow(source.db)
    expect(await everyRow(db)).toEqual(before)
    expect(await everyRowThroughDrizzle(db)).toEqual(await everyRowThroughDrizzle(source.db))
    // Microseconds survive (a Date would keep milliseconds only).
    expect(before.products!.find((r) => r.includes('old-pepper'))).toContain('"archived_at":"2025-01-15T05:00:00.123456+00:00"')
    expect(before.rate_limits![0]).toContain('"last_request":1767225600123')
  })

  it('continues every serial column after the copied rows, without reusing a number the source handed out', async () => {
    const { db } = await target()
    await copyDatabase(source.db, db)
    const [next] = rowsOf(await db.execute(sql`select nextval(pg_get_serial_sequence('orders', 'number')) as n`))
    expect(Number(next!.n)).toBe(4)
    const [mail] = await db.insert(schema.outbox).values({ recipient: 'x@example.in', subject: 's', text: 't' }).returning()
    expect(mail!.id).toBe(1204)
    const [event] = await db.insert(schema.orderEvents).values({ orderId: 'order-1', status: 'packed' }).returning()
    expect(event!.id).toBe(4)
    const [message] = await db
      .insert(schema.contactMessages)
      .values({ name: 'n', email: 'e@example.in', phone: '1', message: 'm' })
      .returning()
    expect(message!.id).toBe(3)
  })

  it('refuses a target that holds any row, and changes nothing there', async () => {
    const { db } = await target()
    await db.insert(schema.appSecrets).values({ name: 'auth-secret', value: 'other' })
    const refused = await copyDatabase(source.db, db).catch((err) => err)
    expect(refused).toBeInstanceOf(TransferError)
    expect(refused.message).toContain('not empty (app_secrets: 1)')
    expect(await db.select().from(schema.products)).toEqual([])
    expect(await db.select().from(schema.appSecrets)).toEqual([{ name: 'auth-secret', value: 'other' }])
  })

  it('backs up to a gzip file of JSON lines and restores it exactly', async () => {
    const file = path.join(dir, 'nested', 'shop.jsonl.gz')
    const written = await writeBackup(source.db, file)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.existsSync(`${file}.partial`)).toBe(false)
    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n')
    const header = JSON.parse(lines[0]!)
    expect(header).toMatchObject({
      format: 'kaadu-shop-backup',
      version: 1,
      tables: { outbox: 1203, orders: 2, users: 2 },
      sequences: { 'orders.number': 4 },
    })
    expect(header.migrations.count).toBeGreaterThanOrEqual(5)
    expect(lines.length).toBe(1 + written.totalRows)
    expect(JSON.parse(lines[1]!)).toMatchObject({ t: 'products', r: { id: 'dried-mango' } })

    const { db } = await target()
    const restored = await restoreBackup(file, db)
    expect(restored).toEqual(written)
    expect(await everyRow(db)).toEqual(await everyRow(source.db))
    expect(await everyRowThroughDrizzle(db)).toEqual(await everyRowThroughDrizzle(source.db))
    const [next] = rowsOf(await db.execute(sql`select nextval(pg_get_serial_sequence('orders', 'number')) as n`))
    expect(Number(next!.n)).toBe(4)

    // A restored database is not empty: restoring again is refused.
    await expect(restoreBackup(file, db)).rejects.toThrow(/not empty/)
  })

  describe('refuses a file that is not a whole backup of this shop, restoring nothing', () => {
    const gz = (name: string, lines: unknown[]) => {
      const file = path.join(dir, name)
      fs.writeFileSync(file, zlib.gzipSync(`${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`))
      return file
    }
    let good: string[]
    beforeAll(async () => {
      const file = path.join(dir, 'good.jsonl.gz')
      await writeBackup(source.db, file)
      good = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n')
    })
    const expectNothingRestored = async (db: Database) => {
      expect(await db.select().from(schema.products)).toEqual([])
      expect(await db.select().from(schema.users)).toEqual([])
    }

    it.each([
      [
        'plain text',
        () => {
          const f = path.join(dir, 'plain.txt')
          fs.writeFileSync(f, 'hello\n')
          return f
        },
        /not a gzip'd shop backup/,
      ],
      ['a missing file', () => path.join(dir, 'nothing-here.gz'), /no backup file at/],
      ['another format', () => gz('other.gz', [{ format: 'someone-else', version: 1 }]), /not a backup of this shop/],
      ['a newer version', () => gz('v2.gz', [{ ...JSON.parse(good[0]!), version: 2 }]), /format version 2; this shop reads version 1/],
      [
        'other migrations',
        () => gz('migr.gz', [{ ...JSON.parse(good[0]!), migrations: { count: 99, last: 'x' } }, ...good.slice(1)]),
        /99 migrations applied/,
      ],
      [
        'an unknown table',
        () => gz('unknown.gz', [{ ...JSON.parse(good[0]!), tables: { ...JSON.parse(good[0]!).tables, wishlists: 0 } }]),
        /unknown: wishlists/,
      ],
      [
        'a cut-short file',
        () => {
          const f = path.join(dir, 'cut.gz')
          const all = zlib.gzipSync(good.join('\n'))
          fs.writeFileSync(f, all.subarray(0, all.length - 200))
          return f
        },
        /cut short or damaged/,
      ],
      ['missing rows', () => gz('fewer.gz', good.slice(0, -1)), /The backup is incomplete: \w+ has 0 rows in the file, its header says 1/],
      ['a damaged row', () => gz('row.gz', [...good.slice(0, 5), 'not json', ...good.slice(5)]), /line 6: not a row of a shop backup/],
      // A row PostgreSQL refuses (the total is not subtotal + delivery) after others were written: all roll back.
      [
        'a row the database refuses',
        () =>
          gz(
            'check.gz',
            good.map((l) => l.replace('"total_paise":16000', '"total_paise":1')),
          ),
        /Could not write 2 rows of orders/,
      ],
    ])('%s', async (_what, makeFile, message) => {
      const { db } = await target()
      await expect(restoreBackup(makeFile(), db)).rejects.toThrow(message)
      await expectNothingRestored(db)
    })
  })
})
