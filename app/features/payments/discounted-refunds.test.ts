import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { coupons, creditNotes, invoices, orderLines, orders, products, testProviderPayments, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { advanceOrder } from '../orders/fulfilment.server'
import { getOrderForAdmin } from '../orders/admin-orders.server'
import { placeTestOrder, emptyOrdersAndCatalogue } from '../checkout/test-orders'
import type { CreditNoteDocument } from '../invoices/credit-note-document'
import type { InvoiceDocument } from '../invoices/invoice-document'
import { invoiceNotes } from '../invoices/invoices.server'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { saveShopSettings } from '../settings/shop-settings.server'
import { RefundRefusedError, recordRefund, refundsOf, requestRefund } from './refunds.server'
import { confirmPayment } from './settle.server'
import { testPaymentProvider } from './test-provider.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// Refunds of an order with a coupon and the prepaid offer (decisions 033 and 042): each line gives back what was paid
// for it, so the refunds add up to the order's total, the credit notes to its invoice, and "everything left" (the
// cancel step's refund) is exactly what is left. Cash-on-delivery orders have no online payment to refund.

const ADMIN = 'owner@example.in'

describe(`refunds of discounted orders, on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const provider = testPaymentProvider('test-secret-for-discounted-refunds', () => handle.db)
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  beforeEach(async () => {
    await emptyOrdersAndCatalogue(db())
    await db()
      .insert(products)
      .values([
        { id: 'tulsi-tea', slug: 'tulsi-tea', name: 'Tulsi Tea', description: 'd', category: 'herbal', hsnCode: '0902', gstRatePercent: 5 },
        {
          id: 'dried-mango',
          slug: 'dried-mango',
          name: 'Freeze Dried Mango',
          description: 'd',
          category: 'freeze-dried-fruit',
          hsnCode: '0813',
          gstRatePercent: 12,
        },
      ])
    await db()
      .insert(variants)
      .values([
        { productId: 'tulsi-tea', size: 'one', pricePaise: 4_500, stock: 50 },
        { productId: 'dried-mango', size: 'one', pricePaise: 9_900, stock: 50 },
      ])
    await db()
      .insert(coupons)
      .values({ code: 'HERBAL10', kind: 'percent', value: 1_000, categories: ['herbal'] })
    await saveShopSettings(db(), {
      ...DEFAULT_SHOP_SETTINGS,
      payments: { ...DEFAULT_SHOP_SETTINGS.payments, prepaidOffer: { kind: 'percent', value: 500, maxDiscountPaise: 5_000 } },
    })
  })

  let count = 0
  /** 3 × ₹45 tea and 1 × ₹99 mango with HERBAL10, paid online (the 5% prepaid offer), ₹40 delivery; paid and invoiced. */
  async function discountedPaidOrder() {
    const n = ++count
    const order = await placeTestOrder(db(), provider, {
      items: [
        { productId: 'tulsi-tea', quantity: 3 },
        { productId: 'dried-mango', quantity: 1 },
      ],
      couponCode: 'HERBAL10',
      email: `buyer${n}@example.in`,
      address: { phoneNumber: `98765${String(n).padStart(5, '0')}` },
    })
    // ₹234 of goods: 10% off the ₹135 of tea is ₹13.50; 5% of the ₹220.50 left is ₹11.02; below ₹350, ₹40 delivery.
    expect(order).toMatchObject({
      subtotalPaise: 23_400,
      couponDiscountPaise: 1_350,
      prepaidDiscountPaise: 1_102,
      deliveryPaise: 4_000,
      totalPaise: 24_948,
    })
    const { paymentId } = await provider.makeTestPayment(order.providerOrderId!, order.totalPaise, 'captured')
    expect(await confirmPayment(db(), TEST_SHOP_URL, order.providerOrderId!, paymentId)).toMatchObject({ outcome: 'paid' })
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.productId))
    return { ...order, paymentId, lines }
  }
  const invoiceOf = async (orderId: string) =>
    (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!.document as InvoiceDocument
  const creditNotesOf = async (orderId: string) =>
    (await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.number))).map(
      (c) => c.document as CreditNoteDocument,
    )
  const atProvider = async (paymentId: string) =>
    (await db().select().from(testProviderPayments).where(eq(testProviderPayments.id, paymentId)))[0]!
  const refund = (orderId: string, request: Parameters<typeof requestRefund>[3]['request'], reason = 'Returned') =>
    requestRefund(db(), provider, TEST_SHOP_URL, { orderId, request, reason, restock: true, speed: 'normal', actor: ADMIN })

  it('refunded in three goes (a unit, a unit and the delivery, then everything left): exactly the total, credit notes equal to the invoice', async () => {
    const order = await discountedPaidOrder()
    // The mango's share of the prepaid ₹11.02 is 9,900 / 22,050 of it; the tea has the coupon and the rest.
    expect(order.lines.map((l) => [l.productId, l.discountPaise])).toEqual([
      ['dried-mango', 495],
      ['tulsi-tea', 1_350 + 607],
    ])
    const teaDiscount = 1_957

    // One tea: ₹45 less a third of its discount (⌊1,957 / 3⌋ = 652), not the ₹45 of its price.
    const first = await refund(order.id, { kind: 'lines', lines: [{ productId: 'tulsi-tea', size: 'one', quantity: 1 }], delivery: false })
    expect(first).toMatchObject({ amountPaise: 4_500 - 652, status: 'processed' })
    const second = await refund(order.id, { kind: 'lines', lines: [{ productId: 'tulsi-tea', size: 'one', quantity: 1 }], delivery: true })
    expect(second.amountPaise).toBe(4_500 - (1_304 - 652) + 4_000)
    // The rest: the last tea with the 653 of its discount left, and the mango less its 495.
    const rest = await refund(order.id, { kind: 'whole' }, 'Customer returned the rest')
    expect(rest.amountPaise).toBe(4_500 - (teaDiscount - 1_304) + 9_900 - 495)

    const refunds = await refundsOf(db(), order.id)
    expect(refunds.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(order.totalPaise)
    expect(
      refunds
        .flatMap((r) => r.items.lines)
        .filter((l) => l.productId === 'tulsi-tea')
        .map((l) => l.discountPaise),
    ).toEqual([652, 652, 653])
    // The provider took every refund, and its payment is refunded in full: no more than was captured.
    expect(refunds.map((r) => r.status)).toEqual(['processed', 'processed', 'processed'])
    expect(await atProvider(order.paymentId)).toMatchObject({ status: 'refunded', amountRefundedPaise: order.totalPaise })

    const invoice = await invoiceOf(order.id)
    expect(invoice.totals.totalPaise).toBe(order.totalPaise)
    const notes = await creditNotesOf(order.id)
    expect(notes.map((n) => n.totals.totalPaise)).toEqual(refunds.map((r) => r.amountPaise))
    expect(notes.reduce((sum, n) => sum + n.totals.totalPaise, 0)).toBe(invoice.totals.totalPaise)
    // Line by line, the credit notes take back each invoice line's total, at its rate, showing its discount.
    for (const invoiced of invoice.lines) {
      const credited = notes.flatMap((n) => n.lines).filter((l) => l.description === invoiced.description)
      expect(credited.reduce((sum, l) => sum + l.totalPaise, 0)).toBe(invoiced.totalPaise)
      expect(credited.reduce((sum, l) => sum + (l.discountPaise ?? 0), 0)).toBe(invoiced.discountPaise ?? 0)
      for (const l of credited) expect([l.hsnCode, l.ratePercent]).toEqual([invoiced.hsnCode, invoiced.ratePercent])
    }
    for (const note of notes)
      for (const l of note.lines) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.totalPaise)
    expect(await invoiceNotes(db(), order.id, invoice)).toEqual([`CANCELLED by credit notes ${notes.map((n) => n.number).join(', ')}`])
    await expect(refund(order.id, { kind: 'amount', amountPaise: 100 })).rejects.toThrow('This order has been refunded in full already.')
  })

  it('everything at once refunds exactly the total, and its credit note is the invoice line for line', async () => {
    const order = await discountedPaidOrder()
    const result = await refund(order.id, { kind: 'whole' })
    expect(result).toMatchObject({ amountPaise: order.totalPaise, status: 'processed' })
    expect(await atProvider(order.paymentId)).toMatchObject({ status: 'refunded', amountRefundedPaise: order.totalPaise })
    const invoice = await invoiceOf(order.id)
    const [note] = await creditNotesOf(order.id)
    const taxOf = (l: InvoiceDocument['lines'][number]) => [
      l.description,
      l.quantity,
      l.discountPaise ?? 0,
      l.totalPaise,
      l.taxablePaise,
      l.cgstPaise,
      l.sgstPaise,
      l.igstPaise,
    ]
    expect(note!.lines.map(taxOf)).toEqual(invoice.lines.map(taxOf))
    expect(note!.totals).toEqual(invoice.totals)
    expect(await invoiceNotes(db(), order.id, invoice)).toEqual([`CANCELLED by credit note ${note!.number}`])
  })

  it('cancelling a paid discounted order with its refund gives back exactly what was paid', async () => {
    const order = await discountedPaidOrder()
    const cancelled = await advanceOrder(
      db(),
      TEST_SHOP_URL,
      order.id,
      { step: 'cancel', reason: 'Out of fresh stock', refund: 'yes', speed: 'normal' },
      ADMIN,
    )
    expect(cancelled).toMatchObject({ status: 'cancelled', refundId: expect.any(String) })
    const [row] = await refundsOf(db(), order.id)
    expect(row!.amountPaise).toBe(order.totalPaise)
    const invoice = await invoiceOf(order.id)
    expect((await creditNotesOf(order.id))[0]!.totals.totalPaise).toBe(invoice.totals.totalPaise)
  })

  it('refuses a line asked beyond the money left with a clear message, writing nothing', async () => {
    const order = await discountedPaidOrder()
    await refund(order.id, { kind: 'amount', amountPaise: 20_000 })
    await expect(
      refund(order.id, { kind: 'lines', lines: [{ productId: 'dried-mango', size: 'one', quantity: 1 }], delivery: false }),
    ).rejects.toThrow('That is ₹94.05 (the goods as paid, after their discounts), more than the ₹49.48 left to refund on this order.')
    expect(await refundsOf(db(), order.id)).toHaveLength(1)
  })

  it('a cash-on-delivery order, delivered and paid in cash, is refused through the provider: there is no online payment', async () => {
    const order = await placeTestOrder(db(), provider, {
      items: [{ productId: 'dried-mango', quantity: 4 }],
      payment: 'cod',
      email: 'cod@example.in',
    })
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'confirm' }, ADMIN)
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'ship', courier: 'India Post', trackingNumber: 'EE123456789IN' }, ADMIN)
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'deliver' }, ADMIN)
    const [delivered] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(delivered).toMatchObject({ status: 'delivered', paymentMethod: 'cod', paymentId: null, paidAt: expect.any(Date) })
    const attempt = db().transaction((tx) =>
      recordRefund(tx, {
        orderId: order.id,
        request: { kind: 'whole' },
        reason: 'Returned',
        restock: false,
        speed: 'normal',
        actor: ADMIN,
      }),
    )
    await expect(attempt).rejects.toBeInstanceOf(RefundRefusedError)
    await expect(
      db().transaction((tx) =>
        recordRefund(tx, {
          orderId: order.id,
          request: { kind: 'amount', amountPaise: 500 },
          reason: 'Returned',
          restock: false,
          speed: 'normal',
          actor: ADMIN,
        }),
      ),
    ).rejects.toThrow(
      'This order was paid in cash on delivery: there is no online payment to refund. Record the refund you paid by UPI or bank transfer instead.',
    )
    expect(await refundsOf(db(), order.id)).toEqual([])
    expect(await creditNotesOf(order.id)).toEqual([])
    // The order's page offers the owner's record of a UPI or bank transfer instead (decision 069), not the provider's form.
    expect((await getOrderForAdmin(db(), order.id))!.refundVia).toBe('outside')
  })
})
