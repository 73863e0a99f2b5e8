import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { appSecrets } from './schema'
import { checkDatabaseReady, type DatabaseHandle } from './client.server'
import { describeDatabase, openTestDatabase, preparedOnce, sharedPreparationDir } from './test-database'

// openTestDatabase hands out copies of one migrated database made once per run: each must be complete and its own.
describe(`test databases on ${describeDatabase()}`, () => {
  const handles: DatabaseHandle[] = []
  afterAll(async () => {
    for (const handle of handles) await handle.close()
  })

  // The first to ask in a run also makes the migrated database they are copied from: slow on a busy machine.
  it('gives each caller a migrated, empty database of its own', { timeout: 120_000 }, async () => {
    const [first, second] = await Promise.all([openTestDatabase(), openTestDatabase()])
    handles.push(first!, second!)
    expect(await checkDatabaseReady(first!.db)).toEqual({ ready: true })
    expect(await checkDatabaseReady(second!.db)).toEqual({ ready: true })
    expect(await first!.db.select().from(appSecrets)).toEqual([])

    await first!.db.insert(appSecrets).values({ name: 'only-in-the-first', value: 'x' })
    expect(await second!.db.select().from(appSecrets)).toEqual([])
    const third = await openTestDatabase()
    handles.push(third)
    expect(await third.db.select().from(appSecrets)).toEqual([])
  })
})

describe(`a test database given back on ${describeDatabase()}`, () => {
  const columnsOf = async (handle: DatabaseHandle, table: string) => {
    const result = await handle.db.execute(
      sql`select column_name from information_schema.columns where table_name = ${table} order by column_name`,
    )
    return (result as unknown as { rows: Array<{ column_name: string }> }).rows.map((row) => row.column_name)
  }
  const queueMail = async (handle: DatabaseHandle) => {
    const result = await handle.db.execute(
      sql`insert into outbox (recipient, subject, text) values ('a@example.in', 's', 't') returning id`,
    )
    return Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id)
  }

  it('is lent again emptied, its ids from 1, and never once a file changed its tables', async () => {
    const first = await openTestDatabase()
    const columns = await columnsOf(first, 'app_secrets')
    await first.db.insert(appSecrets).values({ name: 'left-behind', value: 'x' })
    expect(await queueMail(first)).toBe(1)
    expect(await queueMail(first)).toBe(2)
    await first.close()

    const second = await openTestDatabase()
    // On PGlite the worker lends the same database again (decision 050); on PostgreSQL each is a new one.
    if (second.kind === 'pglite') expect(second.db).toBe(first.db)
    expect(await second.db.select().from(appSecrets)).toEqual([])
    expect(await queueMail(second)).toBe(1)
    await second.db.execute(sql`alter table app_secrets add column left_behind text`)
    await second.close()

    const third = await openTestDatabase()
    try {
      if (third.kind === 'pglite') expect(third.db).not.toBe(second.db)
      expect(await columnsOf(third, 'app_secrets')).toEqual(columns)
      expect(await third.db.select().from(appSecrets)).toEqual([])
    } finally {
      await third.close()
    }
  })
})

describe('preparedOnce, shared by the workers of a run', () => {
  it('prepares once however many ask at the same time, and all get the same folder', async () => {
    expect(sharedPreparationDir()).toBeTruthy()
    const name = `once-${process.pid}-${Date.now()}`
    let runs = 0
    const folders = await Promise.all(
      Array.from({ length: 4 }, () =>
        preparedOnce(name, async (folder) => {
          runs++
          await new Promise((r) => setTimeout(r, 300))
          fs.writeFileSync(path.join(folder, 'made'), 'yes')
        }),
      ),
    )
    expect(runs).toBe(1)
    expect(new Set(folders).size).toBe(1)
    expect(fs.readFileSync(path.join(folders[0]!, 'made'), 'utf8')).toBe('yes')
  })

  it("passes the preparer's failure on to those waiting for it", async () => {
    const name = `failing-${process.pid}-${Date.now()}`
    const first = preparedOnce(name, async () => {
      await new Promise((r) => setTimeout(r, 200))
      throw new Error('the template could not be made')
    })
    const waiting = preparedOnce(name, async () => {})
    await expect(first).rejects.toThrow('the template could not be made')
    await expect(waiting).rejects.toThrow(/failed in another worker:[\s\S]*the template could not be made/)
  })
})
