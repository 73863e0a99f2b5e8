import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orders, products, shopSettings, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { loader } from '~/routes/api.delivery-estimate'
import { deliverySettings } from '../checkout/delivery-settings'
import { quoteCart } from '../checkout/quote.server'
import { emptyOrdersAndCatalogue, placeTestOrder } from '../checkout/test-orders'
import { testPaymentProvider } from '../payments/test-provider.server'
import { getShopSettings, saveSettings } from '../settings/shop-settings.server'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { getPolicy } from '../policies/policies.server'
import { estimateForPin } from './delivery-estimate.server'
import { cartWeightGrams } from './weights.server'

const SLABS = {
  ...deliverySettings.defaults,
  deliveryMode: 'slabs' as const,
  deliverySlabs: {
    local: { upTo500gPaise: 4_000, upTo1kgPaise: 6_000, eachFurther500gPaise: 2_500 },
    national: { upTo500gPaise: 6_000, upTo1kgPaise: 9_000, eachFurther500gPaise: 4_000 },
    special: { upTo500gPaise: 9_000, upTo1kgPaise: 14_000, eachFurther500gPaise: 6_000 },
  },
}

describe(`delivery by PIN and weight on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const provider = testPaymentProvider('test-secret-for-delivery-estimates', () => handle.db)
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  beforeEach(async () => {
    await emptyOrdersAndCatalogue(db())
    await db()
      .insert(products)
      .values([
        { id: 'mango', slug: 'mango', name: 'Freeze Dried Mango', description: 'd', category: 'freeze-dried-fruit' },
        { id: 'oil', slug: 'oil', name: 'Lemongrass Oil', description: 'd', category: 'herbal' },
        { id: 'gone', slug: 'gone', name: 'Old', description: 'd', category: 'herbal', archivedAt: new Date() },
      ])
    await db()
      .insert(variants)
      .values([
        // Weighed by the owner: 1.2 kg packed.
        { productId: 'mango', size: '1kg', pricePaise: 1_00_000, stock: 9, netQuantity: 1_000, netUnit: 'g', shippedWeightGrams: 1_200 },
        // Not weighed: 250 g of contents ship at 330 g.
        { productId: 'mango', size: '250g', pricePaise: 30_000, stock: 9, netQuantity: 250, netUnit: 'g' },
        { productId: 'oil', size: 'one', pricePaise: 12_000, stock: 9, netQuantity: 10, netUnit: 'ml' },
        { productId: 'gone', size: 'one', pricePaise: 12_000, stock: 9, shippedWeightGrams: 5_000 },
      ])
  })

  const ask = async (query: string) => {
    const answer = (await loader({
      request: new Request(`http://shop.test/api/delivery-estimate?${query}`),
      // No courier set up: the zone's days answer. The rate limit has its own tests (app/http/rate-limit.test.ts).
      context: { shop: { db: db(), config: { RATE_LIMIT: 'off' }, courierRates: null }, clientAddress: '127.0.0.1' },
    } as never)) as unknown as { data: Record<string, unknown>; init: { status?: number } | null }
    return { status: answer.init?.status ?? 200, body: answer.data }
  }

  it('weighs lines from the server’s packs: weighed, proposed from the label, and none for a pack no longer on sale', async () => {
    expect(await cartWeightGrams(db(), [{ productId: 'mango', size: '1kg', quantity: 2 }])).toBe(2_400)
    expect(await cartWeightGrams(db(), [{ productId: 'mango', size: '250g', quantity: 3 }])).toBe(990)
    expect(await cartWeightGrams(db(), [{ productId: 'oil', quantity: 1 }])).toBe(100)
    expect(await cartWeightGrams(db(), [{ productId: 'gone', quantity: 1 }])).toBe(0)
  })

  it('answers a product’s PIN with the date, COD and the charge of the owner’s rule', async () => {
    await saveSettings(db(), deliverySettings, SLABS)
    const chennai = await ask('pin=600%20001&product=oil')
    expect(chennai.status).toBe(200)
    expect(chennai.body).toMatchObject({
      pin: '600001',
      delivers: true,
      codOffered: true,
      source: 'zone',
      zone: 'local',
      deliveryPaise: 4_000,
    })
    expect(chennai.body.byLabel).toMatch(/^Delivered by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/)
    expect(chennai.body.message).toBe(`${chennai.body.byLabel} · Cash on delivery available`)
    // ₹2,000 of goods reach the free-delivery threshold; ₹420 of them do not.
    expect((await ask('pin=744101&product=mango&size=1kg&quantity=2')).body).toMatchObject({ zone: 'special', deliveryPaise: 0 })
    expect((await ask('pin=744101&cart=mango:250g:1,oil:one:1')).body).toMatchObject({ zone: 'special', deliveryPaise: 0 })
    expect((await ask('pin=744101&cart=mango:250g:1')).body).toMatchObject({ zone: 'special', deliveryPaise: 9_000 })
    await saveSettings(db(), deliverySettings, { ...SLABS, freeDeliveryFromPaise: 10_00_000 })
    // 2 × 1.2 kg to Port Blair: 1 kg and three more 500 g steps of the special zone.
    expect((await ask('pin=744101&product=mango&size=1kg&quantity=2')).body).toMatchObject({ deliveryPaise: 14_000 + 3 * 6_000 })
    expect((await ask('pin=682001&cart=mango:250g:1,oil:one:1')).body).toMatchObject({ zone: 'national', deliveryPaise: 6_000 })
    expect((await ask('pin=744101&cart=mango:250g:1,mango:1kg:0')).status).toBe(400)
    expect((await ask('pin=560001')).body).toMatchObject({ delivers: true, zone: 'national', deliveryPaise: null })
  })

  it('says where it does not deliver, and refuses a bad PIN or line with a clear message', async () => {
    expect((await ask('pin=999001&product=oil')).body).toMatchObject({
      delivers: false,
      codOffered: false,
      by: null,
      deliveryPaise: null,
      message: 'We do not deliver to 999001 yet.',
    })
    for (const query of ['', 'pin=', 'pin=60001', 'pin=060001', 'pin=6000011', 'pin=abcdef']) {
      expect(await ask(query), query).toEqual({
        status: 400,
        body: { error: 'Enter a 6-digit PIN code, like 600001.', fieldErrors: { pin: 'Enter a 6-digit PIN code, like 600001.' } },
      })
    }
    expect((await ask('pin=600001&product=mango&size=2kg')).body.error).toBe('The size must be one of 250g, 500g or 1kg.')
    expect((await ask('pin=600001&product=oil&quantity=101')).body.error).toBe('The quantity must be a whole number from 1 to 100.')
    expect((await ask('pin=600001&product=<script>')).body.error).toBe('The product is not one of the shop’s.')
    expect((await ask('pin=600001&cart=mango')).body.error).toBe('Each cart line is a product, its size and a quantity: mango:250g:2.')
    expect((await ask('pin=600001&product=oil&cart=oil:one:1')).status).toBe(400)
  })

  it('takes a courier’s answer over the zone’s days when one is given', async () => {
    const courierRates = vi.fn(async ({ cod }: { cod: boolean }) =>
      cod
        ? []
        : [
            {
              courierId: '7',
              courier: 'Delhivery',
              ratePaise: 9_000,
              codChargePaise: 0,
              days: null,
              expectedBy: '2030-01-10',
              recommended: true,
            },
          ],
    )
    const answer = await estimateForPin(db(), { pin: '560001', items: [{ productId: 'oil', quantity: 1 }], now: new Date(), courierRates })
    expect(answer).toMatchObject({ source: 'courier', by: '2030-01-10', codOffered: false, byLabel: 'Delivered by Thu, 10 Jan' })
    expect(answer.message).toBe('Delivered by Thu, 10 Jan · Pay online: cash on delivery is not available here')
    expect(courierRates).toHaveBeenCalledWith({ pin: '560001', weightGrams: 100, cod: false })
  })

  it('prices the quote by the cart’s weight and the PIN given, and "from" the cheapest zone without one', async () => {
    await saveSettings(db(), deliverySettings, SLABS)
    const items = [{ productId: 'mango', size: '250g' as const, quantity: 1 }]
    const noPin = await quoteCart(db(), items, '/media')
    expect(noPin).toMatchObject({ deliveryPaise: 4_000, deliveryFrom: true, weightGrams: 330, moreForFreeDeliveryPaise: 5_000 })
    expect(await quoteCart(db(), items, '/media', { postalCode: '560001' })).toMatchObject({ deliveryPaise: 6_000, deliveryFrom: false })
    expect(await quoteCart(db(), items, '/media', { postalCode: '682555' })).toMatchObject({ deliveryPaise: 9_000, totalPaise: 39_000 })
    // The shipping policy's template says so, not the flat charge the shop no longer takes.
    const policy = (await getPolicy(db(), 'shipping')).body
    expect(policy).toContain('Delivery is charged by the parcel')
    expect(policy).not.toContain('Delivery costs ₹40')
  })

  it('keeps the flat charge for settings saved before the slabs, and an order keeps its charge and promised date', async () => {
    await db()
      .insert(shopSettings)
      .values({
        id: 1,
        value: {
          ...DEFAULT_SHOP_SETTINGS,
          deliveryMode: undefined,
          deliverySlabs: undefined,
          deliveryDays: undefined,
          deliveryChargePaise: 5_500,
        },
      })
    const old = await getShopSettings(db())
    expect(old).toMatchObject({ deliveryMode: 'flat', deliveryChargePaise: 5_500, deliveryDays: DEFAULT_SHOP_SETTINGS.deliveryDays })

    await saveSettings(db(), deliverySettings, SLABS)
    const order = await placeTestOrder(db(), provider, {
      items: [{ productId: 'mango', size: '250g', quantity: 1 }],
      address: { postalCode: '744101', state: 'Andaman and Nicobar Islands', city: 'Port Blair' },
    })
    expect(order.deliveryPaise).toBe(9_000)
    const [stored] = await db().select({ promisedBy: orders.promisedBy }).from(orders).where(eq(orders.id, order.id))
    const shown = await estimateForPin(db(), { pin: '744101', items: [{ productId: 'mango', size: '250g', quantity: 1 }], now: new Date() })
    expect(stored!.promisedBy).toBe(shown.by)
    expect(stored!.promisedBy).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    await saveSettings(db(), deliverySettings, { ...SLABS, deliveryMode: 'flat', deliveryChargePaise: 1_000 })
    const [kept] = await db().select({ deliveryPaise: orders.deliveryPaise }).from(orders).where(eq(orders.id, order.id))
    expect(kept!.deliveryPaise).toBe(9_000)
  })
})
