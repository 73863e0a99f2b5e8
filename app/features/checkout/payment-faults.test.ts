import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orders, outbox, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { startRazorpayStandIn, type StandInMode } from '../../../tests/support/razorpay-standin'
import { handlePaymentWebhook, PaymentRejectedError, verifyCheckoutPayment } from '../payments/payments.server'
import { PaymentProviderError } from '../payments/provider'
import { razorpayProvider } from '../payments/razorpay.server'
import { hmacSha256Hex, paymentSignature } from '../payments/signatures.server'
import type { CreateOrderInput } from './checkout-schemas'
import { createOrder } from './orders.server'
import { expireOverdueOrders } from '../payments/reconciliation.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// The real Razorpay client against a loopback stand-in that fails the ways a payment provider does: the order and
// its stock must come out right whatever the provider does.

const KEY_ID = 'rzp_test_faults'
const KEY_SECRET = 'faults-key-secret'
const WEBHOOK_SECRET = 'faults-webhook-secret'
const FAULTS: StandInMode[] = ['error', 'slow', 'hang', 'drop', 'truncate']

const address: CreateOrderInput['shippingAddress'] = {
  fullName: 'Kavya Menon',
  buildingNumber: '7',
  streetName: 'MG Road',
  city: 'Kochi',
  postalCode: '682016',
  state: 'Kerala',
  phoneNumber: '9847012345',
  alternateNumber: '',
}

