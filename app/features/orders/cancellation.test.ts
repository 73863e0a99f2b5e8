import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { creditNotes, invoices, orderEvents, orders, outbox, products, refunds, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { startRazorpayStandIn } from '../../../tests/support/razorpay-standin'
import { testAddress } from '../../../tests/support/test-address'
import { StepNotAllowedError } from './fulfilment.server'
import { createOrder } from '../checkout/orders.server'
import type { CreditNoteDocument } from '../invoices/credit-note-document'
import type { InvoiceDocument } from '../invoices/invoice-document'
import { invoiceNotes } from '../invoices/invoices.server'
import { handlePaymentWebhook } from '../payments/payments.server'
import { razorpayProvider } from '../payments/razorpay.server'
import { reconcileRefunds, RefundRefusedError, refundsOf, requestRefund } from '../payments/refunds.server'
import { cancelOrder } from './cancellation.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// The owner's cancel-and-refund, one domain call (decision 033), against the stand-in of Razorpay: the cancellation and
// its refund written together, the transfer sent once with its idempotency key, a refused refund refusing the whole
// step, and a second click refused.

const KEY_ID = 'rzp_test_cancellation'
const KEY_SECRET = 'cancellation-key-secret'
const WEBHOOK_SECRET = 'cancellation-webhook-secret'
const ADMIN = 'owner@example.in'

describe(`cancelling an order and refunding it, on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  let razorpay: Awaited<ReturnType<typeof startRazorpayStandIn>>
  let provider: ReturnType<typeof razorpayProvider>
  const db = () => handle.db

  beforeAll(async () => {
    handle = await openTestDatabase()
    razorpay = await startRazorpayStandIn(KEY_ID, KEY_SECRET)
    provider = razorpayProvider({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: razorpay.url,
      timeoutMs: 500,
    })
  })
  afterAll(async () => {
    await razorpay?.close()
    await handle?.close()
  })
  beforeEach(async () => {
    razorpay.state.mode = 'ok'
    razorpay.state.refundsProcessImmediately = false
    await db().delete(orders)
    await db().delete(outbox)
    await db().delete(products)
    await db()
      .insert(products)
      .values([
        { id: 'kokum', slug: 'kokum', name: 'Kokum Syrup', description: 'd', category: 'herbal', subcategory: 'juice' },
        { id: 'pepper', slug: 'pepper', name: 'Black Pepper', description: 'd', category: 'spices', subcategory: 'whole' },
      ])
    await db()
      .insert(variants)
      .values([
        { productId: 'kokum', size: 'one', pricePaise: 18000, stock: 50 },
        { productId: 'pepper', size: '250g', pricePaise: 9900, stock: 50 },
      ])
  })

  let count = 0
  /** A paid order of 2 kokum (₹360) and 1 pepper (₹99): ₹459, free delivery; its invoice issued with the payment. */
  async function paidOrder() {
    const n = ++count
    const order = await createOrder(db(), provider, TEST_SHOP_URL, {
      items: [
        { productId: 'kokum', quantity: 2 },
        { productId: 'pepper', size: '250g', quantity: 1 },
      ],
      shippingAddress: testAddress,
      email: `buyer${n}@example.in`,
      buyerToken: `buyer-${n}`,
      checkoutKey: `cancel-key-${n}-0123456789`,
      expiryMinutes: 30,
    })
    const payment = razorpay.pay(order.providerOrderId!, { status: 'captured' })
    const webhook = razorpay.webhook('payment.captured', { payment }, WEBHOOK_SECRET)
    const paid = await handlePaymentWebhook(db(), provider, TEST_SHOP_URL, {
      rawBody: webhook.rawBody,
      headers: {
        'x-razorpay-signature': webhook.headers['x-razorpay-signature'],
        'x-razorpay-event-id': webhook.headers['x-razorpay-event-id'],
      },
    })
    expect(paid.outcome).toBe('paid')
    await db().delete(outbox)
    return { ...order, paymentId: payment.id }
  }
  const stock = async (productId: string) => (await db().select().from(variants).where(eq(variants.productId, productId)))[0]!.stock
  const refundsAtRazorpay = (paymentId: string) => [...razorpay.refunds.values()].filter((r) => r.payment_id === paymentId)
  const refundCalls = (paymentId: string) => razorpay.state.requests.filter((r) => r.path === `/v1/payments/${paymentId}/refund`)
  const invoiceOf = async (orderId: string) =>
    (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!.document as InvoiceDocument
  const creditNotesOf = async (orderId: string) =>
    (await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).map((c) => c.document as CreditNoteDocument)
  const statusOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status
  const historyOf = async (orderId: string) => db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))

  // Moved from payments/refunds.test.ts, where it called advanceOrder then sendRefund as the route did.
  it('cancelling a paid order refunds it in the same step, and the invoice then says it was cancelled, by which credit note', async () => {
    const order = await paidOrder()
    const cancelled = await cancelOrder(
      db(),
      provider,
      TEST_SHOP_URL,
      order.id,
      { reason: 'Could not source fresh stock', refund: 'yes', speed: 'normal' },
      ADMIN,
    )
    expect(cancelled).toMatchObject({ status: 'cancelled', refund: { status: 'pending' } })
    // The cancellation returned the stock; the refund does not return it twice.
    expect(await stock('kokum')).toBe(50)
    expect(refundsAtRazorpay(order.paymentId).map((r) => r.amount)).toEqual([45900])
    const [note] = await creditNotesOf(order.id)
    expect(await invoiceNotes(db(), order.id, await invoiceOf(order.id))).toEqual([`CANCELLED by credit note ${note!.number}`])
    const mails = await db().select().from(outbox)
    expect(mails.find((m) => m.subject.includes('has been cancelled'))!.text).toContain('We are refunding ₹459.00 to the way you paid')
    expect(mails.some((m) => m.subject.startsWith('Refund of ₹459.00'))).toBe(true)
    const [row] = await db().select().from(refunds).where(eq(refunds.id, cancelled.refund!.id))
    expect(row).toMatchObject({ restock: false, status: 'pending' })
  })

  it('writes the history of both, sends the transfer once with its key, and refuses a second click without refunding again', async () => {
    const order = await paidOrder()
    const cancelled = await cancelOrder(
      db(),
      provider,
      TEST_SHOP_URL,
      order.id,
      { reason: 'Customer asked by phone', refund: 'yes', speed: 'optimum' },
      ADMIN,
    )
    const notes = (await historyOf(order.id)).filter((e) => e.actor === ADMIN).map((e) => e.note)
    expect(notes).toEqual([
      'Stock returned; Customer asked by phone',
      expect.stringMatching(/^Refund of ₹459\.00 requested \(.*; optimum\): Customer asked by phone; credit note CN\//),
    ])
    expect(refundCalls(order.paymentId).map((r) => r.headers['x-refund-idempotency'])).toEqual([`${cancelled.refund!.id}-1`])

    await expect(
      cancelOrder(db(), provider, TEST_SHOP_URL, order.id, { reason: '', refund: 'yes', speed: 'normal' }, ADMIN),
    ).rejects.toBeInstanceOf(StepNotAllowedError)
    expect(await refundsOf(db(), order.id)).toHaveLength(1)
    expect(refundCalls(order.paymentId)).toHaveLength(1)
    expect(await stock('kokum')).toBe(50)
  })

  it('a refund the order cannot give refuses the whole step: nothing cancelled, no stock moved, nothing sent', async () => {
    const order = await paidOrder()
    await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'whole' },
      reason: 'Goodwill',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    await db().delete(outbox)
    const before = { history: (await historyOf(order.id)).length, calls: razorpay.state.requests.length, kokum: await stock('kokum') }
    const attempt = cancelOrder(db(), provider, TEST_SHOP_URL, order.id, { reason: 'Out of stock', refund: 'yes', speed: 'normal' }, ADMIN)
    await expect(attempt).rejects.toBeInstanceOf(RefundRefusedError)
    await expect(attempt).rejects.toThrow('This order has been refunded in full already.')
    expect(await statusOf(order.id)).toBe('paid')
    expect({ history: (await historyOf(order.id)).length, calls: razorpay.state.requests.length, kokum: await stock('kokum') }).toEqual(
      before,
    )
    expect(await db().select().from(outbox)).toEqual([])
  })

  it('a transfer that gets no answer leaves the cancellation done and the refund to be sent again, with the same key', async () => {
    const order = await paidOrder()
    razorpay.state.mode = 'error'
    const cancelled = await cancelOrder(db(), provider, TEST_SHOP_URL, order.id, { reason: '', refund: 'yes', speed: 'normal' }, ADMIN)
    expect(cancelled).toMatchObject({ status: 'cancelled', refund: { status: 'requested' } })
    expect(await statusOf(order.id)).toBe('cancelled')
    razorpay.state.mode = 'ok'
    expect(await reconcileRefunds(db(), provider, TEST_SHOP_URL, new Date(Date.now() + 2 * 60_000))).toBe(1)
    expect(refundsAtRazorpay(order.paymentId)).toHaveLength(1)
    expect(new Set(refundCalls(order.paymentId).map((r) => r.headers['x-refund-idempotency']))).toEqual(
      new Set([`${cancelled.refund!.id}-1`]),
    )
  })

  it('cancels without a refund when the owner unticks it: the stock back, the customer mailed, nothing sent', async () => {
    const order = await paidOrder()
    const cancelled = await cancelOrder(db(), provider, TEST_SHOP_URL, order.id, { reason: '', refund: 'no' }, ADMIN)
    expect(cancelled).toEqual({ status: 'cancelled', refund: null })
    expect(await stock('pepper')).toBe(50)
    expect(await refundsOf(db(), order.id)).toEqual([])
    expect(refundCalls(order.paymentId)).toEqual([])
    expect((await db().select().from(outbox)).map((m) => m.subject)).toEqual([`Your order KO-${order.number} has been cancelled`])
  })
})
