import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orderEvents, orders, products, shipments, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'
import { emptyOrdersAndCatalogue, placePaidOrder, placeTestOrder } from '../checkout/test-orders'
import { advanceOrder, StepNotAllowedError } from '../orders/fulfilment.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import { boxSettings } from './box-settings'
import { codAwaitingRemittance, codRemittanceSchema, RemittanceRefusedError, recordCodRemittance } from './cod-remittances.server'
import { lateParcels, markCheapestAndFastest, ordersReadyToShip, shipOrderByHand } from './desk.server'
import { shippingProviders } from './registry.server'
import { packingSlipsOf, selfShippedLabelsPdf } from './label-data.server'
import { pdfText } from '../../../tests/support/pdf-text'
import { formatRupeesAndPaise } from '../money/money'
import { selfShippedProvider } from './self-shipped.server'
import { applyTrackingUpdate, bookShipment, ShipmentRefusedError } from './shipments.server'

const OWNER = 'owner@example.com'
const BOXES = boxSettings.defaults.shippingBoxes

describe(`the shipping desk on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const payments = testPaymentProvider('test-secret-for-the-desk', () => handle.db)
  const providers = shippingProviders(selfShippedProvider())

  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await emptyOrdersAndCatalogue(db())
    await db()
      .insert(products)
      .values([
        { id: 'kaara-thokku', slug: 'kaara-thokku', name: 'Kaara Thokku', description: 'd', category: 'thokku' },
        { id: 'amla-powder', slug: 'amla-powder', name: 'Amla Powder', description: 'd', category: 'herbal' },
      ])
    await db()
      .insert(variants)
      .values([
        // A weighed jar, and a pouch weighed only by its label: 100 g → 100 × 1.1 + 50 = 160 g (weights.ts).
        { productId: 'kaara-thokku', size: 'one', pricePaise: 18_000, stock: 20, shippedWeightGrams: 480 },
        { productId: 'amla-powder', size: 'one', pricePaise: 9_000, stock: 20, netQuantity: 100, netUnit: 'g' },
      ])
  })

  const paid = (items = [{ productId: 'kaara-thokku', quantity: 2 }]) => placePaidOrder(db(), payments, { items })
  const handOver = (orderId: string, trackingNumber = 'EE1IN') =>
    shipOrderByHand(db(), providers, TEST_SHOP_URL, { orderId, courier: 'India Post', trackingNumber, actor: OWNER })

  it('lists the paid and confirmed orders without a parcel, weighed from their packs, each with a box', async () => {
    const first = await paid([
      { productId: 'kaara-thokku', quantity: 2 },
      { productId: 'amla-powder', quantity: 3 },
    ])
    const unconfirmed = await placeTestOrder(db(), payments, { items: [{ productId: 'amla-powder', quantity: 1 }], payment: 'cod' })
    const confirmed = await placeTestOrder(db(), payments, { items: [{ productId: 'amla-powder', quantity: 1 }], payment: 'cod' })
    await advanceOrder(db(), TEST_SHOP_URL, confirmed.id, { step: 'confirm' }, OWNER)
    const booked = await paid()
    await bookShipment(db(), providers, TEST_SHOP_URL, {
      orderId: booked.id,
      provider: 'self',
      weightGrams: 960,
      box: BOXES[1]!,
      courierId: null,
      actor: OWNER,
    })

    const ready = await ordersReadyToShip(db(), BOXES)
    expect(ready.map((o) => o.id)).toEqual([first.id, confirmed.id])
    expect(ready.map((o) => o.id)).not.toContain(unconfirmed.id)
    expect(ready[0]).toMatchObject({ weightGrams: 2 * 480 + 3 * 160, guessedWeights: 1, units: 5 })
    expect(ready[0]!.box).toMatchObject({ box: { name: 'Medium box' }, fits: true })
    expect(ready[1]).toMatchObject({ weightGrams: 160, paymentMethod: 'cod', box: { box: { name: 'Small pouch box' } } })
  })

  it('marks the cheapest and the fastest courier, cheapest first', () => {
    const rate = (courierId: string, ratePaise: number, days: number | null) => ({
      courierId,
      courier: courierId,
      ratePaise,
      codChargePaise: 0,
      days,
      expectedBy: null,
      recommended: false,
    })
    expect(
      markCheapestAndFastest([rate('slow', 3_800, 5), rate('fast', 6_200, 2), rate('mid', 4_000, 2)]).map((r) => [
        r.courierId,
        r.cheapest,
        r.fastest,
      ]),
    ).toEqual([
      ['slow', true, false],
      ['mid', false, true],
      ['fast', false, false],
    ])
  })

  it('ships by hand from the order page as a shipment; a parcel made on the desk is handed over, not made twice', async () => {
    const byHand = await paid()
    await handOver(byHand.id)
    expect((await db().select().from(orders).where(eq(orders.id, byHand.id)))[0]).toMatchObject({
      status: 'shipped',
      trackingNumber: 'EE1IN',
    })
    // One step in the history, as before shipments: paid, then shipped.
    const steps = (await db().select().from(orderEvents).where(eq(orderEvents.orderId, byHand.id)).orderBy(orderEvents.id)).map(
      (e) => e.status,
    )
    expect(steps).toEqual(['pending_payment', 'paid', 'shipped'])
    await expect(handOver(byHand.id)).rejects.toThrow(StepNotAllowedError)

    const fromDesk = await paid()
    const made = await bookShipment(db(), providers, TEST_SHOP_URL, {
      orderId: fromDesk.id,
      provider: 'self',
      weightGrams: 960,
      box: BOXES[1]!,
      courierId: null,
      actor: OWNER,
    })
    const handed = await handOver(fromDesk.id, 'EE1IN')
    expect(handed.id).toBe(made.id)
    expect(await db().select().from(shipments).where(eq(shipments.orderId, fromDesk.id))).toHaveLength(1)
  })

  it('refuses to ship by hand an order booked with a courier, and says how to change it', async () => {
    const order = await paid()
    await db()
      .insert(shipments)
      .values({
        id: 'shp_courier',
        orderId: order.id,
        provider: 'shiprocket',
        reference: `KO-${order.number}-1`,
        status: 'booked',
        awb: 'AWB1',
        courier: 'Blue Dart',
        weightGrams: 960,
        box: BOXES[1]!,
      })
    await expect(handOver(order.id)).rejects.toThrow(ShipmentRefusedError)
    await expect(handOver(order.id)).rejects.toThrow(/booked with Blue Dart, AWB AWB1.*Cancel that booking/)
  })

  describe('COD cash with the courier', () => {
    async function deliveredCod(awb: string) {
      const order = await placeTestOrder(db(), payments, { items: [{ productId: 'kaara-thokku', quantity: 1 }], payment: 'cod' })
      await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'confirm' }, OWNER)
      await handOver(order.id, awb)
      const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, order.id))
      await applyTrackingUpdate(db(), TEST_SHOP_URL, 'self', {
        awb,
        providerStatus: { code: '7', label: 'Delivered' },
        status: 'delivered',
        at: new Date(),
        expectedBy: null,
        scans: [],
        failure: null,
      })
      return { order, shipment: shipment! }
    }

    it('is owed until the remittance is recorded; each parcel once; each order told', async () => {
      const a = await deliveredCod('C1')
      const b = await deliveredCod('C2')
      const owed = await codAwaitingRemittance(db())
      expect(owed.parcels.map((p) => p.shipmentId).sort()).toEqual([a.shipment.id, b.shipment.id].sort())
      expect(owed.owedPaise).toBe(a.order.totalPaise + b.order.totalPaise)

      const input = codRemittanceSchema.parse({ utr: 'utr0042x9', paidOn: '2026-12-05', shipmentIds: [a.shipment.id] })
      const recorded = await recordCodRemittance(db(), input, OWNER)
      expect(recorded).toMatchObject({ utr: 'UTR0042X9', amountPaise: a.order.totalPaise })
      expect((await codAwaitingRemittance(db())).parcels.map((p) => p.shipmentId)).toEqual([b.shipment.id])
      const [note] = await db()
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, a.order.id))
        .orderBy(orderEvents.id)
        .then((e) => e.slice(-1))
      expect(note!.note).toMatch(/remitted by the courier on 2026-12-05 \(UTR UTR0042X9\)/)

      // The same parcel again, or the same UTR again: refused, nothing written.
      await expect(recordCodRemittance(db(), { ...input, utr: 'UTR0043' }, OWNER)).rejects.toThrow(RemittanceRefusedError)
      await expect(recordCodRemittance(db(), { ...input, shipmentIds: [b.shipment.id] }, OWNER)).rejects.toThrow(
        /UTR UTR0042X9 is recorded already/,
      )
      expect((await codAwaitingRemittance(db())).parcels).toHaveLength(1)
    })

    it('refuses a prepaid parcel and one not delivered, and a form without parcels or with a day that is not one', async () => {
      const order = await paid()
      await handOver(order.id, 'P1')
      const [prepaid] = await db().select().from(shipments).where(eq(shipments.orderId, order.id))
      await expect(recordCodRemittance(db(), { utr: 'UTR0099', paidOn: '2026-12-05', shipmentIds: [prepaid!.id] }, OWNER)).rejects.toThrow(
        /is not a delivered cash-on-delivery parcel/,
      )
      expect(codRemittanceSchema.safeParse({ utr: 'UTR0099', paidOn: '2026-12-05', shipmentIds: [] }).success).toBe(false)
      expect(codRemittanceSchema.safeParse({ utr: 'UTR0099', paidOn: '2026-02-30', shipmentIds: ['x'] }).success).toBe(false)
      expect(codRemittanceSchema.safeParse({ utr: 'UTR 0099; drop', paidOn: '2026-12-05', shipmentIds: ['x'] }).success).toBe(false)
    })
  })

  it("prints a COD parcel's label with both addresses and the cash to collect, and its packing slip with every line", async () => {
    const order = await placeTestOrder(db(), payments, {
      items: [
        { productId: 'kaara-thokku', quantity: 2 },
        { productId: 'amla-powder', quantity: 1 },
      ],
      payment: 'cod',
    })
    await advanceOrder(db(), TEST_SHOP_URL, order.id, { step: 'confirm' }, OWNER)
    const shipment = await bookShipment(db(), providers, TEST_SHOP_URL, {
      orderId: order.id,
      provider: 'self',
      weightGrams: 1_120,
      box: BOXES[1]!,
      courierId: null,
      actor: OWNER,
    })
    const [row] = await db().select().from(shipments).where(eq(shipments.id, shipment.id))
    const total = (await db().select().from(orders).where(eq(orders.id, order.id)))[0]!.totalPaise
    const label = await pdfText(await selfShippedLabelsPdf(db(), [row!]))
    expect(label).toContain('Meena Sundaram')
    expect(label).toContain('625001')
    expect(label).toContain('Kurichi, Coimbatore')
    expect(label).toContain(`COD: collect ${formatRupeesAndPaise(total)}`)
    const slip = await pdfText(await packingSlipsOf(db(), [row!]))
    expect(slip).toContain('Kaara Thokku')
    expect(slip).toContain('Amla Powder')
    expect(slip).toContain(`KO-${order.number}`)
  })

  it('lists parcels on their way past the day promised', async () => {
    const order = await paid()
    await handOver(order.id, 'L1')
    await db().update(orders).set({ promisedBy: '2026-11-20' }).where(eq(orders.id, order.id))
    expect((await lateParcels(db(), '2026-11-21')).map((l) => l.orderId)).toEqual([order.id])
    expect(await lateParcels(db(), '2026-11-20')).toHaveLength(0)
  })
})
