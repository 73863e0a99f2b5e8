import { beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { testAddress } from '../support/test-address'
import { sharedShopAdmin, sharedTestServer, type SharedTestServer } from '../support/test-server'

// Issue 39, defect 7 (decision 069) over HTTP, as the order page's form posts: the owner's record of a cash-on-delivery
// refund is refused with a 409 before the cash is collected, a 400 naming each bad field, a 400 for more than is
// left; it is recorded once, and the same form sent again (a double click) adds nothing.

const ADMIN = sharedShopAdmin(import.meta.url)
let server: SharedTestServer
let admin: Browser

beforeAll(async () => {
  server = await sharedTestServer()
  admin = new Browser(server.url)
  expect((await admin.signUp(ADMIN)).status).toBe(200)
})

describe('the owner records a COD refund paid by UPI', () => {
  it('refused before the cash is collected, checked field by field, recorded once however often it is sent', async () => {
    const stamp = `${Date.now()}`.slice(-9)
    const { products } = (await (await fetch(`${server.url}/api/products?category=spices`)).json()) as {
      products: Array<{ id: string; stockCount: number; price?: number }>
    }
    const product = products.find((p) => p.stockCount > 2 && p.price !== undefined)!
    const created = await new Browser(server.url).send('/api/payment/createOrder', {
      json: {
        items: [{ productId: product.id, quantity: 2 }],
        shippingAddress: { ...testAddress, phoneNumber: `9${stamp}` },
        email: `cod-refund-${stamp}@example.in`,
        payment: 'cod',
      },
    })
    expect(created.status, created.text).toBe(201)
    const { orderId } = JSON.parse(created.text) as { orderId: string }
    const page = `/dash/orders/${orderId}`
    const reference = `6${stamp}00`
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    const refund = (fields: Record<string, string> = {}) =>
      admin.send(page, {
        form: {
          step: 'cod-refund',
          kind: 'lines',
          [`qty:${product.id}:one`]: '1',
          reason: 'Pack arrived crushed',
          method: 'upi',
          reference,
          paidOn: today,
          ...fields,
        },
      })
    const recorded = async () => ((await admin.send(page)).text.match(/data-testid="refund-paid-outside"/g) ?? []).length

    expect((await admin.send(page, { form: { step: 'confirm' } })).status).toBe(200)
    expect((await admin.send(page, { form: { step: 'ship', courier: 'India Post', trackingNumber: `EE${stamp}IN` } })).status).toBe(200)
    // Shipped, its cash not collected: nothing to refund yet.
    const early = await refund()
    expect(early.status).toBe(409)
    expect(early.text).toContain('The cash for this order has not been collected, so there is nothing to refund yet')
    expect((await admin.send(page, { form: { step: 'deliver' } })).status).toBe(200)

    const bad = await refund({ reference: '4123', paidOn: '2099-01-01', method: 'bank_transfer' })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('A bank transfer’s reference (UTR) is 12 to 22 letters and digits')
    expect(bad.text).toContain('The refund cannot have been paid after today.')
    const tooMuch = await refund({ kind: 'amount', amount: '99999' })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.text).toMatch(/That is ₹99,999\.00, more than the ₹[\d,.]+ left to refund on this order\./)
    expect(await recorded()).toBe(0)

    const first = await refund()
    expect(first.status, first.text.slice(0, 300)).toBe(200)
    expect(first.text).toMatch(
      new RegExp(`Refund of ₹[\\d,.]+ recorded as paid by UPI ${reference}; the customer has been mailed\\. Credit note CN/`),
    )
    const again = await refund()
    expect(again.status).toBe(200)
    expect(again.text).toContain(`This refund (UPI ${reference}) was recorded already: nothing was added.`)
    expect(await recorded()).toBe(1)
  })
})
