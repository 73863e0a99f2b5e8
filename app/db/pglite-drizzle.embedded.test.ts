import { PGlite } from '@electric-sql/pglite'
import { asc, sql } from 'drizzle-orm'
import { date, integer, interval, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedDatabaseOptions } from './client.server'
import { drizzleOnPglite } from './pglite-drizzle.server'
import { embeddedCluster } from './test-database'

// drizzleOnPglite (decision 062) must read every row exactly as Drizzle's own PGlite driver does: the types whose
// parsers Drizzle replaces (dates, times, intervals and their arrays) in each of Drizzle's modes, in and out of a
// transaction.

const moments = pgTable('moments', {
  id: integer('id').primaryKey(),
  at: timestamp('at'),
  atZoned: timestamp('at_zoned', { withTimezone: true }),
  atText: timestamp('at_text', { mode: 'string' }),
  day: date('day'),
  dayAsDate: date('day_as_date', { mode: 'date' }),
  span: interval('span'),
  amounts: numeric('amounts').array(),
  ats: timestamp('ats', { mode: 'string' }).array(),
})

describe('Drizzle on the embedded database with its parsers set once', () => {
  let client: PGlite
  beforeAll(async () => {
    client = new PGlite(embeddedDatabaseOptions({ loadDataDir: await embeddedCluster() }))
    await client.waitReady
    const reference = drizzle(client)
    await reference.execute(sql`create table moments (id integer primary key, at timestamp, at_zoned timestamptz, at_text timestamp,
      day date, day_as_date date, span interval, amounts numeric[], ats timestamp[])`)
    await reference.insert(moments).values([
      {
        id: 1,
        at: new Date('2026-11-27T18:30:05.123Z'),
        atZoned: new Date('2026-03-31T23:59:59.999Z'),
        atText: '2026-01-02 03:04:05.678',
        day: '2026-08-15',
        dayAsDate: new Date('2026-01-26T00:00:00Z'),
        span: '1 day 02:03:04',
        amounts: ['149.50', '0.01'],
        ats: ['2026-11-27 10:00:00', '2027-01-01 00:00:00.5'],
      },
      { id: 2, at: null, atZoned: null, atText: null, day: null, dayAsDate: null, span: null, amounts: null, ats: null },
    ])
  })
  afterAll(async () => client?.close())

  it('reads dates, times, intervals and their arrays as Drizzle’s own driver does, in and out of a transaction', async () => {
    // Drizzle's driver, which passes its parsers with every query: what the shop read before.
    const expected = await drizzle(client).select().from(moments).orderBy(asc(moments.id))
    expect(expected[0]!.at).toEqual(new Date('2026-11-27T18:30:05.123Z'))
    expect(expected[0]!.day).toBe('2026-08-15')

    const db = drizzleOnPglite(client)
    expect(await db.select().from(moments).orderBy(asc(moments.id))).toEqual(expected)
    expect(await db.transaction((tx) => tx.select().from(moments).orderBy(asc(moments.id)))).toEqual(expected)
    // Raw SQL through Drizzle: the text PostgreSQL sent, as with Drizzle's driver.
    const raw = await db.execute(sql`select at, at_zoned, day, span from moments where id = 1`)
    const rawExpected = await drizzle(client).execute(sql`select at, at_zoned, day, span from moments where id = 1`)
    expect(raw.rows).toEqual(rawExpected.rows)
    expect(typeof raw.rows[0]!.at).toBe('string')
  })

  it('writes through a transaction and rolls it back on an error', async () => {
    const db = drizzleOnPglite(client)
    await expect(
      db.transaction(async (tx) => {
        await tx.update(moments).set({ day: '2027-01-01' }).where(sql`id = 1`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const [row] = await db.select({ day: moments.day }).from(moments).where(sql`id = 1`)
    expect(row!.day).toBe('2026-08-15')
  })
})
