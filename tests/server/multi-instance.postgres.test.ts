import fs from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../app/db/test-database'
import { Browser } from '../support/http-browser'
import { startLoadBalancer } from '../support/load-balancer'
import { startShiprocketStandIn } from '../support/shiprocket-standin'
import pg from 'pg'
import { startSmtpSink } from '../support/smtp-sink'
import { startTestServer, type TestServer } from '../support/test-server'
import { scratchFolder } from '../support/scratch-folder'
import { DELIVERY_FORM_REST } from '../support/delivery-form'

// Two app servers on one PostgreSQL database behind a round-robin load balancer, as a growing shop runs:
// sessions, stock, the outbox and the admin's edits must hold whichever server a request reaches.

const ADMIN = 'owner@kaadu.test'
const STOCK = 10
const BUYERS = 40

const address = {
  fullName: 'Revathi Subramanian',
  buildingNumber: '9',
  streetName: 'West Masi Street',
  city: 'Madurai',
  postalCode: '625001',
  state: 'Tamil Nadu',
  phoneNumber: '+91 98940 11111',
  alternateNumber: '',
}

let database: Awaited<ReturnType<typeof createTestDatabase>>
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let shiprocket: Awaited<ReturnType<typeof startShiprocketStandIn>>
const SHIPROCKET_TOKEN = 'two-servers-webhook-token'
let first: TestServer
let second: TestServer
let balancer: Awaited<ReturnType<typeof startLoadBalancer>>
let admin: Browser
let productId = ''
let mediaDir = ''

const productForm = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return form
}

/** With the form token one of the servers gave: any other on the same database takes it (decision 034). */
const adminPost = async (path: string, fields: Record<string, string>) => {
  const token = await admin.formToken()
  return fetch(`${balancer.url}${path}`, {
    method: 'POST',
    headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: balancer.url },
    body: productForm({ ...fields, csrf_token: token }),
  })
}

const productOn = async (base: string) =>
  (await (await fetch(`${base}/api/products/${productId}`)).json()) as { price: number; stockCount: number }

beforeAll(async () => {
  database = await createTestDatabase(process.env.TEST_DATABASE_URL!)
  smtp = await startSmtpSink()
  // Both servers book couriers through the same Shiprocket account (its loopback stand-in).
  shiprocket = await startShiprocketStandIn({ email: 'api@kaadu.test', password: 'two-servers' })
  // Every buyer comes from 127.0.0.1: the limit on checkouts per address would stop the race (rate-limits.postgres.test.ts covers it).
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    ADMIN_EMAILS: ADMIN,
    RATE_LIMIT: 'off',
    SHIPROCKET_EMAIL: 'api@kaadu.test',
    SHIPROCKET_PASSWORD: 'two-servers',
    SHIPROCKET_PICKUP_LOCATION: 'Kaadu Warehouse',
    SHIPROCKET_WEBHOOK_TOKEN: SHIPROCKET_TOKEN,
    SHIPROCKET_API_BASE: shiprocket.url,
  }
  // Both start at once on the empty database: one migrates and seeds while the other waits its turn. Their pictures
  // are on local disk, so they share one media folder, as on a shared disk (or they would refuse to start).
  mediaDir = scratchFolder('shop-multi-')
  ;[first, second] = await Promise.all([startTestServer({ env, dataDir: mediaDir }), startTestServer({ env, dataDir: mediaDir })])
  balancer = await startLoadBalancer([first.url, second.url])
  admin = new Browser(balancer.url)
  expect((await admin.signUp(ADMIN)).status).toBe(200)

  const added = await adminPost('/api/admin/products', {
    name: 'Contested Pepper',
    description: 'Ten packs only.',
    category: 'spices',
    price: '150',
    stockCount: String(STOCK),
  })
  expect(added.status, await added.clone().text()).toBe(200)
  productId = ((await added.json()) as { product: { id: string } }).product.id
}, 240_000)

afterAll(async () => {
  await balancer?.close()
  await Promise.all([first?.stop(), second?.stop()])
  await smtp?.close()
  await shiprocket?.close()
  await database?.drop()
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true })
})

