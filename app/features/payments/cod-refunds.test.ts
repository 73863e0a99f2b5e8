import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { creditNotes, invoices, orderEvents, orders, outbox, products, refunds, stockLedger, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { emptyOrdersAndCatalogue, placePaidOrder, placeTestOrder } from '../checkout/test-orders'
import type { CreditNoteDocument } from '../invoices/credit-note-document'
import type { InvoiceDocument } from '../invoices/invoice-document'
import { getOrderForAdmin } from '../orders/admin-orders.server'
import { advanceOrder } from '../orders/fulfilment.server'
import { getTrackedOrder } from '../tracking/tracking.server'
import { recordCodRefund } from './cod-refunds.server'
import type { PaymentProvider } from './provider'
import { reconcileRefunds, RefundRefusedError, refundsOf, sendRefund } from './refunds.server'
import { testPaymentProvider } from './test-provider.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// Issue 39, defect 7 (decision 069): a cash-on-delivery order, delivered and its cash collected, is refunded by the
// owner outside the payment provider, by UPI or bank transfer. The refund is recorded, not sent: processed at once,
// with its credit note, stock (when restocked), history and the customer's mail in one transaction; never more than
// was paid; never before the cash was collected; never taken up by the reconciliation.

const ADMIN = 'owner@example.in'
/** Today in India (UTC+5:30), as the owner's date field gives it. */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)

