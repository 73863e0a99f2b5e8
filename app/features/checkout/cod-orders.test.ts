import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { couponUses, coupons, creditNotes, invoices, orderEvents, orders, outbox, products, refunds, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { returnedParcelsOf } from '../offers/checkout-offers.server'
import { couponCustomerOf } from '../offers/coupon-uses.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import { cancelUnconfirmedCodOrders, confirmCodOrder } from './cod-orders.server'
import { advanceOrder, StepNotAllowedError } from '../orders/fulfilment.server'
import { placeTestOrder, emptyOrdersAndCatalogue } from './test-orders'
import type { InvoiceDocument } from '../invoices/invoice-document'
import type { CreditNoteDocument } from '../invoices/credit-note-document'
import { invoiceNotes } from '../invoices/invoices.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// Issue 19, decision 043: a cash-on-delivery order from its placing to its cash, or back to the shop.

describe(`cash-on-delivery orders on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const provider = testPaymentProvider('test-secret-for-cod', () => handle.db)
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  beforeEach(async () => {
    await emptyOrdersAndCatalogue(db())
    await db().insert(products).values({
      id: 'kaara-thokku',
      slug: 'kaara-thokku',
      name: 'Kaara Thokku',
      description: 'd',
      category: 'thokku',
      hsnCode: '2001',
      gstRatePercent: 12,
    })
    await db().insert(variants).values({ productId: 'kaara-thokku', size: 'one', pricePaise: 18_000, stock: 10 })
  })

  const stock = async () => (await db().select({ stock: variants.stock }).from(variants))[0]!.stock
  const statusOf = async (id: string) => (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status
  const placeCod = (more: { couponCode?: string; email?: string } = {}) =>
    placeTestOrder(db(), provider, { items: [{ productId: 'kaara-thokku', quantity: 2 }], payment: 'cod', ...more })
  /** The link in the order's mail to its customer, as sent. */
  async function confirmationLink(orderId: string, email = 'meena@example.in') {
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, email))
    const mail = mails.find((m) => m.subject.includes('Please confirm'))
    expect(mail, 'the customer is mailed a confirmation link').toBeTruthy()
    // The shop's address the tests pass (TEST_SHOP_URL); a started shop's own is in tests/server/track-invoices.
    const url = new URL(mail!.text.match(/http:\/\/localhost:3000\/order\/confirm\/\S+/)![0])
    expect(url.pathname).toBe(`/order/confirm/${orderId}`)
    return url
  }

  it('is mailed a link that confirms it once; a wrong token is an unknown order; the owner is told', async () => {
    const order = await placeCod()
    const url = await confirmationLink(order.id)
    const owner = await db().select().from(outbox).where(eq(outbox.recipient, 'care@kaaduorganics.in'))
    expect(owner.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New cash-on-delivery order KO-\d+ \(₹390\), waiting for confirmation$/),
    ])
    const mail = (await db().select().from(outbox).where(eq(outbox.recipient, 'meena@example.in')))[0]!
    expect(mail.text).toContain('You will pay ₹390 in cash when it is delivered.')
    expect(mail.text).toContain('Cash on delivery fee: ₹30')
    expect(mail.text).toContain('To pay in cash on delivery: ₹390')

    const token = url.searchParams.get('t')!
    expect(await confirmCodOrder(db(), order.id, { token: `${token.slice(0, -2)}xx` })).toEqual({ outcome: 'not-found' })
    expect(await confirmCodOrder(db(), 'another-order-id', { token })).toEqual({ outcome: 'not-found' })
    expect(await statusOf(order.id)).toBe('awaiting_confirmation')
    expect(await confirmCodOrder(db(), order.id, { token })).toEqual({ outcome: 'confirmed', orderNumber: order.number })
    expect(await confirmCodOrder(db(), order.id, { token })).toMatchObject({ outcome: 'already', status: 'confirmed' })
    const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(history.map((e) => e.status)).toEqual(['awaiting_confirmation', 'confirmed'])
  })

  it('only a confirmed order is packed; shipped, it is invoiced with the COD fee; delivered, its cash makes it paid', async () => {
    const order = await placeCod()
    await expect(advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'pack' }, 'owner@example.in')).rejects.toBeInstanceOf(
      StepNotAllowedError,
    )
    await expect(advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'return' }, 'owner@example.in')).rejects.toBeInstanceOf(
      StepNotAllowedError,
    )
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'confirm' }, 'owner@example.in')
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'pack' }, 'owner@example.in')
    // Packed is not dispatched: no invoice yet.
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(0)
    await advanceOrder(
      db(),
      TEST_SHOP_URL,
      order.id,
      { step: 'ship', courier: 'India Post', trackingNumber: 'EE123456789IN' },
      'owner@example.in',
    )
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id))
    const document = invoice!.document as InvoiceDocument
    // ₹360 of thokku is delivered free (from ₹350); the COD fee is a line of its own at the goods' 12%.
    expect(document.totals.totalPaise).toBe(39_000)
    expect(document.lines.map((l) => [l.description, l.ratePercent, l.totalPaise])).toEqual([
      ['Kaara Thokku', 12, 36_000],
      ['Cash on delivery fee', 12, 3_000],
    ])
    expect(document.paidAt).toBeNull()
    expect(document.paymentMethod).toBe('cod')
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'deliver' }, 'owner@example.in')
    const [delivered] = await db().select().from(orders).where(eq(orders.id, order.id))
    expect(delivered).toMatchObject({ status: 'delivered' })
    expect(delivered!.paidAt).toBeInstanceOf(Date)
    const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(history.map((e) => e.note)).toContain('Cash collected: ₹390')
  })

  it('returned to origin: stock back when fit to sell, and the parcel counts against the customer', async () => {
    const order = await placeCod()
    expect(await stock()).toBe(8)
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'confirm' }, 'owner@example.in')
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'ship', courier: 'Delhivery', trackingNumber: 'DL1' }, 'owner@example.in')
    await advanceOrder(
      db(),
      TEST_SHOP_URL,
      order.id,
      { step: 'return', resellable: 'yes', reason: 'Refused at the door' },
      'owner@example.in',
    )
    expect(await statusOf(order.id)).toBe('returned_to_origin')
    expect(await stock()).toBe(10)
    // The invoice issued at dispatch is cancelled by a credit note for all of it, fee included; no refund is made.
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id))
    const notes = await db().select().from(creditNotes).where(eq(creditNotes.orderId, order.id))
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ id: `rto_${order.id}`, refundId: null })
    const note = notes[0]!.document as CreditNoteDocument
    expect(note.totals.totalPaise).toBe((invoice!.document as InvoiceDocument).totals.totalPaise)
    expect(note.lines.map((l) => l.description)).toEqual(['Kaara Thokku', 'Cash on delivery fee'])
    expect(await invoiceNotes(db(), order.id, invoice!.document as InvoiceDocument)).toEqual([`CANCELLED by credit note ${note.number}`])
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0)
    const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(history.at(-1)!.note).toBe(
      `Returned to origin; stock returned; Refused at the door; credit note ${note.number} cancels invoice ${note.invoiceNumber}`,
    )
    expect(await returnedParcelsOf(db(), couponCustomerOf('MEENA@example.in', '98765 43210'))).toBe(1)

    const damaged = await placeCod()
    await advanceOrder(db(), TEST_SHOP_URL, damaged.id, { step: 'confirm' }, 'owner@example.in')
    await advanceOrder(db(), TEST_SHOP_URL, damaged.id, { step: 'ship', courier: 'Delhivery', trackingNumber: 'DL2' }, 'owner@example.in')
    await advanceOrder(db(), TEST_SHOP_URL, damaged.id, { step: 'return' }, 'owner@example.in')
    expect(await stock()).toBe(8)
    expect(await returnedParcelsOf(db(), couponCustomerOf('meena@example.in', ''))).toBe(2)
  })

  it('an order nobody confirms cancels itself after its time: stock and coupon back, the customer told', async () => {
    await db().insert(coupons).values({ code: 'THOKKU10', kind: 'percent', value: 1_000, totalUses: 5 })
    const order = await placeCod({ couponCode: 'thokku10' })
    expect(order.couponDiscountPaise).toBe(3_600)
    const confirmed = await placeCod({ email: 'ravi@example.in' })
    await advanceOrder(db(), TEST_SHOP_URL, confirmed.id, { step: 'confirm' }, 'owner@example.in')
    expect(await stock()).toBe(6)

    expect(await cancelUnconfirmedCodOrders(db(), new Date(Date.now() + 47 * 3_600_000))).toBe(0)
    expect(await cancelUnconfirmedCodOrders(db(), new Date(Date.now() + 49 * 3_600_000))).toBe(1)
    expect(await statusOf(order.id)).toBe('cancelled')
    expect(await statusOf(confirmed.id)).toBe('confirmed')
    expect(await stock()).toBe(8)
    const [use] = await db().select().from(couponUses).where(eq(couponUses.orderId, order.id))
    expect(use!.releasedAt).not.toBeNull()
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, 'meena@example.in'))
    expect(mails.map((m) => m.subject)).toContain(`Your order KO-${order.number} has been cancelled`)
    expect(mails.find((m) => m.subject.includes('cancelled'))!.text).toContain('not confirmed within 48 hours. Nothing is owed.')
    // Nothing more to do the next time round.
    expect(await cancelUnconfirmedCodOrders(db(), new Date(Date.now() + 50 * 3_600_000))).toBe(0)
  })

  it('a COD order cancelled by the owner refunds nothing and says so', async () => {
    const order = await placeCod()
    const moved = await advanceOrder(
      db(),
      TEST_SHOP_URL,
      order.id,
      { step: 'cancel', reason: 'Customer asked', refund: 'yes' },
      'owner@example.in',
    )
    expect(moved).toEqual({ status: 'cancelled', paymentMethod: 'cod', refundId: null })
    const mail = (await db().select().from(outbox).where(eq(outbox.recipient, 'meena@example.in'))).find((m) =>
      m.subject.includes('cancelled'),
    )!
    expect(mail.text).toContain('Nothing was paid for it, so nothing is owed.')
  })
})
