import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../../tests/support/pdf-text'
import type { DatabaseHandle } from '~/db/client.server'
import { invoiceCounters, invoices, orderEvents, orders, outbox, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import type { CreateOrderInput } from '../checkout/checkout-schemas'
import { advanceOrder } from '../orders/fulfilment.server'
import { confirmPayment } from '../payments/settle.server'
import { placeTestOrder } from '../checkout/test-orders'
import { testAddress } from '../../../tests/support/test-address'
import { testPaymentProvider } from '../payments/test-provider.server'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { getShopSettings, saveShopSettings } from '../settings/shop-settings.server'
import type { InvoiceDocument } from './invoice-document'
import { invoiceForOrder, invoicePdf } from './invoices.server'
import { financialYearOf } from './series'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

describe(`tax invoices issued with payments on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-invoices', () => handle.db)
  const db = () => handle.db
  let buyers = 0

  beforeAll(async () => {
    handle = await openTestDatabase()
    await db()
      .insert(products)
      .values([
        // A blank tariff code takes the category's (spices: 0910).
        { id: 'pepper', slug: 'pepper', name: 'Wayanad Pepper', description: 'd', category: 'spices', hsnCode: '', gstRatePercent: 5 },
        {
          id: 'lemongrass',
          slug: 'lemongrass',
          name: 'Lemongrass Oil',
          description: 'd',
          category: 'essential-oils',
          hsnCode: '33012990',
          gstRatePercent: 18,
        },
      ])
    await db()
      .insert(variants)
      .values([
        { productId: 'pepper', size: 'one', pricePaise: 12050, stock: 1000 },
        { productId: 'lemongrass', size: 'one', pricePaise: 10000, stock: 1000 },
      ])
  })
  afterAll(async () => handle?.close())

  function placeOrder(
    items: CreateOrderInput['items'] = [{ productId: 'pepper', quantity: 2 }],
    overrides: { email?: string; state?: string } = {},
  ) {
    buyers++
    return placeTestOrder(db(), provider, {
      items,
      address: { state: overrides.state ?? testAddress.state },
      email: overrides.email ?? `buyer${buyers}@example.in`,
      buyerToken: `buyer-token-${buyers}`,
    })
  }

  const pay = (order: { providerOrderId: string | null }, at?: Date) =>
    confirmPayment(db(), TEST_SHOP_URL, order.providerOrderId!, `pay_${order.providerOrderId}`, at)
  const invoiceRow = async (orderId: string) => (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]
  const counter = async (series: string) =>
    (await db().select().from(invoiceCounters).where(eq(invoiceCounters.series, series)))[0]?.lastNumber ?? 0

  it('issues the invoice with the payment: the next number of the year’s series, and a document that adds up', async () => {
    const order = await placeOrder([
      { productId: 'pepper', quantity: 2 },
      { productId: 'lemongrass', quantity: 1 },
    ])
    const series = financialYearOf(new Date())
    const before = await counter(series)
    expect((await pay(order)).outcome).toBe('paid')
    const row = (await invoiceRow(order.id))!
    expect(row).toMatchObject({ series, number: before + 1 })
    const document = row.document as InvoiceDocument
    expect(document.number).toBe(`KO/${series}/${String(before + 1).padStart(4, '0')}`)
    expect(document.supply).toBe('intra-state')
    // CGST and SGST in equal halves (decision 068): 10000 × 18 / 236 = 762.71 → 763 each, taxable 10000 − 1526 = 8474.
    expect(document.taxSplit).toBe('equal-halves')
    expect(
      document.lines.map((l) => [l.description, l.hsnCode, l.ratePercent, l.totalPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise]),
    ).toEqual([
      ['Lemongrass Oil', '33012990', 18, 10000, 8474, 763, 763],
      ['Wayanad Pepper', '0910', 5, 24100, 22952, 574, 574],
      ['Delivery charge', '996812', 18, 4000, 3390, 305, 305],
    ])
    const [paid] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(document.totals.totalPaise).toBe(paid!.totalPaise)
    expect(row.issuedAt.getTime()).toBe(paid!.paidAt!.getTime())
  })

  it('to another state the tax is IGST', async () => {
    const order = await placeOrder([{ productId: 'lemongrass', quantity: 4 }], { state: 'kerala' })
    await pay(order)
    const document = (await invoiceRow(order.id))!.document as InvoiceDocument
    // ₹400 at 18%: 40000 × 100 / 118 = 33898.31 → 33898; IGST 6102. Delivery is free from ₹350.
    expect(document).toMatchObject({
      supply: 'inter-state',
      placeOfSupply: 'Kerala (32)',
      totals: { taxablePaise: 33898, igstPaise: 6102, cgstPaise: 0, totalPaise: 40000 },
    })
  })

  it('issues one invoice per order, however often the payment is confirmed, even at once', async () => {
    const order = await placeOrder()
    const series = financialYearOf(new Date())
    const before = await counter(series)
    const outcomes = await Promise.all([pay(order), pay(order), pay(order)])
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['already-paid', 'already-paid', 'paid'])
    await pay(order)
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1)
    expect(await counter(series)).toBe(before + 1)
    expect((await invoiceForOrder(db(), order.id))!.number).toBe(before + 1)
    expect(await counter(series)).toBe(before + 1)
  })

  it('numbers payments made at the same time without gaps or repeats', async () => {
    const placed = await Promise.all(Array.from({ length: 8 }, () => placeOrder()))
    const series = financialYearOf(new Date())
    const before = await counter(series)
    await Promise.all(placed.map((o) => pay(o)))
    const numbers = (await Promise.all(placed.map((o) => invoiceRow(o.id)))).map((r) => r!.number).sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i))
    expect(await counter(series)).toBe(before + 8)
  })

  it('a payment whose transaction fails takes no number: the next payment gets it', async () => {
    const series = financialYearOf(new Date())
    const failing = await placeOrder(undefined, { email: 'refused@example.in' })
    // A real failure late in the payment's transaction, after the invoice was numbered: the confirmation mail cannot be queued.
    await db().execute(sql`alter table outbox add constraint outbox_refuses_one check (recipient <> 'refused@example.in')`)
    try {
      const before = await counter(series)
      await expect(pay(failing)).rejects.toThrow()
      expect(await counter(series)).toBe(before)
      expect(await invoiceRow(failing.id)).toBeUndefined()
      expect((await db().select().from(orders).where(eq(orders.id, failing.id)))[0]!.status).toBe('pending_payment')

      const next = await placeOrder()
      await pay(next)
      expect((await invoiceRow(next.id))!.number).toBe(before + 1)
    } finally {
      await db().execute(sql`alter table outbox drop constraint outbox_refuses_one`)
    }
    // Retried once the fault is gone, the payment goes through and takes the next number.
    await pay(failing)
    expect((await invoiceRow(failing.id))!.number).toBe(await counter(series))
  })

  it('starts a new series at midnight of 1 April in India', async () => {
    const lastOfYear = await placeOrder()
    const firstOfNext = await placeOrder()
    await pay(lastOfYear, new Date('2031-03-31T18:29:59Z'))
    await pay(firstOfNext, new Date('2031-03-31T18:30:00Z'))
    expect(await invoiceRow(lastOfYear.id)).toMatchObject({ series: '2030-31', number: 1 })
    expect(await invoiceRow(firstOfNext.id)).toMatchObject({ series: '2031-32', number: 1 })
    expect(((await invoiceRow(firstOfNext.id))!.document as InvoiceDocument).number).toBe('KO/2031-32/0001')
  })

  it('keeps an invoice as issued when products and settings change later', async () => {
    const order = await placeOrder([{ productId: 'lemongrass', quantity: 1 }])
    await pay(order)
    const issued = (await invoiceForOrder(db(), order.id))!
    const settings = await getShopSettings(db())
    try {
      await saveShopSettings(db(), { ...settings, gstin: '29AAGCB7383J1Z4', gstState: 'Karnataka', shopName: 'Renamed Shop' })
      await db().update(products).set({ hsnCode: '3302', gstRatePercent: 12 }).where(eq(products.id, 'lemongrass'))
      const again = (await invoiceForOrder(db(), order.id))!
      expect(again.document).toEqual(issued.document)
      const text = await pdfText((await invoicePdf(db(), order.id))!.pdf)
      expect(text).toContain(`GSTIN: ${DEFAULT_SHOP_SETTINGS.gstin}`)
      expect(text).toContain('33012990')
      expect(text).not.toContain('29AAGCB7383J1Z4')
    } finally {
      await saveShopSettings(db(), settings)
      await db().update(products).set({ hsnCode: '33012990', gstRatePercent: 18 }).where(eq(products.id, 'lemongrass'))
    }
  })

  it('gives an order paid before invoices existed its invoice on first download, once; unpaid orders get none', async () => {
    const legacy = await placeOrder()
    // As such orders were marked paid before this change: no invoice with the payment.
    await db()
      .update(orders)
      .set({ status: 'paid', paidAt: new Date('2026-05-01T10:00:00Z'), paymentId: 'pay_old' })
      .where(eq(orders.id, legacy.id))
    expect(await invoiceRow(legacy.id)).toBeUndefined()
    const [first, second] = await Promise.all([invoiceForOrder(db(), legacy.id), invoiceForOrder(db(), legacy.id)])
    expect(first!.number).toBe(second!.number)
    expect(await db().select().from(invoices).where(eq(invoices.orderId, legacy.id))).toHaveLength(1)
    // Dated when issued, in that day's series; the payment's date is on it too.
    expect(first!.series).toBe(financialYearOf(first!.issuedAt))
    expect(first!.document.paidAt).toBe('2026-05-01T10:00:00.000Z')

    const unpaid = await placeOrder()
    expect(await invoiceForOrder(db(), unpaid.id)).toBeNull()
    expect(await invoicePdf(db(), unpaid.id)).toBeNull()
    expect(await invoiceForOrder(db(), 'no-such-order')).toBeNull()

    // Cancelled before it was invoiced: refunded, no invoice made now. Cancelled after: keeps its invoice.
    const cancelledLegacy = await placeOrder()
    await db().update(orders).set({ status: 'cancelled', paidAt: new Date() }).where(eq(orders.id, cancelledLegacy.id))
    expect(await invoiceForOrder(db(), cancelledLegacy.id)).toBeNull()
    const cancelled = await placeOrder()
    await pay(cancelled)
    await advanceOrder(db(), TEST_SHOP_URL, cancelled.id, { step: 'cancel', reason: '' }, 'owner@example.in')
    expect(await invoiceForOrder(db(), cancelled.id)).not.toBeNull()
  })

  it('the order’s history and mails are untouched by the invoice', async () => {
    const order = await placeOrder()
    await pay(order)
    expect((await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).map((e) => e.status)).toEqual([
      'pending_payment',
      'paid',
    ])
    const mails = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `buyer${buyers}@example.in`))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toMatch(/Follow your order and download its tax invoice: http:\/\/localhost:3000\/track\?order=KO-\d+/)
  })
})