describe(`refunds of cash-on-delivery orders paid outside the provider, on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const base = testPaymentProvider('test-secret-for-cod-refunds', () => handle.db)
  /** The shop's provider, counting every refund call made to it: a COD refund must make none. */
  const providerCalls: string[] = []
  const provider: PaymentProvider = {
    ...base,
    refundPayment: async (input) => {
      providerCalls.push(`refund ${input.paymentId}`)
      return base.refundPayment(input)
    },
    fetchRefund: async (paymentId, refundId) => {
      providerCalls.push(`fetch ${refundId}`)
      return base.fetchRefund(paymentId, refundId)
    },
  }

  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    providerCalls.length = 0
    await emptyOrdersAndCatalogue(db())
    await db().insert(products).values({
      id: 'dried-mango',
      slug: 'dried-mango',
      name: 'Freeze Dried Mango',
      description: 'd',
      category: 'freeze-dried-fruit',
      hsnCode: '0813',
      gstRatePercent: 12,
    })
    await db().insert(variants).values({ productId: 'dried-mango', size: 'one', pricePaise: 9_900, stock: 50 })
  })

  let count = 0
  /** 4 × ₹99 of mango by cash on delivery: ₹396, free delivery, ₹30 COD fee, ₹426; taken to `until`. */
  async function codOrder(until: 'shipped' | 'delivered' | 'cancelled' = 'delivered') {
    const n = ++count
    const order = await placeTestOrder(db(), provider, {
      items: [{ productId: 'dried-mango', quantity: 4 }],
      payment: 'cod',
      email: `cod${n}@example.in`,
      address: { phoneNumber: `98765${String(n).padStart(5, '0')}` },
    })
    if (until === 'cancelled') {
      await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'cancel', reason: 'Customer called', refund: 'no', speed: 'normal' }, ADMIN)
    } else {
      await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'confirm' }, ADMIN)
      await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'ship', courier: 'India Post', trackingNumber: `EE${n}IN` }, ADMIN)
      if (until === 'delivered') await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'deliver' }, ADMIN)
    }
    await db().delete(outbox)
    expect(order.totalPaise).toBe(42_600)
    return order
  }
  const stock = async () => (await db().select({ stock: variants.stock }).from(variants))[0]!.stock
  const notesOf = async (orderId: string) =>
    (await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).map((c) => c.document as CreditNoteDocument)
  const eventsOf = async (orderId: string) =>
    db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))
  const twoDamaged = (orderId: string, overrides: Partial<Parameters<typeof recordCodRefund>[2]> = {}) =>
    recordCodRefund(db(), TEST_SHOP_URL, {
      orderId,
      request: { kind: 'lines', lines: [{ productId: 'dried-mango', size: 'one', quantity: 2 }], delivery: false },
      reason: 'Two packs arrived crushed',
      restock: false,
      method: 'upi',
      reference: '412345678901',
      paidOn: today(),
      actor: ADMIN,
      ...overrides,
    })
  /** What a refused attempt must leave as it was. */
  const snapshot = async (orderId: string) => ({
    refunds: await refundsOf(db(), orderId),
    notes: await notesOf(orderId),
    events: (await eventsOf(orderId)).length,
    stock: await stock(),
    ledger: (await db().select().from(stockLedger)).length,
    mails: (await db().select().from(outbox)).length,
    order: (await db().select().from(orders).where(eq(orders.id, orderId)))[0],
  })

  it('records a UPI refund of damaged goods: processed at once, with its credit note, history and mail, and no provider call', async () => {
    const order = await codOrder()
    const before = await stock()
    const result = await twoDamaged(order.id)
    expect(result).toMatchObject({
      amountPaise: 19_800,
      duplicate: false,
      creditNoteNumber: expect.stringMatching(/^CN\/\d{4}-\d{2}\/\d{4}$/),
    })

    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id))
    expect(refund).toMatchObject({
      id: result.refundId,
      amountPaise: 19_800,
      status: 'processed',
      method: 'upi',
      reference: '412345678901',
      paidOn: today(),
      speed: null,
      restock: false,
      providerRefundId: null,
      nextCheckAt: null,
      createdBy: ADMIN,
    })
    // Damaged goods do not go back on the shelf.
    expect(await stock()).toBe(before)

    // The credit note reduces the invoice issued at dispatch by the two packs, GST at the invoice's rate.
    const invoice = (await db().select().from(invoices).where(eq(invoices.orderId, order.id)))[0]!.document as InvoiceDocument
    const [note] = await notesOf(order.id)
    expect(note).toMatchObject({ number: result.creditNoteNumber, invoiceNumber: invoice.number, reason: 'Two packs arrived crushed' })
    expect(note!.lines.map((l) => [l.description, l.quantity, l.ratePercent, l.totalPaise])).toEqual([
      ['Freeze Dried Mango', 2, 12, 19_800],
    ])
    expect(note!.totals.totalPaise).toBe(19_800)

    const last = (await eventsOf(order.id)).at(-1)!
    expect(last).toMatchObject({ status: 'delivered', actor: ADMIN })
    expect(last.note).toBe(
      `Refund of ₹198.00 paid by UPI on ${formatDay(today())}, reference 412345678901 (2 × Freeze Dried Mango): Two packs arrived crushed; credit note ${result.creditNoteNumber}`,
    )

    const mails = await db().select().from(outbox)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ recipient: order.email, subject: expect.stringContaining('Refund of ₹198.00') })
    expect(mails[0]!.text).toContain(`We sent it to you by UPI on ${formatDay(today())}. Its UPI reference is 412345678901`)
    expect(mails[0]!.text).not.toMatch(/the way you paid|Razorpay|working days/)
    expect(providerCalls).toEqual([])

    // The order's page: the refund with its method and reference, and the rest still refundable outside the provider.
    const page = (await getOrderForAdmin(db(), order.id))!
    expect(page.refunds).toEqual([
      expect.objectContaining({ method: 'upi', reference: '412345678901', paidOn: today(), creditNoteNumber: result.creditNoteNumber }),
    ])
    expect(page.refundVia).toBe('outside')
    // The customer's /track page says how it went back, not "the way you paid".
    expect((await getTrackedOrder(db(), order.id))!.refunds).toEqual([expect.objectContaining({ method: 'upi', state: 'refunded' })])
    expect(page.refundable).toMatchObject({ moneyPaise: 42_600 - 19_800, codFeePaise: 3_000 })
  })

  it('a bank transfer with the goods back in stock: the ledger says returned; "everything left" takes the COD fee too', async () => {
    const order = await codOrder()
    const before = await stock()
    await twoDamaged(order.id, { method: 'bank_transfer', reference: 'sbin n523 3120 0001', restock: true, reason: 'Sent back unopened' })
    expect(await stock()).toBe(before + 2)
    const [entry] = await db().select().from(stockLedger).where(eq(stockLedger.reason, 'returned'))
    expect(entry).toMatchObject({ change: 2, orderId: order.id, admin: ADMIN })
    const [first] = await refundsOf(db(), order.id)
    // Spaces forgiven, letters upper-cased: the reference as the bank prints it.
    expect(first).toMatchObject({ method: 'bank_transfer', reference: 'SBINN52331200001', restock: true })

    const rest = await recordCodRefund(db(), TEST_SHOP_URL, {
      orderId: order.id,
      request: { kind: 'whole' },
      reason: 'The rest, and the fee',
      restock: false,
      method: 'upi',
      reference: '412345678902',
      paidOn: today(),
      actor: ADMIN,
    })
    expect(rest.amountPaise).toBe(42_600 - 19_800)
    const notes = await notesOf(order.id)
    expect(notes.map((n) => n.totals.totalPaise)).toEqual([19_800, 22_800])
    expect(notes[1]!.lines.map((l) => l.description)).toEqual(['Freeze Dried Mango', 'Cash on delivery fee'])
    expect((await getOrderForAdmin(db(), order.id))!.refundable).toBeNull()
  })

  it('refuses more than was paid less what was refunded, with the plan’s message, changing no row', async () => {
    const order = await codOrder()
    const first = await twoDamaged(order.id)
    const before = await snapshot(order.id)
    await expect(
      recordCodRefund(db(), TEST_SHOP_URL, {
        orderId: order.id,
        request: { kind: 'amount', amountPaise: 30_000 },
        reason: 'Goodwill',
        restock: false,
        method: 'upi',
        reference: '412345678903',
        paidOn: today(),
        actor: ADMIN,
      }),
    ).rejects.toThrow('That is ₹300.00, more than the ₹228.00 left to refund on this order.')
    await expect(
      twoDamaged(order.id, {
        reference: '412345678904',
        request: { kind: 'lines', lines: [{ productId: 'dried-mango', size: 'one', quantity: 3 }], delivery: false },
      }),
    ).rejects.toThrow('Only 2 × Freeze Dried Mango can still be refunded.')
    expect(await snapshot(order.id)).toEqual(before)
    // The credit notes' series has no gap: the refused ones took no number.
    const next = await twoDamaged(order.id, { reference: '412345678905' })
    const numberOf = (label: string | null) => Number(label!.slice(-4))
    expect(numberOf(next.creditNoteNumber)).toBe(numberOf(first.creditNoteNumber) + 1)
  })

  it('refuses before the cash was collected (shipped, cancelled), and an order paid online, changing no row', async () => {
    for (const until of ['shipped', 'cancelled'] as const) {
      const order = await codOrder(until)
      const before = await snapshot(order.id)
      const attempt = twoDamaged(order.id, { reference: `41234567891${until.length}` })
      await expect(attempt).rejects.toBeInstanceOf(RefundRefusedError)
      await expect(attempt).rejects.toThrow(
        'The cash for this order has not been collected, so there is nothing to refund yet: a cash-on-delivery order is refunded once it is delivered and paid.',
      )
      expect(await snapshot(order.id)).toEqual(before)
      expect((await getOrderForAdmin(db(), order.id))!.refundable).toBeNull()
    }
    const online = await placePaidOrder(db(), provider, { items: [{ productId: 'dried-mango', quantity: 1 }], email: 'online@example.in' })
    const before = await snapshot(online.id)
    await expect(twoDamaged(online.id, { reference: '412345678920' })).rejects.toThrow(
      'This order was paid online: refund it through the payment provider with the Refund form.',
    )
    expect(await snapshot(online.id)).toEqual(before)
  })

  it('refuses a payment date in the future or before the order was placed', async () => {
    const order = await codOrder()
    const before = await snapshot(order.id)
    const tomorrow = new Date(Date.now() + (330 + 24 * 60) * 60_000).toISOString().slice(0, 10)
    await expect(twoDamaged(order.id, { paidOn: tomorrow })).rejects.toThrow('The refund cannot have been paid after today.')
    await expect(twoDamaged(order.id, { paidOn: '2020-01-01' })).rejects.toThrow(
      'The refund cannot have been paid before the order was placed',
    )
    expect(await snapshot(order.id)).toEqual(before)
  })

  it('writes nothing when any part fails: the refund, stock, credit note, history and mail are one transaction', async () => {
    const order = await codOrder()
    // An invoice the refunded goods are not on: the credit note, written after the refund row and the stock, fails.
    const [row] = await db().select().from(invoices).where(eq(invoices.orderId, order.id))
    const document = row!.document as InvoiceDocument
    await db()
      .update(invoices)
      .set({ document: { ...document, lines: document.lines.filter((l) => l.description !== 'Freeze Dried Mango') } })
      .where(eq(invoices.orderId, order.id))
    const before = await snapshot(order.id)
    await expect(twoDamaged(order.id, { restock: true })).rejects.toThrow(/is not on invoice/)
    expect(await snapshot(order.id)).toEqual(before)
  })

  it('a second submission of the same transfer records nothing more; its reference on another order is refused', async () => {
    const order = await codOrder()
    const first = await twoDamaged(order.id)
    const before = await snapshot(order.id)
    const again = await twoDamaged(order.id)
    expect(again).toMatchObject({
      duplicate: true,
      refundId: first.refundId,
      amountPaise: 19_800,
      creditNoteNumber: first.creditNoteNumber,
    })
    expect(await snapshot(order.id)).toEqual(before)
    // Both at once, as a double click sends them: one refund.
    const other = await codOrder()
    const both = await Promise.all([
      twoDamaged(other.id, { reference: '512345678901' }),
      twoDamaged(other.id, { reference: '512345678901' }),
    ])
    expect(both.map((r) => r.duplicate).sort()).toEqual([false, true])
    expect(await refundsOf(db(), other.id)).toHaveLength(1)

    await expect(twoDamaged(other.id)).rejects.toThrow(/^The reference 412345678901 is already recorded for a refund of order KO-\d+\./)
    expect(await refundsOf(db(), other.id)).toHaveLength(1)
  })

  it('the reconciliation never sends it to a provider, nor looks it up', async () => {
    const order = await codOrder()
    const { refundId } = await twoDamaged(order.id, { now: new Date(Date.now() - 3_600_000) })
    expect(await reconcileRefunds(db(), provider, TEST_SHOP_URL, new Date(Date.now() + 86_400_000))).toBe(0)
    // Asked directly, the transfer step leaves it as it is.
    const sent = await sendRefund(db(), provider, TEST_SHOP_URL, refundId)
    expect(sent).toMatchObject({ status: 'processed', method: 'upi' })
    expect(providerCalls).toEqual([])
    // And the database refuses such a refund in any state a provider would act on.
    await expect(db().update(refunds).set({ status: 'requested' }).where(eq(refunds.id, refundId))).rejects.toThrow()
    expect((await refundsOf(db(), order.id))[0]!.status).toBe('processed')
  })
})

function formatDay(day: string) {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(day))
}
