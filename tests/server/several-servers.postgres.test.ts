import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../app/db/test-database'
import { startTestServer, type TestServer } from '../support/test-server'
import { scratchFolder } from '../support/scratch-folder'

// Several app servers on one PostgreSQL database with pictures on local disk (docs/decisions/028-several-servers.md):
// they must all read one folder, or a picture uploaded through one is 404 on the others; and when they start
// together on an empty database, the demo catalogue and its pictures are made once.

const folders: string[] = []
const databases: Array<Awaited<ReturnType<typeof createTestDatabase>>> = []
const running: TestServer[] = []

const folder = () => {
  const dir = scratchFolder('shop-several-')
  folders.push(dir)
  return dir
}
const database = async () => {
  const made = await createTestDatabase(process.env.TEST_DATABASE_URL!)
  databases.push(made)
  return made.url
}
const start = async (dataDir: string, env: Record<string, string>) => {
  const server = await startTestServer({ dataDir, env })
  running.push(server)
  return server
}
const stopAll = async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()))
}

afterAll(async () => {
  await stopAll()
  for (const made of databases) await made.drop()
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
})

describe('two app servers on one PostgreSQL with pictures on local disk', () => {
  it('refuses to start the second when it keeps its pictures in a folder of its own, naming S3_BUCKET', async () => {
    const env = { DATABASE_URL: await database(), SEED_DEMO_CATALOGUE: 'never' }
    const first = await start(folder(), env)
    const refused = await start(folder(), env).then(
      () => null,
      (err: Error) => err.message,
    )
    expect(refused).toContain('The shop exited with code 1 before it started')
    expect(refused).toContain('S3_BUCKET')
    expect(refused).toContain('missing (404)')
    // The first goes on serving.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200)
    // Once the first has stopped cleanly, a server with another folder is alone again, and starts.
    await stopAll()
    const alone = await start(folder(), env)
    expect((await fetch(`${alone.url}/readyz`)).status).toBe(200)
    await stopAll()
  }, 180_000)

  it('lets only one of two started at once with folders of their own run', async () => {
    const env = { DATABASE_URL: await database(), SEED_DEMO_CATALOGUE: 'never' }
    const results = await Promise.allSettled([start(folder(), env), start(folder(), env)])
    const refusals = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(refusals).toHaveLength(1)
    expect(refusals[0]).toContain('S3_BUCKET')
    await stopAll()
  }, 180_000)

  it('makes the demo catalogue and its pictures once when two sharing one folder start at once, and both serve every picture', async () => {
    const env = { DATABASE_URL: await database(), SEED_DEMO_CATALOGUE: 'auto' }
    const shared = folder()
    const [first, second] = await Promise.all([start(shared, env), start(shared, env)])
    const logs = [first!.stdout(), second!.stdout()]
    const madePictures = logs.map((log) => (log.match(/Made the demo pictures/g) ?? []).length)
    const loaded = logs.map((log) => (log.match(/Loaded the demo catalogue/g) ?? []).length)
    expect(madePictures.reduce((a, b) => a + b)).toBe(1)
    expect(loaded.reduce((a, b) => a + b)).toBe(1)
    // Whichever server a browser reaches, every picture the pages link is there.
    const catalogue = await (await fetch(`${first!.url}/api/products`)).text()
    const keys = [...new Set(catalogue.match(/\b[a-f0-9]{32}\b/g) ?? [])]
    const pictures = keys.map((key) => `/media/${key}-320.webp`)
    expect(pictures.length).toBeGreaterThan(3)
    for (const server of [first!, second!]) {
      for (const picture of pictures) expect((await fetch(`${server.url}${picture}`)).status, `${server.url}${picture}`).toBe(200)
    }
    await stopAll()
  }, 240_000)
})
