import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { testAddress } from '../support/test-address'
import { startTestServer, type TestServer } from '../support/test-server'

// Issue 39: the dashboard's go-live checklist ticks itself as the owner does each step, and "Remove the demo catalogue"
// takes one confirmed step (decision 071).

const OWNER = 'owner@golive.test'

describe('going live', () => {
  let server: TestServer
  let owner: Browser
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAILS: OWNER, RATE_LIMIT: 'off' } })
    owner = new Browser(server.url)
    await owner.signUp(OWNER)
  })
  afterAll(async () => server?.stop())

  /** Each item of the dashboard's checklist by its test id, and whether it is ticked. */
  const checklist = async () => {
    const page = (await owner.send('/dash')).text
    return Object.fromEntries([...page.matchAll(/data-go-live="([a-z-]+)" data-done="(true|false)"/g)].map((m) => [m[1], m[2] === 'true']))
  }
  const productCount = async () =>
    (JSON.parse((await new Browser(server.url).send('/api/products?limit=500')).text) as { products: unknown[] }).products.length

  it('lists every step on the dashboard, none done on the demo shop, each linking to where it is done', async () => {
    expect(await checklist()).toEqual({
      gstin: false,
      fssai: false,
      details: false,
      policies: false,
      sender: false,
      claims: false,
      demo: false,
    })
    const page = (await owner.send('/dash')).text
    for (const place of ['/dash/settings', '/dash/shop', '/dash/policies', '/dash/demo-catalogue']) expect(page).toContain(`href="${place}`)
  })

  it('ticks an item when its setting is saved', async () => {
    expect((await owner.send('/dash/settings', { form: { intent: 'fssai', fssaiLicence: '10020042000123' } })).status).toBe(200)
    expect(
      await owner.send('/dash/shop', { form: { intent: 'claims', claimTagline: 'Spices from Kerala', confirmClaims: 'yes' } }),
    ).toMatchObject({
      status: 200,
    })
    expect(await checklist()).toMatchObject({ fssai: true, claims: true, gstin: false, demo: false })
  })

  it('removes the demo catalogue only when confirmed: without it a 4xx and nothing removed', async () => {
    const before = await productCount()
    expect(before).toBeGreaterThan(100)
    const page = await owner.send('/dash/demo-catalogue')
    expect(page.status).toBe(200)
    expect(page.text).toContain('Remove the demo catalogue')

    expect((await owner.send('/dash/demo-catalogue', { form: {} })).status).toBe(400)
    expect((await owner.send('/dash/demo-catalogue', { form: { confirm: 'yes' }, formToken: false })).status).toBe(403)
    expect((await new Browser(server.url).send('/dash/demo-catalogue', { form: { confirm: 'yes' } })).status).toBeGreaterThanOrEqual(300)
    expect(await productCount()).toBe(before)
  })

  it('removes the demo’s products in one step, keeps the owner’s own, and hides a demo product that an order names', async () => {
    const { products } = JSON.parse((await new Browser(server.url).send('/api/products?category=spices')).text) as {
      products: Array<{ id: string; stockCount: number }>
    }
    const ordered = products.find((p) => p.stockCount > 5)!.id
    const buyer = new Browser(server.url)
    const created = await buyer.send('/api/payment/createOrder', {
      json: { items: [{ productId: ordered, quantity: 1 }], shippingAddress: testAddress, email: 'buyer@golive.test' },
    })
    expect(created.status, created.text).toBe(201)
    const added = await owner.send('/api/admin/products', {
      form: { name: 'Malabar Pepper', description: 'Our own.', category: 'spices', price: '250', stockCount: '12' },
    })
    expect(added.status, added.text).toBe(200)
    const own = JSON.parse(added.text).product.id as string

    const removed = await owner.send('/dash/demo-catalogue', { form: { confirm: 'yes' } })
    expect(removed.status).toBeLessThan(400)
    const left = JSON.parse((await new Browser(server.url).send('/api/products?limit=500')).text) as { products: Array<{ id: string }> }
    expect(left.products.map((p) => p.id)).toEqual([own])
    // The ordered one is hidden, not gone: its order still reads.
    expect((await buyer.send(`/api/orders/${JSON.parse(created.text).orderId}`)).status).toBe(200)
    expect((await owner.send(`/Delete?q=${ordered}`)).text).toContain(ordered)
    expect(await checklist()).toMatchObject({ demo: true })

    // Again: nothing more to do, nothing else removed.
    expect((await owner.send('/dash/demo-catalogue', { form: { confirm: 'yes' } })).status).toBeLessThan(400)
    expect((await owner.send('/dash/demo-catalogue')).text).toContain('The demo catalogue is gone')
    expect(await productCount()).toBe(1)
  })
})
