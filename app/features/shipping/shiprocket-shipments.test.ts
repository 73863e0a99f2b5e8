import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orderEvents, orders, outbox, products, shipmentEvents, shipments, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { startShiprocketStandIn } from '../../../tests/support/shiprocket-standin'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'
import { emptyOrdersAndCatalogue, placePaidOrder } from '../checkout/test-orders'
import { testPaymentProvider } from '../payments/test-provider.server'
import { ShippingProviderError } from './provider'
import { shippingProviders } from './registry.server'
import { selfShippedProvider } from './self-shipped.server'
import { shiprocketProvider } from './shiprocket.server'
import {
  answerFailedDelivery,
  bookShipment,
  cancelShipment,
  failedDeliveries,
  TRACK_SILENT_AFTER_MS,
  trackSilentShipments,
} from './shipments.server'
import { receiveTrackingWebhook } from './tracking-webhook.server'
import { cachedCourierRates } from './courier-rates-cache'
import { estimateForPin } from './delivery-estimate.server'

// The shipments domain with Shiprocket, through its loopback stand-in (tests/support/shiprocket-standin.ts): what the
// owner's desk and the courier's webhook do to the shop's rows. The provider's own calls are in shiprocket.test.ts.

const EMAIL = 'api-user@kaadu.example'
const PASSWORD = 'a long api password'
const TOKEN = 'webhook-token-from-the-panel'
const BOX = { name: 'Medium box', lengthCm: 25, breadthCm: 20, heightCm: 10 }
const OWNER = 'owner@example.com'

