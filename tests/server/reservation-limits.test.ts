import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { testAddress } from '../support/test-address'
import { startTestServer, type TestServer } from '../support/test-server'
import { DELIVERY_FORM_REST } from '../support/delivery-form'

// The reservation limits against the built shop (decision 024): the owner sets them at /dash/settings, and the next
// createOrder follows them, per pack and per client address.

const OWNER = 'owner@kaadu.test'

let server: TestServer
let admin: Browser
let productId = ''
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: OWNER, TRUST_PROXY: '1', RATE_LIMIT: 'off' } })
  admin = new Browser(server.url)
  expect((await admin.signUp(OWNER)).status).toBe(200)
  const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as {
    products: Array<{ id: string; price?: number; stockCount: number }>
  }
  const best = products.filter((p) => p.price !== undefined).sort((a, b) => b.stockCount - a.stockCount)[0]!
  expect(best.stockCount).toBeGreaterThanOrEqual(20)
  productId = best.id
})
afterAll(async () => server?.stop())

/** A checkout from `browser`'s client address; each call another e-mail and phone unless told. */
let n = 0
const order = (browser: Browser, quantity: number, holder: { email?: string; phone?: string } = {}) => {
  n++
  return browser.send('/api/payment/createOrder', {
    json: {
      items: [{ productId, quantity }],
      shippingAddress: { ...testAddress, phoneNumber: holder.phone ?? `91000${String(n).padStart(5, '0')}` },
      email: holder.email ?? `buyer${n}@example.in`,
    },
  })
}
const limits = (maxUnitsPerLine: string, maxUnitsHeldUnpaid: string) => ({
  form: { intent: 'reservation-limits', maxUnitsPerLine, maxUnitsHeldUnpaid },
})

describe('reservation limits set at /dash/settings', () => {
  it('shows the defaults, refuses bad values with a 400 and a message, and only the owner may change them', async () => {
    const page = await admin.send('/dash/settings')
    expect(page.text).toContain('Reservation limits')
    expect(page.text).toMatch(/name="maxUnitsPerLine"[^>]*value="10"/)
    expect(page.text).toMatch(/name="maxUnitsHeldUnpaid"[^>]*value="30"/)

    for (const [perLine, held, message] of [
      ['0', '30', 'Units of one pack per order must be at least 1.'],
      ['ten', '30', 'Units of one pack per order must be a number.'],
      ['2.5', '30', 'Units of one pack per order must be a whole number.'],
      ['10', '', 'Units held by unpaid orders must be a number.'],
      ['20', '10', 'Units held by unpaid orders must be at least the units of one pack per order.'],
      ['10', '30\u0000', 'Units held by unpaid orders must be a number.'],
    ]) {
      const refused = await admin.send('/dash/settings', limits(perLine!, held!))
      expect(refused.status, `${perLine} / ${held}`).toBe(400)
      expect(refused.text).toContain(message)
    }
    const customer = new Browser(server.url)
    await customer.signUp('kavya@example.in')
    const notOwner = await customer.send('/dash/settings', limits('1000', '1000'))
    expect(notOwner.status).toBe(302)
    expect((await admin.send('/dash/settings')).text).toMatch(/name="maxUnitsPerLine"[^>]*value="10"/)
  })

  it('applies saved limits to the next order: per pack, then per client address', async () => {
    const saved = await admin.send('/dash/settings', limits('5', '12'))
    expect(saved.status).toBe(200)
    expect(saved.text).toContain('Saved. New orders may take 5 units of a pack')

    const buyer = new Browser(server.url, '203.0.113.50')
    const tooMany = await order(buyer, 6)
    expect(tooMany.status).toBe(422)
    expect(JSON.parse(tooMany.text)).toMatchObject({ limit: 'maxUnitsPerLine', max: 5 })

    expect((await order(buyer, 5)).status).toBe(201)
    expect((await order(buyer, 5)).status).toBe(201)
    const held = await order(buyer, 5)
    expect(held.status).toBe(422)
    const body = JSON.parse(held.text)
    expect(body).toMatchObject({ limit: 'maxUnitsHeldUnpaid', max: 12 })
    expect(body.error).toContain('this network address')
    // Another connection is another holder.
    expect((await order(new Browser(server.url, '203.0.113.51'), 5)).status).toBe(201)

    // Back to the defaults for whatever runs next on this shop.
    expect((await admin.send('/dash/settings', limits('10', '30'))).status).toBe(200)
    expect((await order(buyer, 2)).status).toBe(201)
  })
})

