import fs from 'node:fs'
import path from 'node:path'
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
