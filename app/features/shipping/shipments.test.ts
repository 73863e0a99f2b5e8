import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { creditNotes, invoices, orderEvents, orders, outbox, products, shipmentEvents, shipments, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'
import { emptyOrdersAndCatalogue, placePaidOrder, placeTestOrder } from '../checkout/test-orders'
import { advanceOrder, RestockRefusedError, restockReturnedParcel } from '../orders/fulfilment.server'
import { getOrderForAdmin } from '../orders/admin-orders.server'
import { getTrackedOrder } from '../tracking/tracking.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import type { TrackingUpdate } from './provider'
import { shippingProviders } from './registry.server'
import { selfShippedProvider } from './self-shipped.server'
import { applyTrackingUpdate, bookShipment, failedDeliveries, handOverSelfShipped, ShipmentRefusedError } from './shipments.server'
import type { ShipmentStatus } from './shipment-statuses'

const BOX = { name: 'Medium box', lengthCm: 25, breadthCm: 20, heightCm: 10 }
const OWNER = 'owner@example.com'

describe(`shipments on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const payments = testPaymentProvider('test-secret-for-shipments', () => handle.db)
  const providers = shippingProviders(selfShippedProvider())

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
    await db().insert(variants).values({ productId: 'kaara-thokku', size: 'one', pricePaise: 18_000, stock: 10, shippedWeightGrams: 480 })
  })

  const paidOrder = () => placePaidOrder(db(), payments, { items: [{ productId: 'kaara-thokku', quantity: 2 }] })
  const book = (orderId: string, handedOver: { courier: string; trackingNumber: string } | null = null) =>
    bookShipment(db(), providers, TEST_SHOP_URL, {
      orderId,
      provider: 'self',
      weightGrams: 1_050,
      box: BOX,
      courierId: null,
      handedOver,
      actor: OWNER,
    })
  const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!
  const historyOf = async (id: string) =>
    (await db().select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id)).map(
      (e) => `${e.status}: ${e.note ?? ''}`,
    )
  const subjects = async () => (await db().select({ subject: outbox.subject }).from(outbox)).map((m) => m.subject)
  const event = (awb: string, status: ShipmentStatus | null, at: string, more: Partial<TrackingUpdate> = {}): TrackingUpdate => ({
    awb,
    providerStatus: { code: status ?? '99', label: status ?? 'SOMETHING NEW' },
    status,
    at: new Date(at),
    expectedBy: null,
    scans: [],
    failure: null,
    ...more,
  })

  it('books a paid order once: the order is packed, the booking is in its history, a second booking returns the first', async () => {
    const order = await paidOrder()
    const [first, second] = [await book(order.id), await book(order.id)]
    expect(second.id).toBe(first.id)
    expect(first).toMatchObject({ status: 'booked', reference: `KO-${order.number}-1`, weightGrams: 1_050, provider: 'self' })
    expect(await db().select().from(shipments)).toHaveLength(1)
    expect((await orderOf(order.id)).status).toBe('packed')
    expect((await historyOf(order.id)).at(-1)).toBe('packed: Shipment made for sending ourselves; 1.05 kg in the Medium box')
    expect((await getOrderForAdmin(db(), order.id))!.shipments).toEqual([
      expect.objectContaining({ reference: `KO-${order.number}-1`, status: 'Booked', sentBy: 'Sent by the shop', boxName: 'Medium box' }),
    ])
  })

  it('refuses an order that is not paid, and changes nothing', async () => {
    const unpaid = await placeTestOrder(db(), payments, { items: [{ productId: 'kaara-thokku', quantity: 1 }] })
    await expect(book(unpaid.id)).rejects.toThrow(ShipmentRefusedError)
    await expect(book(unpaid.id)).rejects.toThrow(/pending payment: only a paid or confirmed order is booked/)
    expect(await db().select().from(shipments)).toHaveLength(0)
    expect((await orderOf(unpaid.id)).status).toBe('pending_payment')
  })

  it('two bookings of one order at once make one shipment', async () => {
    const order = await paidOrder()
    const results = await Promise.allSettled([book(order.id), book(order.id), book(order.id)])
    const made = results.filter((r) => r.status === 'fulfilled').map((r) => r.value.id)
    expect(new Set(made).size).toBe(1)
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/being booked already/)
    expect(await db().select().from(shipments)).toHaveLength(1)
  })

  it('a self-shipped parcel handed over ships the order: courier and number on it, the customer mailed', async () => {
    const order = await paidOrder()
    const shipment = await book(order.id)
    await handOverSelfShipped(db(), TEST_SHOP_URL, shipment.id, { courier: 'India Post', trackingNumber: 'EK123456789IN' }, OWNER)
    expect(await orderOf(order.id)).toMatchObject({ status: 'shipped', courier: 'India Post', trackingNumber: 'EK123456789IN' })
    expect((await db().select().from(shipments))[0]).toMatchObject({ status: 'in_transit', awb: 'EK123456789IN' })
    expect(await subjects()).toContain(`Your order KO-${order.number} is on its way`)
  })

  it('a COD order handed over at booking ships at once, with its tax invoice issued as the goods leave', async () => {
    const order = await placeTestOrder(db(), payments, { items: [{ productId: 'kaara-thokku', quantity: 1 }], payment: 'cod' })
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'confirm' }, OWNER)
    await book(order.id, { courier: 'DTDC', trackingNumber: 'D1000' })
    expect((await orderOf(order.id)).status).toBe('shipped')
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1)
  })

  describe('tracking events', () => {
    async function inTransit() {
      const order = await paidOrder()
      const shipment = await book(order.id)
      await handOverSelfShipped(db(), TEST_SHOP_URL, shipment.id, { courier: 'DTDC', trackingNumber: 'D42' }, OWNER)
      return order
    }

    it('move the shipment and the order forwards, each once; a replay and an older event move nothing', async () => {
      const order = await inTransit()
      expect(await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('D42', 'out_for_delivery', '2026-11-30T03:00:00Z'))).toBe(
        'applied',
      )
      expect(await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('D42', 'out_for_delivery', '2026-11-30T03:00:00Z'))).toBe(
        'replay',
      )
      expect(await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('D42', 'delivered', '2026-11-30T08:00:00Z'))).toBe('applied')
      // Late news from the morning, and from the day before: kept, nothing moves back.
      expect(await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('D42', 'in_transit', '2026-11-29T10:00:00Z'))).toBe('kept')
      expect(await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('D42', 'out_for_delivery', '2026-11-30T05:00:00Z'))).toBe('kept')
      expect((await db().select().from(shipments))[0]!.status).toBe('delivered')
      expect((await orderOf(order.id)).status).toBe('delivered')
      const mails = await subjects()
      expect(mails.filter((s) => s === `Your order KO-${order.number} is out for delivery today`)).toHaveLength(1)
      expect(mails.filter((s) => s === `Your order KO-${order.number} has been delivered`)).toHaveLength(1)
      const history = await historyOf(order.id)
      expect(history.filter((h) => h.includes('Out for delivery'))).toHaveLength(1)
      expect(history.filter((h) => h.startsWith('delivered'))).toHaveLength(1)
      expect((await db().select().from(shipmentEvents)).map((e) => e.applied).sort()).toEqual([false, false, true, true])
    })

    it('a delivery attempt that failed waits for the owner, and a newer attempt moves on', async () => {
      const order = await inTransit()
      await applyTrackingUpdate(
        db(),
        TEST_SHOP_URL,
        'self',
        event('D42', 'delivery_failed', '2026-11-30T10:00:00Z', { failure: { reason: 'Customer not reachable', attempts: 1 } }),
      )
      const failed = await failedDeliveries(db())
      expect(failed.map((f) => [f.orderNumber, f.shipment.failureReason, f.shipment.deliveryAttempts])).toEqual([
        [order.number, 'Customer not reachable', 1],
      ])
      expect((await historyOf(order.id)).at(-1)).toBe('shipped: Delivery failed: Customer not reachable (attempt 1) (DTDC, AWB D42)')
      expect(await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('D42', 'out_for_delivery', '2026-12-01T03:00:00Z'))).toBe(
        'applied',
      )
      expect((await db().select().from(shipments))[0]!.status).toBe('out_for_delivery')
    })

    it("reach the customer's tracking: the parcel's status, scans and expected day, each order status once", async () => {
      const order = await inTransit()
      await applyTrackingUpdate(
        db(),
        TEST_SHOP_URL,
        'self',
        event('D42', 'out_for_delivery', '2026-11-30T03:00:00Z', {
          expectedBy: '2026-11-30',
          scans: [
            { at: new Date('2026-11-30T03:00:00Z'), place: 'Madurai Hub', activity: 'Out for delivery' },
            { at: new Date('2026-11-29T18:00:00Z'), place: 'Coimbatore Hub', activity: 'In transit' },
          ],
        }),
      )
      const tracked = (await getTrackedOrder(db(), order.id))!
      expect(tracked.parcels).toEqual([
        {
          status: 'Out for delivery',
          delivered: false,
          courier: 'DTDC',
          awb: 'D42',
          expectedBy: '2026-11-30',
          trackingUrl: null,
          scans: [
            { at: '2026-11-30T03:00:00.000Z', place: 'Madurai Hub', activity: 'Out for delivery' },
            { at: '2026-11-29T18:00:00.000Z', place: 'Coimbatore Hub', activity: 'In transit' },
          ],
        },
      ])
      expect(tracked.history.map((h) => h.status)).toEqual(['pending_payment', 'paid', 'packed', 'shipped'])
    })

    it('a status the shop does not know is kept with its code and moves nothing', async () => {
      await inTransit()
      expect(await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('D42', null, '2026-11-30T10:00:00Z'))).toBe('kept')
      const [kept] = await db().select().from(shipmentEvents)
      expect(kept).toMatchObject({ providerStatus: '99 SOMETHING NEW', status: null, applied: false })
      expect((await db().select().from(shipments))[0]).toMatchObject({ status: 'in_transit', providerStatus: '99 SOMETHING NEW' })
    })

    it('an AWB the shop did not book is not applied anywhere', async () => {
      await inTransit()
      expect(await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('NOT-OURS', 'delivered', '2026-11-30T10:00:00Z'))).toBe(
        'unknown-parcel',
      )
      expect(await db().select().from(shipmentEvents)).toHaveLength(0)
    })

    it('a COD parcel returned to origin cancels its invoice by a credit note; a delivered one is paid, cash with the courier', async () => {
      const cod = async (awb: string) => {
        const order = await placeTestOrder(db(), payments, { items: [{ productId: 'kaara-thokku', quantity: 1 }], payment: 'cod' })
        await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'confirm' }, OWNER)
        await book(order.id, { courier: 'DTDC', trackingNumber: awb })
        return order
      }
      const back = await cod('R1')
      await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('R1', 'rto_in_transit', '2026-11-30T10:00:00Z'))
      await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('R1', 'returned_to_origin', '2026-12-02T10:00:00Z'))
      expect((await orderOf(back.id)).status).toBe('returned_to_origin')
      expect(await db().select().from(creditNotes).where(eq(creditNotes.orderId, back.id))).toHaveLength(1)
      // The goods wait for the owner's check; fit to sell, they go back on the shelf once.
      const stock = async () => (await db().select({ stock: variants.stock }).from(variants))[0]!.stock
      const before = await stock()
      expect((await getOrderForAdmin(db(), back.id))!.canRestock).toBe(true)
      await restockReturnedParcel(db(), back.id, OWNER)
      expect(await stock()).toBe(before + 1)
      await expect(restockReturnedParcel(db(), back.id, OWNER)).rejects.toThrow(RestockRefusedError)
      expect(await stock()).toBe(before + 1)
      expect((await getOrderForAdmin(db(), back.id))!.canRestock).toBe(false)

      const delivered = await cod('R2')
      await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', event('R2', 'delivered', '2026-11-30T10:00:00Z'))
      const paid = await orderOf(delivered.id)
      expect(paid.status).toBe('delivered')
      expect(paid.paidAt).not.toBeNull()
      expect((await historyOf(delivered.id)).at(-1)).toMatch(/the cash is with the courier until it is remitted/)
    })
  })
})
