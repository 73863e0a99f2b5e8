import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { countQueries, queriesOf } from '~/db/query-count.server'
import { orderEvents, orders, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { codPeriodStart, loadDashboard } from '../admin/dashboard.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import { codFigures } from './cod-figures.server'
import { advanceOrder, type FulfilmentStep } from '../orders/fulfilment.server'
import { placePaidOrder, placeTestOrder, emptyOrdersAndCatalogue } from './test-orders'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// Issue 19, decision 043: the dashboard's cash-on-delivery figures.

const DAY = 24 * 3_600_000
const OWNER = 'owner@example.in'

describe(`cash-on-delivery figures on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const provider = testPaymentProvider('test-secret-for-cod-figures', () => handle.db)
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
    await db().insert(variants).values({ productId: 'kaara-thokku', size: 'one', pricePaise: 18_000, stock: 100 })
  })

  // Each order by a customer of its own, so that neither the unpaid-units cap nor the returned-parcels limit refuses one.
  let customers = 0
  const customer = () => {
    customers++
    return { email: `buyer${customers}@example.in`, address: { phoneNumber: `98765${String(customers).padStart(5, '0')}` } }
  }
  /** A COD order of `quantity` thokku (₹180 each; delivery ₹40 below ₹350; the COD fee ₹30), moved through `steps`. */
  async function cod(quantity: number, steps: FulfilmentStep[] = []) {
    const order = await placeTestOrder(db(), provider, { items: [{ productId: 'kaara-thokku', quantity }], payment: 'cod', ...customer() })
    for (const step of steps) await advance(order.id, step)
    return order
  }
  async function online(quantity: number, steps: FulfilmentStep[] = []) {
    const order = await placePaidOrder(db(), provider, { items: [{ productId: 'kaara-thokku', quantity }], ...customer() })
    for (const step of steps) await advance(order.id, step)
    return order
  }
  function advance(orderId: string, step: FulfilmentStep) {
    if (step === 'ship')
      return advanceOrder(
        db(),
        TEST_SHOP_URL,
        orderId,
        { step, courier: 'India Post', trackingNumber: `EE${orderId.slice(0, 8)}IN` },
        OWNER,
      )
    if (step === 'cancel') return advanceOrder(db(), TEST_SHOP_URL, orderId, { step, reason: 'Customer asked' }, OWNER)
    return advanceOrder(db(), TEST_SHOP_URL, orderId, { step }, OWNER)
  }
  const shipped: FulfilmentStep[] = ['confirm', 'pack', 'ship']
  /** When the cash of a delivered order was collected. */
  const collectedAt = (orderId: string, at: Date) => db().update(orders).set({ paidAt: at }).where(eq(orders.id, orderId))
  /** When a parcel came back, as its history has it. */
  const returnedAt = (orderId: string, at: Date) =>
    db()
      .update(orderEvents)
      .set({ createdAt: at })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'returned_to_origin')))
  /** The row touched at `at`, whatever for: not when its parcel's outcome fell. */
  const touchedAt = (orderId: string, at: Date) => db().update(orders).set({ updatedAt: at }).where(eq(orders.id, orderId))

  it('counts to collect, awaiting confirmation, collected and returned in the period, and the RTO rate, in one query', async () => {
    const now = new Date()
    const since = new Date(now.getTime() - 30 * DAY)
    const longAgo = new Date(now.getTime() - 40 * DAY)

    // Placed first, before any parcel comes back, then moved.
    await cod(1) // waiting for confirmation
    await cod(2) // waiting for confirmation
    await cod(1, ['confirm']) // confirmed: neither waiting nor on its way
    await cod(1, ['confirm', 'pack'])
    const shippedSmall = await cod(1, shipped) // ₹180 + ₹40 delivery + ₹30 fee
    const shippedLarge = await cod(3, shipped) // ₹540 + ₹30 fee
    expect([shippedSmall.totalPaise, shippedLarge.totalPaise]).toEqual([25_000, 57_000])

    const deliveredA = await cod(2, [...shipped, 'deliver']) // ₹390
    const deliveredB = await cod(1, [...shipped, 'deliver']) // ₹250
    // Collected 40 days ago: out of the period, though its row was touched today.
    const deliveredLongAgo = await cod(3, [...shipped, 'deliver'])
    await collectedAt(deliveredLongAgo.id, longAgo)
    // Came back this week, the row last touched 40 days ago (as it could not be, but for the test): it counts by its history.
    const returned = await cod(1, [...shipped, 'return'])
    await returnedAt(returned.id, new Date(now.getTime() - 5 * DAY))
    await touchedAt(returned.id, longAgo)
    // Came back 40 days ago, the rows touched today: out of the period.
    for (const quantity of [2, 1]) {
      const returnedLongAgo = await cod(quantity, [...shipped, 'return'])
      await returnedAt(returnedLongAgo.id, longAgo)
      await touchedAt(returnedLongAgo.id, now)
    }
    await cod(1, ['cancel'])
    await cod(1, ['confirm', 'cancel'])

    // Paid online: shipped, delivered this week or waiting for payment, none of it is cash on delivery.
    await online(2, ['pack', 'ship'])
    await online(1, ['ship', 'deliver'])
    await online(3)
    await placeTestOrder(db(), provider, { items: [{ productId: 'kaara-thokku', quantity: 1 }], ...customer() })

    const counted = {}
    const figures = await countQueries(counted, () => codFigures(db(), { since }))
    expect(queriesOf(counted)).toBe(1)
    expect(figures).toEqual({
      toCollect: { orders: 2, paise: 82_000 },
      awaitingConfirmation: 2,
      collected: { orders: 2, paise: deliveredA.totalPaise + deliveredB.totalPaise },
      returned: 1,
      rtoRate: 1 / 3,
    })
    expect(figures.collected.paise).toBe(64_000)

    // From 60 days ago the old delivery and the old returns count too: 3 of 6 came back.
    expect(await codFigures(db(), { since: new Date(now.getTime() - 60 * DAY) })).toMatchObject({
      collected: { orders: 3, paise: 64_000 + deliveredLongAgo.totalPaise },
      returned: 3,
      rtoRate: 0.5,
    })
    // A period with no outcome has no rate; what is on its way or waiting is counted whatever the period.
    expect(await codFigures(db(), { since: new Date(now.getTime() + DAY) })).toEqual({
      toCollect: { orders: 2, paise: 82_000 },
      awaitingConfirmation: 2,
      collected: { orders: 0, paise: 0 },
      returned: 0,
      rtoRate: null,
    })
  })

  it('a shop without cash-on-delivery orders shows zeros and no rate', async () => {
    await online(1, ['ship', 'deliver'])
    expect(await codFigures(db(), { since: new Date(Date.now() - 30 * DAY) })).toEqual({
      toCollect: { orders: 0, paise: 0 },
      awaitingConfirmation: 0,
      collected: { orders: 0, paise: 0 },
      returned: 0,
      rtoRate: null,
    })
  })

  it("the dashboard's period is today and the 29 days before it, in India's calendar", async () => {
    // 05:29 on 21 Nov in India: the period began at midnight on 23 Oct there (18:30 UTC on the 22nd).
    expect(codPeriodStart(new Date('2026-11-20T23:59:00Z')).toISOString()).toBe('2026-10-22T18:30:00.000Z')
    const now = new Date()
    const delivered = await cod(1, [...shipped, 'deliver'])
    const returned = await cod(1, [...shipped, 'return'])
    await collectedAt(delivered.id, codPeriodStart(now))
    await returnedAt(returned.id, new Date(codPeriodStart(now).getTime() - 1))
    expect((await loadDashboard(db(), now)).cod).toMatchObject({ collected: { orders: 1, paise: 25_000 }, returned: 0, rtoRate: 0 })
  })
})