describe('the delivery charge set at /dash/settings', () => {
  const delivery = (deliveryCharge: string, freeDeliveryFrom: string) => ({
    form: { intent: 'delivery', ...DELIVERY_FORM_REST, deliveryCharge, freeDeliveryFrom },
  })
  const quote = async (quantity: number) =>
    JSON.parse((await new Browser(server.url).send('/api/cart/quote', { json: { items: [{ productId, quantity }] } })).text)
  const placed = async (browser: Browser, quantity: number) => {
    const created = await order(browser, quantity)
    expect(created.status, created.text).toBe(201)
    const { orderId } = JSON.parse(created.text) as { orderId: string }
    return { orderId, ...(await orderOf(browser, orderId)) }
  }
  /** The order as its buyer's API shows it (in rupees), in paise. */
  const orderOf = async (browser: Browser, orderId: string) => {
    const { subtotal, delivery, total } = JSON.parse((await browser.send(`/api/orders/${orderId}`)).text) as {
      subtotal: number
      delivery: number
      total: number
    }
    return { subtotalPaise: Math.round(subtotal * 100), deliveryPaise: Math.round(delivery * 100), totalPaise: Math.round(total * 100) }
  }

  it('refuses what is no amount, and then the cart, new orders and the shipping page follow the owner’s charge; placed orders keep theirs', async () => {
    const page = await admin.send('/dash/settings')
    expect(page.text).toMatch(/name="deliveryCharge"[^>]*value="40"/)
    expect(page.text).toMatch(/name="freeDeliveryFrom"[^>]*value="350"/)
    for (const [charge, from, message] of [
      ['-5', '350', 'The delivery charge must be in rupees, like 40 or 40.50.'],
      ['forty', '350', 'The delivery charge must be in rupees, like 40 or 40.50.'],
      ['40.505', '350', 'The delivery charge must be in rupees, like 40 or 40.50.'],
      ['1001', '350', 'The delivery charge must be at most ₹1,000.'],
      ['40', '', 'Enter the free-delivery threshold.'],
      ['40', '350\u0000', 'The free-delivery threshold must be in rupees'],
    ]) {
      const refused = await admin.send('/dash/settings', delivery(charge!, from!))
      expect(refused.status, `${charge} / ${from}`).toBe(400)
      expect(refused.text).toContain(message)
    }

    const unit = (await quote(1)).subtotalPaise as number
    expect(unit).toBeLessThan(35_000)
    const buyer = new Browser(server.url, '203.0.113.60')
    const before = await placed(buyer, 1)
    expect(before.deliveryPaise).toBe(4_000)

    const saved = await admin.send('/dash/settings', delivery('60.50', '1,000'))
    expect(saved.status).toBe(200)
    expect(saved.text).toContain('Saved. Delivery now costs ₹60.50 below ₹1,000 and is free from there')
    expect(await quote(1)).toMatchObject({ deliveryPaise: 6_050, moreForFreeDeliveryPaise: 1_00_000 - unit, totalPaise: unit + 6_050 })
    const after = await placed(buyer, 1)
    expect(after).toMatchObject({ deliveryPaise: 6_050, totalPaise: after.subtotalPaise + 6_050 })
    // The order placed before keeps the charge it was placed with.
    expect(await orderOf(buyer, before.orderId)).toMatchObject({ deliveryPaise: 4_000, totalPaise: before.subtotalPaise + 4_000 })
    expect((await new Browser(server.url).send('/policies/shipping')).text).toContain('Delivery costs ₹60.50 on orders below ₹1,000')
    expect((await new Browser(server.url).send('/')).text).toContain('Free delivery on orders of ₹1,000 or more.')

    // Back to the spec's rule for whatever runs next on this shop.
    expect((await admin.send('/dash/settings', delivery('40', '350'))).status).toBe(200)
    expect((await quote(1)).deliveryPaise).toBe(unit < 35_000 ? 4_000 : 0)
  })
})