describe('two app servers behind a load balancer, one PostgreSQL', () => {
  it('honours a session made through one server on the other', async () => {
    const customer = new Browser(first.url)
    expect((await customer.signUp('kavitha@example.in')).status).toBe(200)
    const cookie = [...customer.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    for (const base of [first.url, second.url]) {
      const session = (await (await fetch(`${base}/api/auth/get-session`, { headers: { cookie } })).json()) as { user?: { email: string } }
      expect(session.user?.email, base).toBe('kavitha@example.in')
    }
    // And the admin signed up through the balancer is an admin on both.
    for (const base of [first.url, second.url]) {
      const answer = await new Browser(base).send('/dash', {
        headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      })
      expect(answer.status, base).toBe(200)
    }
  })

  it(`sells exactly ${STOCK} units to ${BUYERS} buyers spread over both servers`, async () => {
    const servedBefore = [...balancer.served.values()]
    const attempts = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const buyer = new Browser(balancer.url)
        const created = await buyer.send('/api/payment/createOrder', {
          json: { items: [{ productId, quantity: 1 }], shippingAddress: address, email: `buyer${i}@example.in` },
        })
        if (created.status !== 201) return { status: created.status, paid: false }
        const { orderId } = JSON.parse(created.text) as { orderId: string }
        const paid = await buyer.send('/api/payment/test/complete', { json: { orderId } })
        return { status: created.status, paid: paid.status === 200 && JSON.parse(paid.text).status === 'paid' }
      }),
    )
    const statuses = attempts.map((a) => a.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(STOCK)
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - STOCK)
    expect(attempts.filter((a) => a.paid)).toHaveLength(STOCK)
    for (const base of [first.url, second.url]) expect((await productOn(base)).stockCount).toBe(0)
    // Both servers took their share of the buyers.
    const servedNow = [...balancer.served.values()].map((n, i) => n - servedBefore[i]!)
    for (const n of servedNow) expect(n).toBeGreaterThanOrEqual(BUYERS / 2)
  }, 120_000)

  it('sends each outbox mail exactly once with both servers’ workers running', async () => {
    // Each paid order: the customer's confirmation and the owner's notice.
    const expected = STOCK * 2
    await expect
      .poll(() => smtp.received.filter((m) => /KO-\d+/.test(m.subject)).length, { timeout: 60_000, interval: 500 })
      .toBeGreaterThanOrEqual(expected)
    // Give a second sender time to show itself, were there one.
    await new Promise((r) => setTimeout(r, 5000))
    const orderMails = smtp.received.filter((m) => /KO-\d+/.test(m.subject))
    expect(orderMails).toHaveLength(expected)
    const keys = orderMails.map((m) => `${m.to.join(',')} ${m.subject}`)
    expect(new Set(keys).size).toBe(expected)
    expect(orderMails.filter((m) => /is confirmed/.test(m.subject))).toHaveLength(STOCK)
  }, 90_000)

  it('shows the owner’s shop details, delivery rule, policy and home hero on the other server at once; a placed order keeps its charge (issue 18)', async () => {
    const token = await admin.formToken()
    const cookie = () => [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    /** Straight to the first server, as the owner's browser would reach it. */
    const onFirst = async (path: string, fields: Record<string, string>, picture?: Buffer) => {
      const form = productForm({ ...fields, csrf_token: token })
      if (picture) form.set('heroPicture', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'hero.png')
      const answer = await fetch(`${first.url}${path}`, {
        method: 'POST',
        headers: { cookie: cookie(), origin: first.url },
        body: picture ? form : new URLSearchParams([...form.entries()] as Array<[string, string]>),
      })
      expect(answer.status, `${path}: ${(await answer.clone().text()).slice(0, 300)}`).toBe(200)
    }
    // A demo product below the free-delivery threshold, and an order of it placed before the change.
    const { products } = (await (await fetch(`${second.url}/api/products?category=spices`)).json()) as {
      products: Array<{ id: string; price: number; stockCount: number }>
    }
    const cheap = products.find((p) => p.price < 200 && p.stockCount > 5)!
    const buyer = new Browser(second.url)
    const order = async () => {
      const created = await buyer.send('/api/payment/createOrder', {
        json: { items: [{ productId: cheap.id, quantity: 1 }], shippingAddress: address, email: 'revathi@example.in' },
      })
      expect(created.status, created.text).toBe(201)
      return JSON.parse(created.text) as { orderId: string; amount: number }
    }
    const before = await order()
    expect(before.amount).toBe(cheap.price * 100 + 4000)

    await onFirst('/dash/shop', {
      intent: 'details',
      shopName: 'Kaadu Organics',
      tagline: 'Organic food from small farms',
      phone: '+91 90030 55555',
      whatsappNumber: '919003055555',
      email: 'care@kaaduorganics.in',
    })
    await onFirst('/dash/shop', {
      intent: 'addresses',
      'address-0-label': 'Factory',
      'address-0-lines': 'Plot 7, SIPCOT Perundurai\nErode 638052\nTamil Nadu, India',
      'address-0-phone': '+91 90030 55555',
      'address-0-hours': '8:00 AM to 6:00 PM',
    })
    await onFirst('/dash/settings', { intent: 'delivery', ...DELIVERY_FORM_REST, deliveryCharge: '60', freeDeliveryFrom: '500' })
    await onFirst('/dash/policies/shipping', {
      title: 'Shipping and delivery',
      body: 'We ship every weekday from Erode by India Post and DTDC.',
    })
    const hero = await sharp({ create: { width: 1200, height: 700, channels: 3, background: '#8a5a2b' } })
      .png()
      .toBuffer()
    await onFirst(
      '/dash/shop',
      {
        heading: 'Welcome to Kaadu Organics',
        paragraph: 'From our farms.',
        announcement: 'Free delivery above {free delivery}',
        heroAlt: 'Drying racks of mango slices',
        featured: '',
      },
      hero,
    )

    // The second server, at once (a visitor's page may be reused for PAGE_CACHE_SECONDS, 1 s here).
    const page = (path: string) => fetch(`${second.url}${path}`).then((r) => r.text())
    const soon = (path: string, expected: string) =>
      expect.poll(async () => (await page(path)).replaceAll('<!-- -->', ''), { timeout: 3000, interval: 100 }).toContain(expected)
    await soon('/contact', '+91 90030 55555')
    await soon('/contact', 'SIPCOT Perundurai')
    await soon('/contact', 'https://wa.me/919003055555')
    await soon('/track', 'Erode 638052')
    await soon('/policies/shipping', 'We ship every weekday from Erode by India Post and DTDC.')
    await soon('/', 'Drying racks of mango slices')
    await soon('/', 'Free delivery above ₹500')
    expect(await page('/contact')).not.toContain('Singapore 088444')

    const quote = await buyer.send('/api/cart/quote', { json: { items: [{ productId: cheap.id, quantity: 1 }] } })
    expect(JSON.parse(quote.text)).toMatchObject({
      subtotalPaise: cheap.price * 100,
      deliveryPaise: 6000,
      totalPaise: cheap.price * 100 + 6000,
    })
    const after = await order()
    expect(after.amount).toBe(cheap.price * 100 + 6000)
    // The order placed before keeps the charge it was placed with.
    const kept = JSON.parse((await buyer.send(`/api/orders/${before.orderId}`)).text) as { delivery: number }
    expect(kept.delivery).toBe(40)
  })

  it('shows an admin’s price change through both servers within 2 s', async () => {
    const changed = await adminPost(`/api/admin/products/${productId}`, {
      intent: 'update',
      name: 'Contested Pepper',
      description: 'Ten packs only.',
      category: 'spices',
      price: '175.50',
      stockCount: '3',
      shownStockCount: '0',
    })
    expect(changed.status, await changed.clone().text()).toBe(200)
    const started = Date.now()
    for (const base of [first.url, second.url]) {
      await expect.poll(async () => (await productOn(base)).price, { timeout: 2000, interval: 100 }).toBe(175.5)
      // The page as a visitor sees it, which each server may reuse for PAGE_CACHE_SECONDS (1 s).
      const page = async () => (await fetch(`${base}/product/${productId}`, { redirect: 'follow' })).text()
      await expect.poll(async () => (await page()).includes('175.50'), { timeout: 2000, interval: 100 }).toBe(true)
    }
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('books an order once when both servers book it at once, and applies a webhook delivered to both once (issue 40)', async () => {
    const buyer = new Browser(second.url)
    const { products } = (await (await fetch(`${first.url}/api/products?category=spices`)).json()) as {
      products: Array<{ id: string; stockCount: number }>
    }
    const spice = products.find((p) => p.stockCount > 2)!
    const created = await buyer.send('/api/payment/createOrder', {
      json: { items: [{ productId: spice.id, quantity: 1 }], shippingAddress: address, email: 'two-servers@example.in' },
    })
    expect(created.status, created.text).toBe(201)
    const { orderId } = JSON.parse(created.text) as { orderId: string }
    expect((await buyer.send('/api/payment/test/complete', { json: { orderId } })).status).toBe(200)

    // The owner's desk open on two screens, each reaching another server: both book the same order at once.
    const token = await admin.formToken()
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const book = (base: string) =>
      fetch(`${base}/dash/shipping`, {
        method: 'POST',
        headers: { cookie, origin: base },
        body: new URLSearchParams({
          csrf_token: token,
          intent: 'book',
          [`order-${orderId}`]: 'yes',
          [`weight-${orderId}`]: '600',
          [`box-${orderId}`]: 'Medium box',
          [`courier-${orderId}`]: '',
        }),
      })
    const answers = await Promise.all([book(first.url), book(second.url)])
    // One books it; the other finds it being booked (409, "being booked already") or booked (200, the same parcel).
    const statuses = answers.map((a) => a.status)
    expect(statuses).toContain(200)
    for (const status of statuses) expect([200, 409]).toContain(status)
    const db = new pg.Client({ connectionString: database.url })
    await db.connect()
    try {
      const parcels = await db.query<{ awb: string; status: string }>('select awb, status from shipments where order_id = $1', [orderId])
      expect(parcels.rows).toHaveLength(1)
      expect(parcels.rows[0]!.status).toBe('booked')
      const awb = parcels.rows[0]!.awb
      expect(shiprocket.state.requests.filter((r) => r.path.includes('orders/create/adhoc'))).toHaveLength(1)

      // The courier picks it up; Shiprocket's webhook reaches both servers at the same moment.
      shiprocket.scan(awb, 42, { activity: 'Picked up', location: 'Coimbatore' })
      const payload = JSON.stringify(shiprocket.webhookPayload(awb))
      const deliver = (base: string) =>
        fetch(`${base}/api/webhooks/courier`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': SHIPROCKET_TOKEN },
          body: payload,
        })
      const delivered = await Promise.all([deliver(first.url), deliver(second.url)])
      expect(delivered.map((d) => d.status)).toEqual([200, 200])
      const outcomes = (await Promise.all(delivered.map((d) => d.json()))) as Array<{ outcome: string }>
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['applied', 'replay'])
      const shipped = await db.query(`select 1 from order_events where order_id = $1 and status = 'shipped'`, [orderId])
      expect(shipped.rows).toHaveLength(1)
      const events = await db.query('select applied from shipment_events')
      expect(events.rows).toEqual([{ applied: true }])
      const mails = await db.query(`select 1 from outbox where subject like '%is on its way'  and recipient = 'two-servers@example.in'`)
      expect(mails.rows).toHaveLength(1)
      // A wrong token is refused by either server, and changes nothing.
      const forged = await fetch(`${second.url}/api/webhooks/courier`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'guessed' },
        body: payload,
      })
      expect(forged.status).toBe(401)
      expect((await db.query('select 1 from shipment_events')).rows).toHaveLength(1)
    } finally {
      await db.end()
    }
  }, 60_000)
})
