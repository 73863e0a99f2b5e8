import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../app/db/test-database'
import { Browser } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'
import { scratchFolder } from '../support/scratch-folder'

// Two app servers on one PostgreSQL database count one client's requests together: a visitor cannot get
// twice the limit by landing on the other server behind the load balancer.

let database: Awaited<ReturnType<typeof createTestDatabase>>
let first: TestServer
let second: TestServer
let dataDir = ''

beforeAll(async () => {
  database = await createTestDatabase(process.env.TEST_DATABASE_URL!)
  const env = { DATABASE_URL: database.url, TRUST_PROXY: '1', RATE_LIMIT: 'on', SEED_DEMO_CATALOGUE: 'never' }
  // One after the other: the first migrates the empty database. One media folder, as servers on local disk need.
  dataDir = scratchFolder('shop-limits-')
  first = await startTestServer({ env, dataDir })
  second = await startTestServer({ env, dataDir })
}, 240_000)

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()])
  await database?.drop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

const message = { name: 'Selvi Raman', email: 'selvi@example.in', phone: '+91 98400 11223', message: 'Do you ship to Ooty?' }

describe('rate limits shared by two app servers on one PostgreSQL', () => {
  it.each([
    ['the first', () => first],
    ['the second', () => second],
  ])('refuses the sixth contact message through %s server after five spread over both', async (_, sixthThrough) => {
    const address = sixthThrough() === first ? '203.0.113.40' : '203.0.113.41'
    const throughFirst = new Browser(first.url, address)
    const throughSecond = new Browser(second.url, address)
    for (let i = 0; i < 3; i++) expect((await throughFirst.send('/api/contact', { json: message })).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await throughSecond.send('/api/contact', { json: message })).status).toBe(200)

    const refused = await new Browser(sixthThrough().url, address).send('/api/contact', { json: message })
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.text).error).toBe('Too many messages from your connection. Please try again in 10 minutes.')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(9 * 60)
    // And through the other server too.
    const other = sixthThrough() === first ? second : first
    expect((await new Browser(other.url, address).send('/api/contact', { json: message })).status).toBe(429)
  })
})
