import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orders, outbox, variants, products } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { handlePaymentWebhook, PaymentRejectedError, verifyCheckoutPayment } from '../payments/payments.server'
import type { PaymentProvider } from '../payments/provider'
import { hmacSha256Hex, paymentSignature } from '../payments/signatures.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import type { CreateOrderInput } from './checkout-schemas'
import { OutOfStockError } from './orders.server'
import { confirmPayment } from '../payments/settle.server'
import { expireOverdueOrders } from '../payments/reconciliation.server'
import { quoteCart } from './quote.server'
import { placeTestOrder } from './test-orders'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'
import { shortDayLabel } from '../shipping/day-label'

describe(`orders and stock reservation on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-orders', () => handle.db)
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  beforeEach(async () => {
    const db = handle.db
    await db.delete(orders)
    await db.delete(outbox)
    await db.delete(products)
    await db.insert(products).values([
      { id: 'ghee-biscuit', slug: 'ghee-biscuit', name: 'Ragi Biscuit', description: 'd', category: 'herbal', subcategory: 'biscuits' },
      { id: 'dried-mango', slug: 'dried-mango', name: 'Freeze Dried Mango', description: 'd', category: 'freeze-dried-fruit' },
    ])
    await db.insert(variants).values([
      { productId: 'ghee-biscuit', size: 'one', pricePaise: 12000, stock: 5 },
      { productId: 'dried-mango', size: '250g', pricePaise: 30000, stock: 3 },
      { productId: 'dried-mango', size: '500g', pricePaise: 56000, stock: 2 },
      { productId: 'dried-mango', size: '1kg', pricePaise: 100000, stock: 0 },
    ])
  })

  const stockOf = async (productId: string, size: string) =>
    (await handle.db.select().from(variants).where(eq(variants.productId, productId))).find((v) => v.size === size)!.stock

  const order = (items: CreateOrderInput['items'], buyerToken = 'buyer-a', checkoutKey?: string) =>
    placeTestOrder(handle.db, provider, { items, buyerToken, checkoutKey })

  it('prices from the database and adds delivery below ₹350', async () => {
    const created = await order([{ productId: 'ghee-biscuit', quantity: 2 }])
    expect(created.subtotalPaise).toBe(24000)
    expect(created.deliveryPaise).toBe(4000)
    expect(created.totalPaise).toBe(28000)
    expect(created.status).toBe('pending_payment')
    expect(created.providerOrderId).toMatch(/^order_test_/)
    expect(await stockOf('ghee-biscuit', 'one')).toBe(3)
  })

  it('charges no delivery from ₹350', async () => {
    const created = await order([{ productId: 'dried-mango', size: '500g', quantity: 1 }])
    expect(created.deliveryPaise).toBe(0)
    expect(created.totalPaise).toBe(56000)
  })

  it('quotes a cart from the database and reports short and vanished lines', async () => {
    const quote = await quoteCart(
      handle.db,
      [
        { productId: 'ghee-biscuit', quantity: 6 },
        { productId: 'dried-mango', size: '250g', quantity: 1 },
        { productId: 'no-such-product', quantity: 1 },
        { productId: 'dried-mango', quantity: 1 },
      ],
      '/media',
    )
    expect(quote.lines.map((l) => l.status)).toEqual(['short', 'ok', 'gone', 'gone'])
    expect(quote.subtotalPaise).toBe(30000)
    expect(quote.ready).toBe(false)
  })

  it('refuses an order when a line falls short and reserves nothing', async () => {
    const attempt = order([
      { productId: 'ghee-biscuit', quantity: 2 },
      { productId: 'dried-mango', size: '500g', quantity: 3 },
    ])
    await expect(attempt).rejects.toBeInstanceOf(OutOfStockError)
    await attempt.catch((err: OutOfStockError) => {
      expect(err.lines).toEqual([{ productId: 'dried-mango', size: '500g', requested: 3, available: 2, reason: 'short' }])
    })
    expect(await stockOf('ghee-biscuit', 'one')).toBe(5)
    expect(await handle.db.select().from(orders)).toHaveLength(0)
  })

  it('sells the last units once: 30 buyers at once for 5 in stock make exactly 5 orders', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => order([{ productId: 'ghee-biscuit', quantity: 1 }], `buyer-${i}`)),
    )
    const made = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof OutOfStockError)
    expect(made).toHaveLength(5)
    expect(refused).toHaveLength(25)
    expect(await stockOf('ghee-biscuit', 'one')).toBe(0)
  })

  it('finds the same order again for the same checkout key (a reload of the payment page)', async () => {
    const first = await order([{ productId: 'ghee-biscuit', quantity: 1 }], 'buyer-a', 'checkout-key-0123456789')
    const again = await order([{ productId: 'ghee-biscuit', quantity: 1 }], 'buyer-a', 'checkout-key-0123456789')
    expect(again.id).toBe(first.id)
    expect(await stockOf('ghee-biscuit', 'one')).toBe(4)
  })

  it('confirms a payment once, queues the two mails once, and ignores a second confirmation', async () => {
    const created = await order([{ productId: 'ghee-biscuit', quantity: 1 }])
    const { paymentId, signature } = await provider.makeTestPayment(created.providerOrderId!, created.totalPaise)
    const first = await verifyCheckoutPayment(handle.db, provider, TEST_SHOP_URL, {
      orderId: created.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    })
    expect(first.outcome).toBe('paid')
    const second = await verifyCheckoutPayment(handle.db, provider, TEST_SHOP_URL, {
      orderId: created.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    })
    expect(second.outcome).toBe('already-paid')
    const mails = await handle.db.select().from(outbox)
    expect(mails.map((m) => m.recipient).sort()).toEqual(['care@kaaduorganics.in', 'meena@example.in'])
    // The date promised at checkout (the zone's days for Madurai, within the shop's state), not "about 7 days".
    expect(created.promisedBy).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(mails.find((m) => m.recipient === 'meena@example.in')!.text).toContain(
      `We expect to deliver your order by ${shortDayLabel(created.promisedBy!)}.`,
    )
    expect(await stockOf('ghee-biscuit', 'one')).toBe(4)
  })

  it('refuses a wrong signature and changes nothing', async () => {
    const created = await order([{ productId: 'ghee-biscuit', quantity: 1 }])
    const forged = paymentSignature('not-the-secret', created.providerOrderId!, 'pay_x')
    await expect(
      verifyCheckoutPayment(handle.db, provider, TEST_SHOP_URL, {
        orderId: created.id,
        razorpay_payment_id: 'pay_x',
        razorpay_signature: forged,
      }),
    ).rejects.toBeInstanceOf(PaymentRejectedError)
    // A signature valid for another order does not pay this one either.
    const other = await order([{ productId: 'ghee-biscuit', quantity: 1 }], 'buyer-b')
    const signedForOther = await provider.makeTestPayment(other.providerOrderId!, other.totalPaise)
    await expect(
      verifyCheckoutPayment(handle.db, provider, TEST_SHOP_URL, {
        orderId: created.id,
        razorpay_payment_id: signedForOther.paymentId,
        razorpay_signature: signedForOther.signature,
        razorpay_order_id: other.providerOrderId!,
      }),
    ).rejects.toBeInstanceOf(PaymentRejectedError)
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, created.id))
    expect(row!.status).toBe('pending_payment')
    expect(await handle.db.select().from(outbox)).toHaveLength(0)
  })

  it('expires unpaid orders after their time and gives the stock back', async () => {
    const created = await order([{ productId: 'dried-mango', size: '250g', quantity: 2 }])
    expect(await stockOf('dried-mango', '250g')).toBe(1)
    expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, new Date())).toBe(0)
    expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, new Date(Date.now() + 31 * 60_000))).toBe(1)
    expect(await stockOf('dried-mango', '250g')).toBe(3)
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, created.id))
    expect(row!.status).toBe('expired')
  })

  it('honours a payment the provider has when the webhook was lost, instead of expiring', async () => {
    const created = await order([{ productId: 'ghee-biscuit', quantity: 1 }])
    const lost = {
      id: 'pay_lost',
      providerOrderId: created.providerOrderId,
      status: 'captured',
      amountPaise: created.totalPaise,
      currency: 'INR',
      failureReason: null,
    } as const
    const withPayment: PaymentProvider = { ...provider, listPayments: async () => [lost] }
    await expireOverdueOrders(handle.db, withPayment, TEST_SHOP_URL, new Date(Date.now() + 31 * 60_000))
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, created.id))
    expect(row!.status).toBe('paid')
    expect(row!.paymentId).toBe('pay_lost')
    expect(await stockOf('ghee-biscuit', 'one')).toBe(4)
  })

  it('keeps an order pending when the provider cannot be asked', async () => {
    const created = await order([{ productId: 'ghee-biscuit', quantity: 1 }])
    const down: PaymentProvider = { ...provider, listPayments: async () => Promise.reject(new Error('down')) }
    expect(await expireOverdueOrders(handle.db, down, TEST_SHOP_URL, new Date(Date.now() + 31 * 60_000))).toBe(0)
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, created.id))
    expect(row!.status).toBe('pending_payment')
  })

  it('confirms through a signed webhook once; a replay or a bad signature changes nothing', async () => {
    const created = await order([{ productId: 'ghee-biscuit', quantity: 1 }])
    const rawBody = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: 'pay_hook', order_id: created.providerOrderId, status: 'captured', amount: created.totalPaise, currency: 'INR' },
        },
      },
    })
    const signature = hmacSha256Hex(provider.webhookSecret, rawBody)
    await expect(
      handlePaymentWebhook(handle.db, provider, TEST_SHOP_URL, {
        rawBody,
        headers: { 'x-razorpay-signature': 'f'.repeat(64), 'x-razorpay-event-id': 'evt_1' },
      }),
    ).rejects.toBeInstanceOf(PaymentRejectedError)
    expect(
      (
        await handlePaymentWebhook(handle.db, provider, TEST_SHOP_URL, {
          rawBody,
          headers: { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_1' },
        })
      ).outcome,
    ).toBe('paid')
    expect(
      (
        await handlePaymentWebhook(handle.db, provider, TEST_SHOP_URL, {
          rawBody,
          headers: { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_1' },
        })
      ).outcome,
    ).toBe('duplicate')
    expect(
      (
        await handlePaymentWebhook(handle.db, provider, TEST_SHOP_URL, {
          rawBody,
          headers: { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_2' },
        })
      ).outcome,
    ).toBe('already-paid')
    expect(await handle.db.select().from(outbox)).toHaveLength(2)
  })

  it('takes the stock again when a payment arrives after the order expired', async () => {
    const created = await order([{ productId: 'ghee-biscuit', quantity: 2 }])
    await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, new Date(Date.now() + 31 * 60_000))
    expect(await stockOf('ghee-biscuit', 'one')).toBe(5)
    expect((await confirmPayment(handle.db, TEST_SHOP_URL, created.providerOrderId!, 'pay_late')).outcome).toBe('paid')
    expect(await stockOf('ghee-biscuit', 'one')).toBe(3)
  })

  it('does not sell an archived product', async () => {
    await handle.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, 'ghee-biscuit'))
    const attempt = order([{ productId: 'ghee-biscuit', quantity: 1 }])
    await expect(attempt).rejects.toBeInstanceOf(OutOfStockError)
    await attempt.catch((err: OutOfStockError) => expect(err.lines[0]!.reason).toBe('gone'))
    expect(await stockOf('ghee-biscuit', 'one')).toBe(5)
    expect((await quoteCart(handle.db, [{ productId: 'ghee-biscuit', quantity: 1 }], '/media')).lines[0]!.status).toBe('gone')
  })
})
