import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { creditNotes, invoices, orders, outbox, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { startRazorpayStandIn } from '../../../tests/support/razorpay-standin'
import { testAddress } from '../../../tests/support/test-address'
import { createOrder } from '../checkout/orders.server'
import type { CreditNoteDocument } from '../invoices/credit-note-document'
import type { InvoiceDocument } from '../invoices/invoice-document'
import { invoiceNotes } from '../invoices/invoices.server'
import { paymentsNeedingAttention } from './attention.server'
import { handlePaymentWebhook } from './payments.server'
import { razorpayProvider } from './razorpay.server'
import { reconcileRefunds, RefundRefusedError, refundsOf, requestRefund, retryRefund, sendRefund } from './refunds.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// Refunds against the stand-in of Razorpay (decision 033): the whole order, one line, an amount; a retry after a lost
// answer refunds once; Razorpay's webhooks move the refund; never more than was captured; and the credit notes with
// their invoice add up to the money the shop keeps, to the paisa.

const KEY_ID = 'rzp_test_refunds'
const KEY_SECRET = 'refunds-key-secret'
const WEBHOOK_SECRET = 'refunds-webhook-secret'
const ADMIN = 'owner@example.in'

describe(`refunds, on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  let razorpay: Awaited<ReturnType<typeof startRazorpayStandIn>>
  let provider: ReturnType<typeof razorpayProvider>
  const db = () => handle.db

  beforeAll(async () => {
    handle = await openTestDatabase()
    razorpay = await startRazorpayStandIn(KEY_ID, KEY_SECRET)
    razorpay.state.slowMs = 1_500
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
  async function paidOrder(
    items = [
      { productId: 'kokum', quantity: 2 },
      { productId: 'pepper', size: '250g' as const, quantity: 1 },
    ],
  ) {
    const n = ++count
    const order = await createOrder(db(), provider, TEST_SHOP_URL, {
      items,
      shippingAddress: testAddress,
      email: `buyer${n}@example.in`,
      buyerToken: `buyer-${n}`,
      checkoutKey: `refund-key-${n}-0123456789`,
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
  const invoiceOf = async (orderId: string) =>
    (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!.document as InvoiceDocument
  const creditNotesOf = async (orderId: string) =>
    (await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).map((c) => c.document as CreditNoteDocument)
  const deliver = async (webhook: { rawBody: string; headers: Record<string, string> }) =>
    handlePaymentWebhook(db(), provider, TEST_SHOP_URL, {
      rawBody: webhook.rawBody,
      headers: {
        'x-razorpay-signature': webhook.headers['x-razorpay-signature']!,
        'x-razorpay-event-id': webhook.headers['x-razorpay-event-id']!,
      },
    })

  it('refunds the whole order: one refund at Razorpay with an idempotency key, a credit note for all of it, the customer mailed', async () => {
    const order = await paidOrder()
    expect(order.totalPaise).toBe(45900)
    const result = await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'whole' },
      reason: 'Customer changed their mind',
      restock: true,
      speed: 'optimum',
      actor: ADMIN,
    })
    expect(result).toMatchObject({ amountPaise: 45900, status: 'pending' })
    const [atRazorpay] = refundsAtRazorpay(order.paymentId)
    expect(atRazorpay).toMatchObject({ amount: 45900, speed_requested: 'optimum', status: 'pending' })
    const call = razorpay.state.requests.find((r) => r.path === `/v1/payments/${order.paymentId}/refund`)!
    expect(call.headers['x-refund-idempotency']).toBe(`${result.refundId}-1`)
    expect(await stock('kokum')).toBe(50)
    expect(await stock('pepper')).toBe(50)

    const [note] = await creditNotesOf(order.id)
    expect(note).toMatchObject({ kind: 'credit-note', number: result.creditNoteNumber, invoiceNumber: (await invoiceOf(order.id)).number })
    expect(note!.number).toMatch(/^CN\/\d{4}-\d{2}\/0001$/)
    expect(note!.totals.totalPaise).toBe(45900)
    expect(await invoiceNotes(db(), order.id, await invoiceOf(order.id))).toEqual([`CANCELLED by credit note ${note!.number}`])

    const mails = await db().select().from(outbox)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ recipient: order.email, subject: `Refund of ₹459.00 for your order KO-${order.number}` })
    expect(mails[0]!.text).toContain('instant refund')
    // Nothing is left to refund.
    await expect(
      requestRefund(db(), provider, TEST_SHOP_URL, {
        orderId: order.id,
        request: { kind: 'amount', amountPaise: 100 },
        reason: 'x',
        restock: false,
        speed: 'normal',
        actor: ADMIN,
      }),
    ).rejects.toThrow('This order has been refunded in full already.')
  })

  it('refunds one line: its amount at the invoice rate, the goods back to stock when asked, the rest of the invoice kept', async () => {
    const order = await paidOrder()
    const result = await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'lines', lines: [{ productId: 'kokum', size: 'one', quantity: 1 }], delivery: false },
      reason: 'Bottle arrived broken',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    expect(result.amountPaise).toBe(18000)
    expect(refundsAtRazorpay(order.paymentId).map((r) => r.amount)).toEqual([18000])
    // Damaged: not back on the shelf.
    expect(await stock('kokum')).toBe(48)
    const [note] = await creditNotesOf(order.id)
    const invoiced = (await invoiceOf(order.id)).lines.find((l) => l.description === 'Kokum Syrup')!
    expect(note!.lines).toEqual([
      expect.objectContaining({
        description: 'Kokum Syrup',
        quantity: 1,
        unitPricePaise: 18000,
        ratePercent: invoiced.ratePercent,
        hsnCode: invoiced.hsnCode,
      }),
    ])
    expect(await invoiceNotes(db(), order.id, await invoiceOf(order.id))).toEqual([`Reduced by credit note ${note!.number}: ₹180.00`])

    // The other kokum, restocked this time; a third is more than was bought.
    await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'lines', lines: [{ productId: 'kokum', size: 'one', quantity: 1 }], delivery: false },
      reason: 'Returned unopened',
      restock: true,
      speed: 'normal',
      actor: ADMIN,
    })
    expect(await stock('kokum')).toBe(49)
    await expect(
      requestRefund(db(), provider, TEST_SHOP_URL, {
        orderId: order.id,
        request: { kind: 'lines', lines: [{ productId: 'kokum', size: 'one', quantity: 1 }], delivery: false },
        reason: 'again',
        restock: true,
        speed: 'normal',
        actor: ADMIN,
      }),
    ).rejects.toThrow('Only 0 × Kokum Syrup can still be refunded.')
  })

  it('never refunds more than was captured: a clear refusal, and nothing written', async () => {
    const order = await paidOrder()
    await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'amount', amountPaise: 40000 },
      reason: 'Late delivery',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    const before = {
      refunds: (await refundsOf(db(), order.id)).length,
      notes: (await creditNotesOf(order.id)).length,
      calls: razorpay.state.requests.length,
    }
    const attempt = requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'amount', amountPaise: 6000 },
      reason: 'More',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    await expect(attempt).rejects.toBeInstanceOf(RefundRefusedError)
    await expect(attempt).rejects.toThrow('That is ₹60.00, more than the ₹59.00 left to refund on this order.')
    expect({
      refunds: (await refundsOf(db(), order.id)).length,
      notes: (await creditNotesOf(order.id)).length,
      calls: razorpay.state.requests.length,
    }).toEqual(before)
  })

  it('a retry after the answer was lost refunds once: the same idempotency key, one refund at Razorpay', async () => {
    const order = await paidOrder()
    // Razorpay makes the refund but its answer comes after the shop gave up.
    razorpay.state.mode = 'slow'
    const result = await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'whole' },
      reason: 'Out of stock',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    expect(result.status).toBe('requested')
    expect(refundsAtRazorpay(order.paymentId)).toHaveLength(1)
    razorpay.state.mode = 'ok'
    expect(await reconcileRefunds(db(), provider, TEST_SHOP_URL, new Date(Date.now() + 2 * 60_000))).toBe(1)
    const [refund] = await refundsOf(db(), order.id)
    expect(refund).toMatchObject({ status: 'pending', providerRefundId: refundsAtRazorpay(order.paymentId)[0]!.id })
    expect(refundsAtRazorpay(order.paymentId)).toHaveLength(1)
    const refundCalls = () => razorpay.state.requests.filter((r) => r.path === `/v1/payments/${order.paymentId}/refund`)
    expect(refundCalls().map((r) => r.headers['x-refund-idempotency'])).toEqual([`${refund!.id}-1`, `${refund!.id}-1`])
    // Sending again once it is pending asks nothing more.
    await sendRefund(db(), provider, TEST_SHOP_URL, refund!.id)
    expect(refundCalls()).toHaveLength(2)
  })

  it('refund.processed and refund.failed move the refund; a failed one is set aside for the owner and can be tried again', async () => {
    const order = await paidOrder()
    const first = await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'amount', amountPaise: 10000 },
      reason: 'Goodwill',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    const atRazorpay = razorpay.settleRefund(refundsAtRazorpay(order.paymentId)[0]!.id, 'processed')
    const processed = razorpay.webhook('refund.processed', { refund: atRazorpay }, WEBHOOK_SECRET)
    expect((await deliver(processed)).outcome).toBe('refund-updated')
    expect((await refundsOf(db(), order.id))[0]).toMatchObject({ id: first.refundId, status: 'processed' })
    expect((await deliver(processed)).outcome).toBe('duplicate')

    const second = await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'amount', amountPaise: 5000 },
      reason: 'Goodwill again',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    const failedAtRazorpay = razorpay.settleRefund(refundsAtRazorpay(order.paymentId).find((r) => r.amount === 5000)!.id, 'failed')
    expect((await deliver(razorpay.webhook('refund.failed', { refund: failedAtRazorpay }, WEBHOOK_SECRET))).outcome).toBe('refund-updated')
    expect((await refundsOf(db(), order.id)).find((r) => r.id === second.refundId)).toMatchObject({ status: 'failed' })
    expect((await paymentsNeedingAttention(db())).orders.map((o) => o.id)).toEqual([order.id])

    const retried = await retryRefund(db(), provider, TEST_SHOP_URL, second.refundId, ADMIN)
    expect(retried).toMatchObject({ status: 'pending', attempts: 2 })
    expect(razorpay.state.requests.filter((r) => r.path.endsWith('/refund')).at(-1)!.headers['x-refund-idempotency']).toBe(
      `${second.refundId}-2`,
    )
    // The retry is the same decision: one credit note for it, not two.
    expect(await creditNotesOf(order.id)).toHaveLength(2)
  })

  it('credit notes and their invoice add up to the money kept, to the paisa, whatever was refunded', async () => {
    const order = await paidOrder([{ productId: 'kokum', quantity: 1 }])
    // ₹180 + ₹40 delivery: a line, the delivery and an odd amount spread over both.
    expect(order.totalPaise).toBe(22000)
    await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'amount', amountPaise: 3333 },
      reason: 'Late',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    await requestRefund(db(), provider, TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'lines', lines: [], delivery: true },
      reason: 'Delivery was late',
      restock: false,
      speed: 'normal',
      actor: ADMIN,
    })
    const invoice = await invoiceOf(order.id)
    const notes = await creditNotesOf(order.id)
    const refunded = (await refundsOf(db(), order.id)).reduce((sum, r) => sum + r.amountPaise, 0)
    expect(refunded).toBe(3333 + 4000)
    expect(invoice.totals.totalPaise - notes.reduce((sum, n) => sum + n.totals.totalPaise, 0)).toBe(order.totalPaise - refunded)
    for (const note of notes) {
      expect(note.totals.taxablePaise + note.totals.taxPaise).toBe(note.totals.totalPaise)
      for (const line of note.lines) expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.totalPaise)
      // Each line keeps the rate the invoice charged it at.
      for (const line of note.lines)
        expect(invoice.lines.some((l) => l.hsnCode === line.hsnCode && l.ratePercent === line.ratePercent)).toBe(true)
    }
    // Numbered one after the other in the year's credit note series.
    const [a, b] = notes.map((n) => Number(n.number.split('/').at(-1)))
    expect(b).toBe(a! + 1)
  })
})