describe(`shipments through Shiprocket on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  let standIn: Awaited<ReturnType<typeof startShiprocketStandIn>>
  let providers: ReturnType<typeof shippingProviders>
  const db = () => handle.db
  const payments = testPaymentProvider('test-secret-for-shiprocket-shipments', () => handle.db)

  beforeAll(async () => {
    handle = await openTestDatabase()
    standIn = await startShiprocketStandIn({ email: EMAIL, password: PASSWORD })
    providers = shippingProviders(
      selfShippedProvider(),
      shiprocketProvider({
        email: EMAIL,
        password: PASSWORD,
        pickupLocation: 'Kaadu Warehouse',
        webhookToken: TOKEN,
        apiBase: standIn.url,
        timeoutMs: 2_000,
      }),
    )
  })
  afterAll(async () => {
    await standIn?.close()
    await handle?.close()
  })
  beforeEach(async () => {
    standIn.reset()
    await emptyOrdersAndCatalogue(db())
    await db()
      .insert(products)
      .values({ id: 'amla-powder', slug: 'amla-powder', name: 'Amla Powder', description: 'd', category: 'herbal', hsnCode: '0813' })
    await db().insert(variants).values({ productId: 'amla-powder', size: 'one', pricePaise: 24_000, stock: 50, shippedWeightGrams: 130 })
  })

  const paidOrder = () => placePaidOrder(db(), payments, { items: [{ productId: 'amla-powder', quantity: 3 }] })
  const book = (orderId: string, courierId: string | null = null) =>
    bookShipment(db(), providers, TEST_SHOP_URL, { orderId, provider: 'shiprocket', weightGrams: 450, box: BOX, courierId, actor: OWNER })
  const createsFor = (reference: string) =>
    standIn.state.requests.filter((r) => r.path.includes('orders/create/adhoc') && (r.body as { order_id?: string }).order_id === reference)
      .length
  const shipmentRow = async () => (await db().select().from(shipments))[0]!
  const statusOf = async (id: string) => (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status
  const webhook = (awb: string, apiKey: string | null = TOKEN) =>
    receiveTrackingWebhook(db(), providers, TEST_SHOP_URL, {
      rawBody: JSON.stringify(standIn.webhookPayload(awb)),
      headers: new Headers(apiKey ? { 'x-api-key': apiKey, 'content-type': 'application/json' } : { 'content-type': 'application/json' }),
    })

  it("dates a PIN from the courier's answer when Shiprocket is set up, from the zone's days otherwise", async () => {
    const shiprocket = providers.courier!
    const courierRates = cachedCourierRates(({ pin, weightGrams, cod }) =>
      shiprocket.rates({ fromPin: '641021', toPin: pin, weightGrams, cod }),
    )
    const now = new Date('2026-11-30T04:00:00Z') // a Monday morning in India
    const items = [{ productId: 'amla-powder', size: 'one', quantity: 2 }]
    const byCourier = await estimateForPin(db(), { pin: '560001', items, now, courierRates })
    const answered = await shiprocket.rates({ fromPin: '641021', toPin: '560001', weightGrams: 500, cod: false })
    const chosen = answered.find((r) => r.recommended) ?? answered[0]!
    expect(byCourier).toMatchObject({ delivers: true, source: 'courier', by: chosen.expectedBy })
    const byZone = await estimateForPin(db(), { pin: '560001', items, now })
    expect(byZone.source).toBe('zone')
    expect(byZone.by).not.toBeNull()
    // A PIN no courier serves: the shop says it does not deliver there.
    standIn.state.unservedPins.add('744101')
    expect(await estimateForPin(db(), { pin: '744101', items, now, courierRates })).toMatchObject({ delivers: false, by: null })
  })

  it('books a paid order with the chosen courier: the AWB on the shipment, the order packed, the call in its history', async () => {
    const order = await paidOrder()
    const shipment = await book(order.id, '1')
    expect(shipment).toMatchObject({
      status: 'booked',
      provider: 'shiprocket',
      courier: 'Blue Dart',
      courierId: '1',
      reference: `KO-${order.number}-1`,
    })
    expect(shipment.awb).toMatch(/\w+/)
    expect(standIn.orderByReference(`KO-${order.number}-1`)).toBeTruthy()
    expect(await statusOf(order.id)).toBe('packed')
    const [last] = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(orderEvents.id)
      .then((e) => e.slice(-1))
    expect(last!.note).toBe(`Shipment booked with Blue Dart through Shiprocket, AWB ${shipment.awb}; 0.45 kg in the Medium box`)
  })

  it('a booking whose answer was lost finds the order it made: one order at Shiprocket, one shipment', async () => {
    const order = await paidOrder()
    standIn.setMode('lost', { paths: /orders\/create\/adhoc/, times: 1 })
    const shipment = await book(order.id)
    expect(shipment.status).toBe('booked')
    expect(createsFor(shipment.reference)).toBe(1)
    expect(standIn.orderByReference(shipment.reference)).toBeTruthy()
    expect(await db().select().from(shipments)).toHaveLength(1)
  })

  it('when even the look-up fails, the owner is told, and trying again continues the same booking', async () => {
    const order = await paidOrder()
    standIn.setMode('lost', { paths: /orders\/create\/adhoc/, times: 1 })
    standIn.addMode('error', { paths: /^\/v1\/external\/orders(\?|$)/ })
    await expect(book(order.id)).rejects.toThrow(ShippingProviderError)
    expect(await statusOf(order.id)).toBe('paid')
    standIn.setMode('ok')
    const shipment = await book(order.id)
    expect(shipment.status).toBe('booked')
    // Shiprocket holds one order under the reference: the retry looked it up rather than making another.
    expect(createsFor(shipment.reference)).toBe(2)
    expect(String(standIn.orderByReference(shipment.reference)!.id)).toBe(shipment.providerOrderId)
    expect(await db().select().from(shipments)).toHaveLength(1)
  })

  it('a failed call says why, and leaves the order as it was', async () => {
    const order = await paidOrder()
    standIn.setMode('error', { paths: /orders\/create\/adhoc/ })
    const err = await book(order.id).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ShippingProviderError)
    expect((err as Error).message).toMatch(/Shiprocket/)
    expect(await statusOf(order.id)).toBe('paid')
    expect((await shipmentRow()).status).toBe('booking')
    standIn.setMode('ok')
    expect((await book(order.id)).status).toBe('booked')
  })

  it('a webhook with a wrong or missing token is refused and changes nothing; the right one moves the order once', async () => {
    const order = await paidOrder()
    const { awb } = await book(order.id)
    standIn.scan(awb!, 42, { activity: 'Picked up', location: 'Coimbatore' })
    expect(await webhook(awb!, 'not-the-token')).toMatchObject({ status: 401 })
    expect(await webhook(awb!, null)).toMatchObject({ status: 401 })
    expect(await db().select().from(shipmentEvents)).toHaveLength(0)
    expect(await statusOf(order.id)).toBe('packed')
    expect(await webhook(awb!)).toEqual({ status: 200, outcome: 'applied' })
    expect(await webhook(awb!)).toEqual({ status: 200, outcome: 'replay' })
    expect(await statusOf(order.id)).toBe('shipped')
    const shipped = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Your order KO-${order.number} is on its way`))
    expect(shipped).toHaveLength(1)
  })

  it('the poll catches a delivery whose webhook was lost', async () => {
    const order = await paidOrder()
    const { awb } = await book(order.id)
    standIn.scan(awb!, 42, { activity: 'Picked up', location: 'Coimbatore' })
    await webhook(awb!)
    standIn.scan(awb!, 7, { activity: 'Delivered', location: 'Madurai' })
    // No webhook: silent for the poll's while, the courier is asked.
    expect(await trackSilentShipments(db(), providers, TEST_SHOP_URL, new Date(Date.now() + 60_000))).toBe(0)
    expect(await trackSilentShipments(db(), providers, TEST_SHOP_URL, new Date(Date.now() + TRACK_SILENT_AFTER_MS + 60_000))).toBe(1)
    expect(await statusOf(order.id)).toBe('delivered')
    expect((await shipmentRow()).nextTrackAt).toBeNull()
  })

  it('a failed delivery is listed with its reason; re-attempting sends the answer to Shiprocket and mails the customer', async () => {
    const order = await paidOrder()
    const { awb } = await book(order.id)
    standIn.scan(awb!, 42, { activity: 'Picked up' })
    await webhook(awb!)
    standIn.failDelivery(awb!, 'Consignee not at home')
    await webhook(awb!)
    const [failed] = await failedDeliveries(db())
    expect(failed!.shipment).toMatchObject({ status: 'delivery_failed', failureReason: 'Consignee not at home', deliveryAttempts: 1 })
    await answerFailedDelivery(
      db(),
      providers,
      TEST_SHOP_URL,
      failed!.shipment.id,
      { action: 'reattempt', on: '2026-12-02', phone: '9876543210', addressLine: null, comment: 'Call before coming' },
      OWNER,
    )
    expect(standIn.ndrActions(awb!)).toHaveLength(1)
    expect(await failedDeliveries(db())).toHaveLength(0)
    const mails = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `We will try to deliver your order KO-${order.number} again`))
    expect(mails).toHaveLength(1)
  })

  it('a cancelled booking is cancelled at Shiprocket; booking again uses a new reference', async () => {
    const order = await paidOrder()
    const first = await book(order.id)
    await cancelShipment(db(), providers, first.id, OWNER)
    expect((await db().select().from(shipments).where(eq(shipments.id, first.id)))[0]!.status).toBe('cancelled')
    const second = await book(order.id)
    expect(second.reference).toBe(`KO-${order.number}-2`)
    expect(second.id).not.toBe(first.id)
  })
})