describe(`payment provider down or slow, on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  let razorpay: Awaited<ReturnType<typeof startRazorpayStandIn>>
  let provider: ReturnType<typeof razorpayProvider>

  beforeAll(async () => {
    handle = await openTestDatabase()
    razorpay = await startRazorpayStandIn(KEY_ID, KEY_SECRET)
    // A short timeout keeps the test quick; `slow` answers well after it.
    razorpay.state.slowMs = 3_000
    provider = razorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: razorpay.url,
      timeoutMs: 400,
    })
  })
  afterAll(async () => {
    await razorpay?.close()
    await handle?.close()
  })

  beforeEach(async () => {
    razorpay.state.mode = 'ok'
    const db = handle.db
    await db.delete(orders)
    await db.delete(outbox)
    await db.delete(products)
    await db
      .insert(products)
      .values({ id: 'kokum', slug: 'kokum', name: 'Kokum Syrup', description: 'd', category: 'herbal', subcategory: 'juice' })
    await db.insert(variants).values({ productId: 'kokum', size: 'one', pricePaise: 18000, stock: 10 })
  })

  const stock = async () => (await handle.db.select().from(variants).where(eq(variants.productId, 'kokum')))[0]!.stock
  const row = async (id: string) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!
  const place = (checkoutKey: string, quantity = 2) =>
    createOrder(handle.db, provider, TEST_SHOP_URL, {
      items: [{ productId: 'kokum', quantity }],
      shippingAddress: address,
      email: 'kavya@example.in',
      buyerToken: 'buyer-kavya',
      checkoutKey,
      expiryMinutes: 30,
    })
  const onlyOrder = async () => {
    const all = await handle.db.select().from(orders)
    expect(all).toHaveLength(1)
    return all[0]!
  }
  const later = () => new Date(Date.now() + 31 * 60_000)
  // A failed look-up puts the order back by a minute or more (decision 032): the next pass is a little later.
  const laterStill = () => new Date(Date.now() + 33 * 60_000)

  for (const mode of FAULTS) {
    it(`createOrder with the provider ${mode}: fails with a provider error, holds the order and its stock, and a retry completes it`, async () => {
      razorpay.state.mode = mode
      const key = `faults-${mode}-key-0123456789`
      const started = Date.now()
      await expect(place(key)).rejects.toBeInstanceOf(PaymentProviderError)
      // Bounded: a provider that never answers is given up on after the client's timeout, not held forever.
      expect(Date.now() - started).toBeLessThan(2_500)
      const pending = await onlyOrder()
      expect(pending.status).toBe('pending_payment')
      expect(pending.providerOrderId).toBeNull()
      expect(await stock()).toBe(8)

      razorpay.state.mode = 'ok'
      const retried = await place(key)
      expect(retried.id).toBe(pending.id)
      expect(retried.providerOrderId).toMatch(/^order_/)
      expect(razorpay.orders.get(retried.providerOrderId!)?.amount).toBe(retried.totalPaise)
      // Reserved once, not once per attempt.
      expect(await stock()).toBe(8)
      expect((await row(pending.id)).providerOrderId).toBe(retried.providerOrderId)
    })
  }

  for (const mode of FAULTS) {
    it(`expiry with the provider ${mode}: the overdue order waits (a payment may exist), then expires and gives its stock back once the provider says no payment`, async () => {
      const created = await place(`expiry-${mode}-key-0123456789`)
      expect(await stock()).toBe(8)
      razorpay.state.mode = mode
      expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, later())).toBe(0)
      expect((await row(created.id)).status).toBe('pending_payment')
      expect(await stock()).toBe(8)

      razorpay.state.mode = 'ok'
      expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, laterStill())).toBe(1)
      expect((await row(created.id)).status).toBe('expired')
      expect(await stock()).toBe(10)
    })
  }

  it('expiry honours a payment the provider holds once it answers again: paid, stock kept taken, one confirmation', async () => {
    const created = await place('expiry-paid-key-0123456789')
    razorpay.capture(created.providerOrderId!)
    razorpay.state.mode = 'drop'
    expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, later())).toBe(0)
    expect((await row(created.id)).status).toBe('pending_payment')
    razorpay.state.mode = 'ok'
    expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, laterStill())).toBe(0)
    expect((await row(created.id)).status).toBe('paid')
    expect(await stock()).toBe(8)
    expect((await handle.db.select().from(outbox)).filter((m) => m.recipient === 'kavya@example.in')).toHaveLength(1)
  })

  it('an order left without a provider order (the provider never answered) expires on time and gives its stock back', async () => {
    razorpay.state.mode = 'hang'
    await expect(place('never-answered-key-0123456789')).rejects.toBeInstanceOf(PaymentProviderError)
    const pending = await onlyOrder()
    expect(await stock()).toBe(8)
    // Nothing can have been paid without a provider order, so the provider need not be asked.
    expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, later())).toBe(1)
    expect((await row(pending.id)).status).toBe('expired')
    expect(await stock()).toBe(10)
  })

  it('never marks an order paid without a verified signature, whatever the provider is doing', async () => {
    const created = await place('unsigned-key-0123456789')
    razorpay.state.mode = 'error'
    const forged = paymentSignature('not-the-key-secret', created.providerOrderId!, 'pay_forged')
    await expect(
      verifyCheckoutPayment(handle.db, provider, TEST_SHOP_URL, {
        orderId: created.id,
        razorpay_payment_id: 'pay_forged',
        razorpay_signature: forged,
      }),
    ).rejects.toBeInstanceOf(PaymentRejectedError)
    const rawBody = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_forged', order_id: created.providerOrderId, status: 'captured' } } },
    })
    await expect(
      handlePaymentWebhook(handle.db, provider, TEST_SHOP_URL, {
        rawBody,
        headers: { 'x-razorpay-signature': hmacSha256Hex('not-the-webhook-secret', rawBody), 'x-razorpay-event-id': 'evt_forged' },
      }),
    ).rejects.toBeInstanceOf(PaymentRejectedError)
    await expect(
      handlePaymentWebhook(handle.db, provider, TEST_SHOP_URL, {
        rawBody,
        headers: { 'x-razorpay-signature': null, 'x-razorpay-event-id': 'evt_none' },
      }),
    ).rejects.toBeInstanceOf(PaymentRejectedError)
    expect((await row(created.id)).status).toBe('pending_payment')
    expect(await handle.db.select().from(outbox)).toHaveLength(0)
    expect(await stock()).toBe(8)
  })
})
