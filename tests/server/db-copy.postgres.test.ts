import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../app/db/client.server'
import { createTestDatabase } from '../../app/db/test-database'
import { tablesInCopyOrder } from '../../app/db/transfer.server'
import { Browser } from '../support/http-browser'
import { startSmtpSink } from '../support/smtp-sink'
import { testAddress } from '../support/test-address'
import { embeddedFirstStartData, startTestServer, type TestServer } from '../support/test-server'
import { scratchFolder } from '../support/scratch-folder'

// Moving a shop off the embedded database, as its owner would: a shop with customers, an admin, orders and a
// new product runs on PGlite; `npm run db:copy` moves it to PostgreSQL; the shop started there shows the same
// products, orders and accounts (which still sign in). Then a backup of it restores into another database.

const root = path.resolve(import.meta.dirname, '../..')
const OWNER = 'owner@kaadu.test'
const CUSTOMER = 'meena@example.in'
const PASSWORD = 'correct-horse'
// The test server trusts local connections, so this password is never checked, only carried: it must never be printed.
const DB_PASSWORD = 'Sekret-Pw-4711'

type Run = { code: number | null; output: string }
const run = (script: string, env: Record<string, string>, ...args: string[]) =>
  new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, [`scripts/${script}`, ...args], { cwd: root, env: { ...process.env, ...env } })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('exit', (code) => resolve({ code, output }))
  })

/** The "table: rows" lines a script printed. */
const printedCounts = (output: string) =>
  Object.fromEntries([...output.matchAll(/^ {2}([a-z_]+):\s+(\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]))

const withPassword = (url: string) => {
  const u = new URL(url)
  u.password = DB_PASSWORD
  return u.toString()
}

async function countsIn(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const counts: Record<string, number> = {}
    for (const { name } of tablesInCopyOrder()) counts[name] = Number((await client.query(`select count(*) as n from "${name}"`)).rows[0].n)
    return counts
  } finally {
    await client.end()
  }
}

const productsOf = async (server: TestServer) => {
  const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as { products: Array<{ id: string }> }
  return products.sort((a, b) => a.id.localeCompare(b.id))
}

/** Signs in through the accounts API, as a fresh browser. */
async function signedIn(server: TestServer, email: string, password = PASSWORD) {
  const browser = new Browser(server.url)
  const answer = await browser.send('/api/auth/sign-in/email', { json: { email, password } })
  return { browser, status: answer.status }
}

const orderNumbersOn = (html: string) => [...html.matchAll(/Order (KO-\d+)/g)].map((m) => m[1]!).sort()

