import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { serverHeartbeats } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { beat, GONE_AFTER_SECONDS, liveServers, registerServer, startHeartbeat, unregisterServer } from './heartbeats.server'
import { joinServers, marksFolder, MediaNotSharedError, mediaPlace } from './servers.server'

describe(`server heartbeats on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const folders: string[] = []
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-servers-'))
    folders.push(dir)
    return dir
  }
  const local = (dataDir: string) => ({ DATA_DIR: dataDir, S3_BUCKET: undefined, S3_ENDPOINT: undefined, S3_REGION: 'us-east-1' })
  const bucket = (name: string, dataDir = folder()) => ({
    DATA_DIR: dataDir,
    S3_BUCKET: name,
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'us-east-1',
  })
  /** Makes a server look silent for `seconds`, as one killed that long ago. */
  const lastSeen = (id: string, seconds: number) =>
    handle.db
      .update(serverHeartbeats)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(serverHeartbeats.id, id))
  const rowCount = async () => (await handle.db.select().from(serverHeartbeats)).length

  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  beforeEach(async () => {
    await handle.db.delete(serverHeartbeats)
  })
  afterAll(async () => {
    await handle?.close()
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('lists the servers seen within a minute, oldest first, and forgets the silent ones', async () => {
    await registerServer(handle.db, { id: 'server-a', media: 'local disk' })
    const seenByB = await registerServer(handle.db, { id: 'server-b', media: 'local disk', host: 'shop-2', pid: 42 })
    expect(seenByB.map((s) => s.id)).toEqual(['server-a'])
    expect((await liveServers(handle.db)).map((s) => s.id)).toEqual(['server-a', 'server-b'])
    expect((await liveServers(handle.db, 'server-a')).map((s) => ({ id: s.id, host: s.host, pid: s.pid }))).toEqual([
      { id: 'server-b', host: 'shop-2', pid: 42 },
    ])

    await lastSeen('server-a', GONE_AFTER_SECONDS + 5)
    expect((await liveServers(handle.db)).map((s) => s.id)).toEqual(['server-b'])
    // A heartbeat brings it back.
    await beat(handle.db, { id: 'server-a', media: 'local disk' })
    expect((await liveServers(handle.db)).map((s) => s.id)).toEqual(['server-a', 'server-b'])
    await unregisterServer(handle.db, 'server-a')
    expect((await liveServers(handle.db)).map((s) => s.id)).toEqual(['server-b'])
  })

  it('keeps no row when the check refuses the start, and deletes rows silent for an hour', async () => {
    await registerServer(handle.db, { id: 'long-gone', media: 'local disk' })
    await lastSeen('long-gone', 2 * 60 * 60)
    await expect(
      registerServer(handle.db, { id: 'refused', media: 'local disk' }, () => {
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    expect(await rowCount()).toBe(1)
    await registerServer(handle.db, { id: 'next', media: 'local disk' })
    expect((await handle.db.select().from(serverHeartbeats)).map((s) => s.id)).toEqual(['next'])
  })

  it('beats on its interval and removes its row when stopped', async () => {
    await registerServer(handle.db, { id: 'beating', media: 'local disk' })
    await lastSeen('beating', 30)
    const heartbeat = startHeartbeat(handle.db, { id: 'beating', media: 'local disk' }, 50)
    await expect
      .poll(async () => {
        const [row] = await handle.db
          .select({ age: sql<number>`extract(epoch from now() - ${serverHeartbeats.lastSeenAt})` })
          .from(serverHeartbeats)
        return Number(row!.age)
      })
      .toBeLessThan(5)
    await heartbeat.stop()
    expect(await rowCount()).toBe(0)
  })

  describe('joining the servers on one database', () => {
    it('lets servers that read one media folder join, each leaving its mark there until it stops', async () => {
      const shared = folder()
      const first = await joinServers(handle.db, local(shared))
      const second = await joinServers(handle.db, local(shared))
      expect(fs.readdirSync(marksFolder(shared)).sort()).toEqual([first.id, second.id].sort())
      expect(await rowCount()).toBe(2)
      await first.stop()
      await second.stop()
      expect(fs.readdirSync(marksFolder(shared))).toEqual([])
      expect(await rowCount()).toBe(0)
    })

    it('refuses a server whose media folder is not the others’, naming S3_BUCKET, and leaves nothing behind', async () => {
      const first = await joinServers(handle.db, local(folder()))
      const elsewhere = folder()
      const refusal = await joinServers(handle.db, local(elsewhere)).then(
        () => null,
        (err: unknown) => err,
      )
      expect(refusal).toBeInstanceOf(MediaNotSharedError)
      expect((refusal as Error).message).toContain('S3_BUCKET')
      expect((refusal as Error).message).toContain(`process ${process.pid}`)
      expect(fs.readdirSync(marksFolder(elsewhere))).toEqual([])
      expect(await rowCount()).toBe(1)
      // Once the first is silent for a minute (killed), it no longer counts.
      await lastSeen(first.id, GONE_AFTER_SECONDS + 5)
      const after = await joinServers(handle.db, local(elsewhere))
      await after.stop()
      await first.stop()
    })

    it('lets servers on one S3 bucket join, and refuses one on another bucket or on local disk', async () => {
      const first = await joinServers(handle.db, bucket('kaadu-media'))
      const second = await joinServers(handle.db, bucket('kaadu-media'))
      expect(fs.existsSync(marksFolder(folders.at(-1)!))).toBe(false)
      for (const config of [bucket('other-bucket'), local(folder())]) {
        const refusal = await joinServers(handle.db, config).then(
          () => '',
          (err: Error) => err.message,
        )
        expect(refusal).toContain(mediaPlace(bucket('kaadu-media')))
        expect(refusal).toContain('S3_BUCKET')
      }
      await first.stop()
      await second.stop()
    })

    it('tidies the marks of servers long gone, and keeps those of servers only silent a while', async () => {
      const shared = folder()
      const silent = await joinServers(handle.db, local(shared))
      await lastSeen(silent.id, GONE_AFTER_SECONDS + 5)
      const ghost = path.join(marksFolder(shared), 'killed-long-ago')
      fs.writeFileSync(ghost, '{}\n')
      const tenMinutesAgo = new Date(Date.now() - 10 * 60_000)
      for (const name of [ghost, path.join(marksFolder(shared), silent.id)]) fs.utimesSync(name, tenMinutesAgo, tenMinutesAgo)
      const next = await joinServers(handle.db, local(shared))
      expect(fs.readdirSync(marksFolder(shared)).sort()).toEqual([next.id, silent.id].sort())
      await next.stop()
      await silent.stop()
    })

    it('lets in only the first of two joining at once with folders of their own', async () => {
      const results = await Promise.allSettled([joinServers(handle.db, local(folder())), joinServers(handle.db, local(folder()))])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1)
      for (const r of results) if (r.status === 'fulfilled') await r.value.stop()
    })
  })
})
