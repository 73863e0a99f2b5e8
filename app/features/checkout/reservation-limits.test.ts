import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orders, products, shopSettings, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { testPaymentProvider } from '../payments/test-provider.server'
import { saveSettings } from '../settings/shop-settings.server'
import { type ReservationLimits, reservationLimitSettings } from './reservation-limits-settings'
import { createOrder } from './orders.server'
import { hashBuyerToken } from '../orders/order-lookup.server'
import { confirmPayment } from '../payments/settle.server'
import { expireOverdueOrders } from '../payments/reconciliation.server'
import { extendHold, ReservationLimitError } from './reservation-limits.server'
import { placeTestOrder } from './test-orders'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

const MINUTE = 60_000

describe(`reservation limits against hoarding on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-reservations', () => handle.db)
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())
  const saveLimits = (limits: ReservationLimits) => saveSettings(handle.db, reservationLimitSettings, limits)

  beforeEach(async () => {
    const db = handle.db
    await db.delete(orders)
    await db.delete(shopSettings)
    await db.delete(products)
    await db
      .insert(products)
      .values([{ id: 'ragi-biscuit', slug: 'ragi-biscuit', name: 'Ragi Biscuit', description: 'd', category: 'herbal' }])
    await db.insert(variants).values([{ productId: 'ragi-biscuit', size: 'one', pricePaise: 12000, stock: 100 }])
  })

  const stock = async () => (await handle.db.select().from(variants).where(eq(variants.productId, 'ragi-biscuit')))[0]!.stock
  const refusal = async (attempt: Promise<unknown>) => {
    const err = await attempt.then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(ReservationLimitError)
    return err as ReservationLimitError
  }
  /** An order of `quantity` biscuits; each holder (e-mail, phone, address) is a new one unless told. */
  let buyer = 0
  const order = (quantity: number, holder: { email?: string; phone?: string; clientAddress?: string } = {}) => {
    buyer++
    return placeTestOrder(handle.db, provider, {
      items: [{ productId: 'ragi-biscuit', quantity }],
      email: holder.email ?? `buyer${buyer}@example.in`,
      address: { phoneNumber: holder.phone ?? `90000${String(buyer).padStart(5, '0')}` },
      clientAddress: holder.clientAddress ?? `198.51.100.${buyer % 250}`,
      buyerToken: `buyer-token-${buyer}`,
    })
  }

  it('refuses one order taking 60 units of a pack (the hoarding reproduction) and reserves nothing', async () => {
    await handle.db.update(variants).set({ stock: 60 })
    const err = await refusal(order(60))
    expect(err.limit).toBe('maxUnitsPerLine')
    expect(err.max).toBe(10)
    // The customer is told where a bulk purchase goes: the shop's phone.
    expect(err.message).toContain('+91 94430 21876')
    expect(await stock()).toBe(60)
    expect(await handle.db.select().from(orders)).toHaveLength(0)
  })

  it('counts a pack split over several lines of one order as one line', async () => {
    const attempt = placeTestOrder(handle.db, provider, {
      items: [
        { productId: 'ragi-biscuit', quantity: 6 },
        { productId: 'ragi-biscuit', quantity: 6 },
      ],
      clientAddress: '198.51.100.1',
    })
    expect((await refusal(attempt)).limit).toBe('maxUnitsPerLine')
    expect((await order(10)).status).toBe('pending_payment')
  })

  it('follows the owner’s settings, read from the database for every order', async () => {
    await saveLimits({ maxUnitsPerLine: 20, maxUnitsHeldUnpaid: 40 })
    expect((await order(20)).status).toBe('pending_payment')
    await saveLimits({ maxUnitsPerLine: 5, maxUnitsHeldUnpaid: 40 })
    const err = await refusal(order(6))
    expect([err.limit, err.max]).toEqual(['maxUnitsPerLine', 5])
  })

  it('refuses settings that are not whole numbers in range', async () => {
    await expect(saveLimits({ maxUnitsPerLine: 0, maxUnitsHeldUnpaid: 30 })).rejects.toThrow()
    await expect(saveLimits({ maxUnitsPerLine: 10, maxUnitsHeldUnpaid: 2.5 })).rejects.toThrow()
    // Held units per holder must cover at least one full line, or the largest allowed order could never be placed.
    await expect(saveLimits({ maxUnitsPerLine: 20, maxUnitsHeldUnpaid: 10 })).rejects.toThrow()
  })

  it('caps the units held by unpaid orders of one e-mail, whatever its case or +tag; paying frees them', async () => {
    const first = await order(10, { email: 'hoarder@example.in' })
    await order(10, { email: 'Hoarder@Example.in' })
    await order(10, { email: 'hoarder+3@example.in' })
    const err = await refusal(order(1, { email: 'HOARDER+4@example.in' }))
    expect([err.limit, err.max, err.holder]).toEqual(['maxUnitsHeldUnpaid', 30, 'email'])
    expect(await stock()).toBe(70)
    await confirmPayment(handle.db, TEST_SHOP_URL, first.providerOrderId!, 'pay_first')
    expect((await order(10, { email: 'hoarder@example.in' })).status).toBe('pending_payment')
  })

  it('caps the units held per phone number and per client address', async () => {
    await order(10, { phone: '9123456789' })
    await order(10, { phone: '9123456789' })
    await order(10, { phone: '9123456789' })
    expect((await refusal(order(1, { phone: '9123456789' }))).holder).toBe('phone')

    await order(10, { clientAddress: '203.0.113.9' })
    await order(10, { clientAddress: '203.0.113.9' })
    await order(10, { clientAddress: '203.0.113.9' })
    expect((await refusal(order(1, { clientAddress: '203.0.113.9' }))).holder).toBe('address')
    expect(await stock()).toBe(40)
  })

  it('lets concurrent orders of one holder pass only up to the cap', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => order(10, { phone: '9988776655' })))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)
    expect(refused).toHaveLength(5)
    for (const err of refused) expect(err).toBeInstanceOf(ReservationLimitError)
    expect(await stock()).toBe(70)
  })

  it('holds an order for a short window, extends it while the buyer pays, and never past the longest hold', async () => {
    const created = await createOrder(handle.db, provider, TEST_SHOP_URL, {
      items: [{ productId: 'ragi-biscuit', quantity: 2 }],
      email: 'meena@example.in',
      shippingAddress: { ...(await import('../../../tests/support/test-address')).testAddress },
      buyerToken: 'the-buyer',
      clientAddress: '198.51.100.7',
      expiryMinutes: 10,
    })
    const createdAt = created.createdAt.getTime()
    expect(created.expiresAt.getTime() - createdAt).toBeGreaterThan(9.9 * MINUTE)
    expect(created.expiresAt.getTime() - createdAt).toBeLessThanOrEqual(10 * MINUTE + 1000)
    const window = { windowMinutes: 10, maxMinutes: 30 }

    // Only the buyer's browser can extend it.
    expect(
      await extendHold(handle.db, { orderId: created.id, buyerToken: 'someone-else', now: new Date(createdAt + 5 * MINUTE), ...window }),
    ).toEqual({
      outcome: 'not-found',
    })
    const at5 = await extendHold(handle.db, {
      orderId: created.id,
      buyerToken: 'the-buyer',
      now: new Date(createdAt + 5 * MINUTE),
      ...window,
    })
    expect(at5.outcome).toBe('held')
    expect(at5.outcome === 'held' && at5.expiresAt.getTime()).toBe(createdAt + 15 * MINUTE)
    const at25 = await extendHold(handle.db, {
      orderId: created.id,
      buyerToken: 'the-buyer',
      now: new Date(createdAt + 25 * MINUTE),
      ...window,
    })
    expect(at25.outcome === 'held' && at25.expiresAt.getTime()).toBe(createdAt + 30 * MINUTE)

    // The expiry worker leaves a held order alone and expires it after the longest hold.
    expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, new Date(createdAt + 29 * MINUTE))).toBe(0)
    expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, new Date(createdAt + 31 * MINUTE))).toBe(1)
    expect(await stock()).toBe(100)
    expect(
      await extendHold(handle.db, { orderId: created.id, buyerToken: 'the-buyer', now: new Date(createdAt + 31 * MINUTE), ...window }),
    ).toEqual({
      outcome: 'not-pending',
      status: 'expired',
    })
    const [row] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.buyerTokenHash, hashBuyerToken('the-buyer')))
    expect(row!.expiresAt.getTime()).toBe(createdAt + 30 * MINUTE)
  })

  it('expires an order not held after its short window, giving its units back to the shelf and to the holder', async () => {
    const created = await order(10, { email: 'late@example.in' })
    const createdAt = created.createdAt.getTime()
    await order(10, { email: 'late@example.in' })
    await order(10, { email: 'late@example.in' })
    await handle.db
      .update(orders)
      .set({ expiresAt: new Date(createdAt + 10 * MINUTE) })
      .where(eq(orders.id, created.id))
    expect(await expireOverdueOrders(handle.db, provider, TEST_SHOP_URL, new Date(createdAt + 11 * MINUTE))).toBe(1)
    expect(await stock()).toBe(80)
    expect((await order(10, { email: 'late@example.in' })).status).toBe('pending_payment')
  })
})