describe('moving the shop from the embedded database to PostgreSQL', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  let dataDir: string
  let env: Record<string, string>
  const databases: Array<Awaited<ReturnType<typeof createTestDatabase>>> = []
  const servers: TestServer[] = []
  const start = async (extra: Record<string, string>, dataFrom?: string) => {
    const server = await startTestServer({ dataDir, dataFrom, env: { ...env, ...extra } })
    servers.push(server)
    return server
  }
  const stop = async (server: TestServer) => {
    await server.stop()
    servers.splice(servers.indexOf(server), 1)
  }
  const freshDatabase = async () => {
    const database = await createTestDatabase(serverUrl)
    databases.push(database)
    return database.url
  }

  // What the embedded shop showed before the move.
  let before: {
    products: Array<{ id: string }>
    orders: Array<{ orderId: string; orderNumber: number; status: string }>
    myOrders: string[]
    addedProductId: string
    customerCookies: Map<string, string>
  }
  let target: string

  beforeAll(async () => {
    smtp = await startSmtpSink()
    dataDir = scratchFolder('shop-db-copy-')
    env = { ADMIN_EMAILS: OWNER, RATE_LIMIT: 'off', SMTP_URL: smtp.url }
  })
  afterAll(async () => {
    for (const server of servers.splice(0)) await server.stop()
    await smtp?.close()
    for (const database of databases) await database.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('a shop on the embedded database takes customers, orders and a new product', async () => {
    // On a copy of a first start's data when `npm test` made one (4 CPU-s less than loading the demo catalogue here).
    const shop = await start({ DATABASE_URL: '' }, embeddedFirstStartData())
    expect(shop.output()).toContain('embedded database')
    const admin = new Browser(shop.url)
    const customer = new Browser(shop.url)
    expect((await admin.signUp(OWNER, { password: PASSWORD })).status).toBe(200)
    expect((await customer.signUp(CUSTOMER, { password: PASSWORD })).status).toBe(200)
    // The customer confirms the address, so "My orders" lists the orders.
    expect((await customer.send('/my-orders', { form: {} })).text).toContain(`We have sent a link to ${CUSTOMER}`)
    const mail = await smtp.waitForMail(CUSTOMER, (m) => /confirm/i.test(m.subject))
    const link = new URL(mail.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)![0])
    expect((await customer.send(link.pathname + link.search)).status).toBe(302)

    // The admin adds a product with a picture (kept under DATA_DIR/media, which stays where it is).
    const form = new FormData()
    for (const [k, v] of Object.entries({
      name: 'Moved Pepper',
      description: 'Black pepper from Wayanad.',
      category: 'spices',
      price: '149.50',
      stockCount: '12',
    }))
      form.set(k, v)
    const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer()
    form.set('frontImage', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'front.png')
    form.set('csrf_token', await admin.formToken())
    const added = await fetch(`${shop.url}/api/admin/products`, {
      method: 'POST',
      headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: shop.url },
      body: form,
    })
    expect(added.status).toBe(200)
    const addedProductId = ((await added.json()) as { product: { id: string } }).product.id

    // One order paid and packed, one left waiting for payment.
    const orders: Array<{ orderId: string; orderNumber: number; status: string }> = []
    for (const quantity of [2, 1]) {
      const created = await customer.send('/api/payment/createOrder', {
        json: { items: [{ productId: addedProductId, quantity }], shippingAddress: testAddress, email: CUSTOMER },
      })
      expect(created.status, created.text).toBe(201)
      orders.push(JSON.parse(created.text))
    }
    expect((await customer.send('/api/payment/test/complete', { json: { orderId: orders[0]!.orderId } })).status).toBe(200)
    expect((await admin.send(`/dash/orders/${orders[0]!.orderId}`, { form: { step: 'pack' } })).status).toBe(200)
    for (const order of orders) order.status = JSON.parse((await customer.send(`/api/orders/${order.orderId}`)).text).status
    expect(orders.map((o) => o.status)).toEqual(['packed', 'pending_payment'])
    expect(
      (
        await customer.send('/api/contact', {
          json: { name: 'Meena', email: CUSTOMER, phone: '9876543210', message: 'Will it arrive by Friday?' },
        })
      ).status,
    ).toBe(200)

    const myOrders = orderNumbersOn((await customer.send('/my-orders')).text)
    expect(myOrders).toEqual(orders.map((o) => `KO-${o.orderNumber}`).sort())
    const products = await productsOf(shop)
    expect(products.find((p) => p.id === addedProductId)).toMatchObject({ name: 'Moved Pepper', stockCount: 9 })
    expect(products.length).toBeGreaterThan(10) // the demo catalogue too
    before = { products, orders, myOrders, addedProductId, customerCookies: new Map(customer.cookies) }

    // While this shop holds the embedded database, the copy refuses and touches nothing.
    target = await freshDatabase()
    const refused = await run('db-copy.mjs', { DATA_DIR: dataDir }, '--to', withPassword(target))
    expect(refused.output).toContain('in use by another process')
    expect(refused.output).toContain('Nothing was changed')
    expect(refused.code).toBe(2)
    const client = new pg.Client({ connectionString: target })
    await client.connect()
    expect((await client.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)).rows[0].n).toBe(0)
    await client.end()
    await stop(shop)
  }, 300_000)

  it('db:copy copies every table and prints the row counts, never the password', async () => {
    const embedded = await openDatabase({ dataDir })
    const expected: Record<string, number> = {}
    for (const { name } of tablesInCopyOrder()) {
      const result = (await embedded.db.execute(sql`select count(*) as n from ${sql.identifier(name)}`)) as unknown as {
        rows: Array<{ n: unknown }>
      }
      expected[name] = Number(result.rows[0]!.n)
    }
    await embedded.close()
    expect(expected).toMatchObject({ users: 2, accounts: 2, orders: 2, order_lines: 2, contact_messages: 1 })
    expect(expected.sessions).toBeGreaterThanOrEqual(2)
    expect(expected.outbox).toBeGreaterThanOrEqual(2)

    const copied = await run('db-copy.mjs', { DATA_DIR: dataDir, DATABASE_URL: '' }, '--to', withPassword(target))
    expect(copied.code, copied.output).toBe(0)
    expect(copied.output).toContain("every table's row count matches")
    expect(printedCounts(copied.output)).toEqual(expected)
    expect(copied.output).not.toContain(DB_PASSWORD)
    expect(copied.output).toContain('postgres:***@')
    expect(await countsIn(target)).toEqual(expected)

    // Copying again into the now filled database is refused, and says why.
    const again = await run('db-copy.mjs', { DATA_DIR: dataDir, DATABASE_URL: '' }, '--to', withPassword(target))
    expect(again.code).toBe(1)
    expect(again.output).toMatch(/The target database is not empty \(.*products: \d+/)
    expect(again.output).not.toContain(DB_PASSWORD)
    expect(await countsIn(target)).toEqual(expected)
  }, 300_000)

  it('the shop started on PostgreSQL shows the same products, accounts and orders', async () => {
    const shop = await start({ DATABASE_URL: withPassword(target), SEED_DEMO_CATALOGUE: 'never' })
    expect(shop.output()).toContain('(PostgreSQL)')
    expect(await productsOf(shop)).toEqual(before.products)
    // The picture is still served (it stayed in DATA_DIR/media).
    const moved = before.products.find((p) => p.id === before.addedProductId) as { imageUrl?: string }
    expect((await fetch(`${shop.url}${moved.imageUrl}`)).status).toBe(200)

    // The browser signed in before the move is still signed in (sessions and the signing secret moved too).
    const returning = new Browser(shop.url)
    for (const [k, v] of before.customerCookies) returning.cookies.set(k, v)
    expect(JSON.parse((await returning.send('/api/auth/get-session')).text)).toMatchObject({
      user: { email: CUSTOMER, emailVerified: true },
    })

    // The customer signs in with the same password and sees the same orders, in the same states.
    expect((await signedIn(shop, CUSTOMER, 'not-the-password')).status).toBe(401)
    const { browser: customer, status } = await signedIn(shop, CUSTOMER)
    expect(status).toBe(200)
    expect(orderNumbersOn((await customer.send('/my-orders')).text)).toEqual(before.myOrders)
    for (const order of before.orders) {
      expect(JSON.parse((await customer.send(`/api/orders/${order.orderId}`)).text)).toMatchObject({
        orderId: order.orderId,
        status: order.status,
      })
    }

    // The admin signs in, reaches the dashboard and finds both orders; the message is there too.
    const { browser: admin, status: adminStatus } = await signedIn(shop, OWNER)
    expect(adminStatus).toBe(200)
    expect((await admin.send('/dash')).status).toBe(200)
    const list = (await admin.send('/dash/orders?status=all')).text
    for (const order of before.orders) expect(list).toContain(`KO-${order.orderNumber}`)
    expect((await admin.send(`/dash/orders/${before.orders[0]!.orderId}`)).text).toContain('Mark shipped')
    expect((await admin.send('/dash/messages')).text).toContain('Will it arrive by Friday?')

    // New orders continue the numbering.
    const created = await customer.send('/api/payment/createOrder', {
      json: { items: [{ productId: before.addedProductId, quantity: 1 }], shippingAddress: testAddress, email: CUSTOMER },
    })
    expect(created.status, created.text).toBe(201)
    expect(JSON.parse(created.text).orderNumber).toBe(Math.max(...before.orders.map((o) => o.orderNumber)) + 1)
  }, 300_000)

  it('db:backup writes a file that db:restore reads into another database, all rows and counts the same', async () => {
    // PostgreSQL needs no stopped shop: the backup reads one consistent snapshot beside it.
    const file = path.join(dataDir, 'backups', 'moved.jsonl.gz')
    const backup = await run('db-backup.mjs', { DATA_DIR: dataDir, DATABASE_URL: withPassword(target) }, '--out', file)
    expect(backup.code, backup.output).toBe(0)
    expect(backup.output).not.toContain(DB_PASSWORD)
    const counts = await countsIn(target)
    expect(printedCounts(backup.output)).toEqual(counts)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)

    const copy = await freshDatabase()
    const restored = await run('db-restore.mjs', { DATA_DIR: dataDir, DATABASE_URL: '' }, '--in', file, '--to', withPassword(copy))
    expect(restored.code, restored.output).toBe(0)
    expect(printedCounts(restored.output)).toEqual(counts)
    expect(restored.output).not.toContain(DB_PASSWORD)
    expect(await countsIn(copy)).toEqual(counts)

    // Into a database that holds rows: refused, nothing changed.
    const refused = await run('db-restore.mjs', { DATA_DIR: dataDir, DATABASE_URL: '' }, '--in', file, '--to', withPassword(copy))
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('not empty')
    expect(await countsIn(copy)).toEqual(counts)

    // And into a new embedded database (a new DATA_DIR): the backup moves back off PostgreSQL just as well.
    const embeddedDir = scratchFolder('shop-db-restore-')
    try {
      const intoEmbedded = await run('db-restore.mjs', { DATA_DIR: embeddedDir, DATABASE_URL: '' }, '--in', file)
      expect(intoEmbedded.code, intoEmbedded.output).toBe(0)
      expect(intoEmbedded.output).toContain(`the embedded database in ${embeddedDir}`)
      expect(printedCounts(intoEmbedded.output)).toEqual(counts)
    } finally {
      fs.rmSync(embeddedDir, { recursive: true, force: true })
    }

    // The shop on the restored database shows the same catalogue and lets the customer in.
    for (const server of servers.splice(0)) await server.stop()
    const shop = await start({ DATABASE_URL: copy, SEED_DEMO_CATALOGUE: 'never' })
    const products = await productsOf(shop)
    expect(products.map((p) => p.id)).toEqual(before.products.map((p) => p.id))
    expect(products.find((p) => p.id === before.addedProductId)).toMatchObject({ stockCount: 8 })
    expect((await signedIn(shop, CUSTOMER)).status).toBe(200)
  }, 300_000)

  it('a file that is not a backup is refused with a clear message', async () => {
    const bogus = path.join(dataDir, 'not-a-backup.gz')
    fs.writeFileSync(bogus, 'SELECT 1;\n')
    const copy = await freshDatabase()
    const refused = await run('db-restore.mjs', { DATA_DIR: dataDir, DATABASE_URL: '' }, '--in', bogus, '--to', copy)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain("is not a gzip'd shop backup")
    expect(await countsIn(copy)).toEqual(Object.fromEntries(tablesInCopyOrder().map((t) => [t.name, 0])))
  }, 120_000)
})
