import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orders, products, stockLedger, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { productFormSchema, productFormValues } from '../admin/product-form'
import { createProduct, getProductForAdmin, updateProduct } from '../admin/products.server'
import type { MediaStorage } from '../media/storage.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import { placeTestOrder } from '../checkout/test-orders'
import { advanceOrder } from '../orders/fulfilment.server'
import { confirmPayment } from '../payments/settle.server'
import { expireOrder } from '../payments/reconciliation.server'
import { seedDemoCatalogue } from '../catalogue/seed.server'
import { adjustStock, StockChangedError } from './adjustments.server'
import { ledgerMismatches, productLedger } from './ledger.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// No pictures are stored in these tests.
const noMedia: MediaStorage = { has: async () => false, put: async () => {}, read: async () => null, open: async () => null }

const pepper = { name: 'Ledger Pepper', description: 'Black pepper from Wayanad.', category: 'spices', price: '150', stockCount: '10' }

describe(`stock ledger and the admin's Edit race on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-ledger', () => handle.db)
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await handle.db.delete(orders)
    await handle.db.delete(products)
  })

  const stockOf = async (productId: string) => (await handle.db.select().from(variants).where(eq(variants.productId, productId)))[0]!.stock
  const buy = (productId: string, n: number) =>
    Promise.allSettled(
      Array.from({ length: n }, (_, i) =>
        placeTestOrder(handle.db, provider, {
          items: [{ productId, quantity: 1 }],
          buyerToken: `buyer-${productId}-${i}-${Math.random()}`,
        }),
      ),
    )

  it('a price-only save from a form opened before six reservations leaves the stock at 4', async () => {
    const product = await createProduct(handle.db, noMedia, productFormSchema.parse(pepper))
    const opened = productFormValues(product)
    expect(opened.stockCount).toBe('10')
    const reserved = await buy(product.id, 6)
    expect(reserved.filter((r) => r.status === 'fulfilled')).toHaveLength(6)
    await updateProduct(handle.db, noMedia, product.id, productFormSchema.parse({ ...opened, price: '175' }))
    expect(await stockOf(product.id)).toBe(4)
    const more = await buy(product.id, 10)
    expect(more.filter((r) => r.status === 'fulfilled')).toHaveLength(4)
  })

  it('refuses a stock save from the stale form with the count now, and saves nothing', async () => {
    const product = await createProduct(handle.db, noMedia, productFormSchema.parse(pepper))
    const opened = productFormValues(product)
    await buy(product.id, 6)
    const stale = productFormSchema.parse({ ...opened, price: '175', stockCount: '25', stockReason: 'received' })
    const refused = await updateProduct(handle.db, noMedia, product.id, stale, {}, 'owner@example.in').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(StockChangedError)
    expect((refused as Error).message).toBe('Stock changed to 4 since you opened this; check and save again')
    expect(await stockOf(product.id)).toBe(4)
    const [row] = await handle.db.select({ price: variants.pricePaise }).from(variants).where(eq(variants.productId, product.id))
    expect(row!.price).toBe(15000)
    // Opened again, the same count is saved, with its reason and its admin in the ledger.
    const fresh = productFormValues((await getProductForAdmin(handle.db, product.id))!)
    await updateProduct(
      handle.db,
      noMedia,
      product.id,
      productFormSchema.parse({ ...fresh, stockCount: '25', stockReason: 'received' }),
      {},
      'owner@example.in',
    )
    expect(await stockOf(product.id)).toBe(25)
    const [latest] = await productLedger(handle.db, product.id)
    expect(latest).toMatchObject({ change: 21, stockAfter: 25, reason: 'received', admin: 'owner@example.in' })
    expect(await ledgerMismatches(handle.db)).toEqual([])
  })

  it('an API form that does not say what it was shown may not change the count', async () => {
    const product = await createProduct(handle.db, noMedia, productFormSchema.parse(pepper))
    const { shownStockCount: _, ...opened } = productFormValues(product)
    await expect(updateProduct(handle.db, noMedia, product.id, productFormSchema.parse({ ...opened, stockCount: '3' }))).rejects.toThrow(
      'Stock changed to 10 since you opened this; check and save again',
    )
    await updateProduct(handle.db, noMedia, product.id, productFormSchema.parse({ ...opened, price: '160' }))
    expect(await stockOf(product.id)).toBe(10)
  })

  it('adds and removes units with a reason, never below zero', async () => {
    const product = await createProduct(handle.db, noMedia, productFormSchema.parse(pepper))
    expect(await adjustStock(handle.db, product.id, { kind: 'add', size: 'one', change: 5, reason: 'received' }, 'owner@example.in')).toBe(
      15,
    )
    expect(await adjustStock(handle.db, product.id, { kind: 'add', size: 'one', change: -2, reason: 'damaged' }, 'owner@example.in')).toBe(
      13,
    )
    await expect(adjustStock(handle.db, product.id, { kind: 'add', size: 'one', change: -14, reason: 'damaged' }, null)).rejects.toThrow(
      'Only 13 in stock',
    )
    await expect(
      adjustStock(handle.db, product.id, { kind: 'set', size: 'one', shownStock: 10, newStock: 3, reason: 'counted' }, null),
    ).rejects.toThrow('Stock changed to 13 since you opened this')
    const ledger = await productLedger(handle.db, product.id)
    expect(ledger.map((r) => [r.reason, r.change, r.stockAfter])).toEqual([
      ['damaged', -2, 13],
      ['received', 5, 15],
      ['new_product', 10, 10],
    ])
  })

  it('writes a row for every reservation, payment after expiry, expiry and cancellation', async () => {
    const product = await createProduct(handle.db, noMedia, productFormSchema.parse(pepper))
    const a = await placeTestOrder(handle.db, provider, { items: [{ productId: product.id, quantity: 2 }], buyerToken: 'ledger-a' })
    const b = await placeTestOrder(handle.db, provider, { items: [{ productId: product.id, quantity: 3 }], buyerToken: 'ledger-b' })
    const later = new Date(Date.now() + 31 * 60_000)
    expect(await expireOrder(handle.db, a.id, later)).toBe(true)
    await confirmPayment(handle.db, TEST_SHOP_URL, a.providerOrderId!, 'pay_late')
    await confirmPayment(handle.db, TEST_SHOP_URL, b.providerOrderId!, 'pay_b')
    await advanceOrder(handle.db, TEST_SHOP_URL, b.id, { step: 'cancel', reason: 'Asked by the customer' } as never, 'owner@example.in')
    const ledger = await productLedger(handle.db, product.id)
    expect(ledger.map((r) => [r.reason, r.change, r.stockAfter, r.orderId])).toEqual([
      ['cancelled', 3, 8, b.id],
      ['paid_after_expiry', -2, 5, a.id],
      ['expired', 2, 7, a.id],
      ['reserved', -3, 5, b.id],
      ['reserved', -2, 8, a.id],
      ['new_product', 10, 10, null],
    ])
    expect(ledger[0]!.admin).toBe('owner@example.in')
    expect(await ledgerMismatches(handle.db)).toEqual([])
  })

  it('the demo seed writes an opening row for every pack', async () => {
    await seedDemoCatalogue(handle.db, noMedia)
    expect(await ledgerMismatches(handle.db)).toEqual([])
    const [rows] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(stockLedger).where(eq(stockLedger.reason, 'seed'))
    expect(rows!.n).toBeGreaterThan(20)
  })

  it('flags a pack whose count was changed without its ledger row', async () => {
    const product = await createProduct(handle.db, noMedia, productFormSchema.parse(pepper))
    await handle.db.update(variants).set({ stock: 7 }).where(eq(variants.productId, product.id))
    expect(await ledgerMismatches(handle.db)).toEqual([
      { productId: product.id, name: 'Ledger Pepper', size: 'one', stock: 7, ledgerSum: 10 },
    ])
  })

  it('40 concurrent checkouts with admin adjustments interleaved: no pack sells more than it had, and the ledger adds up', async () => {
    const product = await createProduct(handle.db, noMedia, productFormSchema.parse({ ...pepper, stockCount: '10' }))
    let opened = productFormValues(product)
    const checkouts = Array.from({ length: 40 }, (_, i) =>
      placeTestOrder(handle.db, provider, { items: [{ productId: product.id, quantity: 1 }], buyerToken: `race-${i}` }).then(
        () => 1,
        () => 0,
      ),
    )
    const received: number[] = []
    const adjustments = Array.from({ length: 6 }, async (_, i) => {
      // Alternately: a price-only save from a form opened at the start, and 2 units received.
      if (i % 2 === 0) {
        await updateProduct(handle.db, noMedia, product.id, productFormSchema.parse({ ...opened, price: String(150 + i) }))
      } else {
        await adjustStock(handle.db, product.id, { kind: 'add', size: 'one', change: 2, reason: 'received' }, 'owner@example.in')
        received.push(2)
      }
    })
    const [sold] = await Promise.all([Promise.all(checkouts), Promise.all(adjustments)])
    const orderCount = sold!.reduce((a, b) => a + b, 0)
    const had = 10 + received.reduce((a, b) => a + b, 0)
    expect(had).toBe(16)
    expect(orderCount).toBeLessThanOrEqual(had)
    expect(await stockOf(product.id)).toBe(had - orderCount)
    expect(await ledgerMismatches(handle.db)).toEqual([])
    const [sum] = await handle.db
      .select({
        total: sql<number>`sum(${stockLedger.change})::int`,
        reserved: sql<number>`count(*) filter (where ${stockLedger.reason} = 'reserved')::int`,
      })
      .from(stockLedger)
      .where(eq(stockLedger.productId, product.id))
    expect(sum).toEqual({ total: had - orderCount, reserved: orderCount })
    opened = productFormValues((await getProductForAdmin(handle.db, product.id))!)
    expect(opened.stockCount).toBe(String(had - orderCount))
  })
})
