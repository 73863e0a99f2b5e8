import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orderLines, orders, type OrderStatus, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { eq } from 'drizzle-orm'
import { inLanguage } from '~/i18n/language.server'
import { bestSellingProducts, getProduct, getProductsById, homeProducts, listProducts } from './catalogue.server'
import type { Category } from './categories'
import { cartLineFor, fallbackLang, groupByCategory, packOffers, priceRange, productJson, productPath, stockCount } from './product'

type Fixture = {
  id: string
  category: Category
  subcategory?: string
  offers: { size: 'one' | '250g' | '500g' | '1kg'; pricePaise: number; stock: number }[]
}

const FIXTURES: Fixture[] = [
  { id: 'herb-1', category: 'herbal', offers: [{ size: 'one', pricePaise: 18000, stock: 40 }] },
  { id: 'herb-biscuit', category: 'herbal', subcategory: 'biscuits', offers: [{ size: 'one', pricePaise: 9950, stock: 0 }] },
  { id: 'spice-1', category: 'spices', offers: [{ size: 'one', pricePaise: 12000, stock: 3 }] },
  {
    id: 'fd-banana',
    category: 'freeze-dried-fruit',
    // Inserted out of order on purpose: offers must come back 250g, 500g, 1kg.
    offers: [
      { size: '1kg', pricePaise: 115000, stock: 5 },
      { size: '250g', pricePaise: 32000, stock: 20 },
      { size: '500g', pricePaise: 60000, stock: 0 },
    ],
  },
  {
    id: 'fd-okra',
    category: 'freeze-dried-vegetable',
    offers: [
      { size: '500g', pricePaise: 55000, stock: 1 },
      { size: '250g', pricePaise: 29900, stock: 2 },
      { size: '1kg', pricePaise: 99000, stock: 0 },
    ],
  },
]

describe(`catalogue on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
    for (const f of FIXTURES) {
      await handle.db.insert(products).values({
        id: f.id,
        slug: `${f.id}-slug`,
        name: `Name of ${f.id}`,
        description: `About ${f.id}`,
        category: f.category,
        subcategory: f.subcategory ?? null,
        frontImage: f.id === 'spice-1' ? null : 'a'.repeat(32),
        backImage: f.id === 'spice-1' ? null : 'b'.repeat(32),
      })
      await handle.db.insert(variants).values(f.offers.map((o) => ({ ...o, productId: f.id })))
    }
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('lists every product without a filter, sorted by name', async () => {
    const all = await listProducts(handle.db)
    expect(all.map((p) => p.id)).toEqual(['fd-banana', 'fd-okra', 'herb-1', 'herb-biscuit', 'spice-1'])
  })

  it('filters by categories and by subcategory', async () => {
    const sized = await listProducts(handle.db, { categories: ['freeze-dried-fruit', 'freeze-dried-vegetable'] })
    expect(sized.map((p) => p.id).sort()).toEqual(['fd-banana', 'fd-okra'])
    const herbalOnly = await listProducts(handle.db, { categories: ['herbal'], subcategory: null })
    expect(herbalOnly.map((p) => p.id)).toEqual(['herb-1'])
    const biscuits = await listProducts(handle.db, { categories: ['herbal'], subcategory: 'biscuits' })
    expect(biscuits.map((p) => p.id)).toEqual(['herb-biscuit'])
    const anyHerbal = await listProducts(handle.db, { categories: ['herbal'] })
    expect(anyHerbal).toHaveLength(2)
    expect(await listProducts(handle.db, { categories: ['essential-oils'] })).toEqual([])
  })

  it('gives the Tamil name and description on a Tamil request, the English otherwise, and marks the English fallback', async () => {
    await handle.db
      .update(products)
      .set({ nameTa: 'உறை-உலர் வாழைப்பழம்', descriptionTa: 'மொறுமொறுப்பான வாழைப்பழத் துண்டுகள்.' })
      .where(eq(products.id, 'fd-banana'))
    // Blank is "not translated".
    await handle.db.update(products).set({ nameTa: '  ', descriptionTa: null }).where(eq(products.id, 'fd-okra'))
    try {
      const english = await listProducts(handle.db, { categories: ['freeze-dried-fruit', 'freeze-dried-vegetable'] })
      expect(english.map((p) => [p.id, p.name, p.nameLanguage, p.description, p.descriptionLanguage])).toEqual([
        ['fd-banana', 'Name of fd-banana', 'en', 'About fd-banana', 'en'],
        ['fd-okra', 'Name of fd-okra', 'en', 'About fd-okra', 'en'],
      ])
      const tamil = await inLanguage('ta', () => listProducts(handle.db, { categories: ['freeze-dried-fruit', 'freeze-dried-vegetable'] }))
      expect(tamil.map((p) => [p.id, p.name, p.nameLanguage, p.description, p.descriptionLanguage])).toEqual([
        ['fd-banana', 'உறை-உலர் வாழைப்பழம்', 'ta', 'மொறுமொறுப்பான வாழைப்பழத் துண்டுகள்.', 'ta'],
        ['fd-okra', 'Name of fd-okra', 'en', 'About fd-okra', 'en'],
      ])
      expect((await inLanguage('ta', () => getProduct(handle.db, 'fd-banana')))?.name).toBe('உறை-உலர் வாழைப்பழம்')
      // The checkout reads the English, which orders keep, whatever the page's language.
      const [ordered] = await inLanguage('ta', () => getProductsById(handle.db, ['fd-banana'], { language: 'en' }))
      expect([ordered?.name, ordered?.nameLanguage]).toEqual(['Name of fd-banana', 'en'])
    } finally {
      await handle.db.update(products).set({ nameTa: null, descriptionTa: null })
    }
  })

  it("marks an owner's text with lang only when it is not in the page's language", () => {
    expect(fallbackLang('en', 'ta')).toBe('en-IN')
    expect(fallbackLang(undefined, 'ta')).toBe('en-IN')
    expect(fallbackLang('ta', 'ta')).toBeUndefined()
    expect(fallbackLang('en', 'en')).toBeUndefined()
  })

  it('returns a sized product with its offers 250g, 500g, 1kg, and null for an unknown id', async () => {
    const banana = await getProduct(handle.db, 'fd-banana')
    expect(banana?.offers.map((o) => o.size)).toEqual(['250g', '500g', '1kg'])
    expect(banana?.offers.map((o) => o.pricePaise)).toEqual([32000, 60000, 115000])
    expect(await getProduct(handle.db, 'no-such-product')).toBeNull()
  })

  it('counts stock over every size and ranges prices from the smallest to the middle pack', async () => {
    const banana = (await getProduct(handle.db, 'fd-banana'))!
    expect(stockCount(banana)).toBe(25)
    expect(priceRange(banana)).toEqual({ from: 32000, to: 60000 })
    const biscuit = (await getProduct(handle.db, 'herb-biscuit'))!
    expect(stockCount(biscuit)).toBe(0)
    expect(priceRange(biscuit)).toEqual({ from: 9950, to: 9950 })
    expect(packOffers(banana).map((p) => [p.size, p.stock])).toEqual([
      ['250g', 20],
      ['500g', 0],
      ['1kg', 5],
    ])
  })

  it('gives sized products a slugged address and single-price products a short one', async () => {
    const banana = (await getProduct(handle.db, 'fd-banana'))!
    const herb = (await getProduct(handle.db, 'herb-1'))!
    expect(productPath(banana)).toBe('/product/fd-banana-slug/fd-banana')
    expect(productPath(herb)).toBe('/product/herb-1')
  })

  it('shapes the JSON of a sized product with prices in rupees', async () => {
    const json = productJson((await getProduct(handle.db, 'fd-okra'))!, '/media')
    expect(json).toMatchObject({
      id: 'fd-okra',
      name: 'Name of fd-okra',
      description: 'About fd-okra',
      category: 'freeze-dried-vegetable',
      imageUrl: `/media/${'a'.repeat(32)}-960.webp`,
      backsideImageUrl: `/media/${'b'.repeat(32)}-960.webp`,
      stockCount: 3,
      prices: { startg: 299, halfg: 550, onekg: 990 },
    })
    expect(json).not.toHaveProperty('price')
  })

  it('shapes the JSON of a single-price product with one price and empty image links when it has none', async () => {
    const json = productJson((await getProduct(handle.db, 'spice-1'))!, '/media')
    expect(json).toMatchObject({ id: 'spice-1', category: 'spices', price: 120, stockCount: 3, imageUrl: '', backsideImageUrl: '' })
    expect(json).not.toHaveProperty('prices')
  })

  it('makes cart lines that carry the chosen pack price and that pack stock', async () => {
    const banana = (await getProduct(handle.db, 'fd-banana'))!
    expect(cartLineFor(banana, 2, '1kg', '/media')).toEqual({
      id: 'fd-banana',
      size: '1kg',
      name: 'Name of fd-banana',
      imageUrl: `/media/${'a'.repeat(32)}-320.webp`,
      url: '/product/fd-banana-slug/fd-banana',
      pricePaise: 115000,
      stockCount: 5,
      quantity: 2,
    })
    const spice = (await getProduct(handle.db, 'spice-1'))!
    expect(cartLineFor(spice, 1, undefined, '/media')).toMatchObject({ id: 'spice-1', pricePaise: 12000, stockCount: 3, quantity: 1 })
    expect(cartLineFor(spice, 1, undefined, '/media')).not.toHaveProperty('size')
  })

  it('groups products by category in the given order, leaving out empty ones', async () => {
    const all = await listProducts(handle.db)
    const groups = groupByCategory(all, ['freeze-dried-vegetable', 'essential-oils', 'herbal'])
    expect(groups.map((g) => [g.category, g.products.map((p) => p.id)])).toEqual([
      ['freeze-dried-vegetable', ['fd-okra']],
      ['herbal', ['herb-1', 'herb-biscuit']],
    ])
  })
})

describe(`best sellers and featured products on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  // Named so that the order by name differs from the order by sales.
  const NAMES: Record<string, string> = {
    amla: 'Amla Powder',
    basil: 'Basil Leaves',
    cumin: 'Cumin Seeds',
    dates: 'Dates',
    elaichi: 'Elaichi',
  }
  beforeAll(async () => {
    handle = await openTestDatabase()
    for (const [id, name] of Object.entries(NAMES)) {
      await handle.db.insert(products).values({ id, slug: `${id}-slug`, name, description: 'd', category: 'spices' })
      await handle.db.insert(variants).values({ productId: id, size: 'one', pricePaise: 10000, stock: 50 })
    }
    await handle.db
      .insert(products)
      .values({ id: 'gone', slug: 'gone-slug', name: 'Archived Ginger', description: 'd', category: 'spices', archivedAt: new Date() })
  })
  afterAll(async () => {
    await handle?.close()
  })

  let orderCount = 0
  /** An order in `status` with these units of each product, written as checkout would have left it. */
  async function order(status: OrderStatus, units: Record<string, number>) {
    const id = `order-${++orderCount}`
    const subtotal = Object.values(units).reduce((sum, n) => sum + n * 10000, 0)
    await handle.db.insert(orders).values({
      id,
      status,
      email: 'meena@example.in',
      shippingAddress: {},
      subtotalPaise: subtotal,
      deliveryPaise: 0,
      totalPaise: subtotal,
      provider: 'test',
      buyerTokenHash: 'hash',
      checkoutKey: `key-${id}`,
      expiresAt: new Date(),
    })
    await handle.db.insert(orderLines).values(
      Object.entries(units).map(([productId, quantity]) => ({
        orderId: id,
        productId,
        size: 'one' as const,
        name: NAMES[productId] ?? productId,
        unitPricePaise: 10000,
        quantity,
      })),
    )
  }
  const ids = (list: { id: string }[]) => list.map((p) => p.id)

  it('without paid orders gives the first products on sale by name', async () => {
    await handle.db.delete(orders)
    await order('pending_payment', { elaichi: 9 })
    await order('cancelled', { dates: 9 })
    expect(ids(await bestSellingProducts(handle.db, 3))).toEqual(['amla', 'basil', 'cumin'])
  })

  it('ranks by units in paid, packed, shipped and delivered orders, then fills up by name', async () => {
    await handle.db.delete(orders)
    await order('paid', { dates: 2, cumin: 1 })
    await order('delivered', { cumin: 2 })
    await order('shipped', { elaichi: 1 })
    await order('packed', { elaichi: 2 })
    // Unpaid, expired and cancelled orders sold nothing; an archived product is not on sale.
    await order('pending_payment', { basil: 10 })
    await order('expired', { basil: 10 })
    await order('cancelled', { amla: 10 })
    await order('paid', { gone: 20 })
    const best = await bestSellingProducts(handle.db, 5)
    // Cumin and Elaichi sold 3 each (by name), Dates 2; then the unsold by name.
    expect(ids(best)).toEqual(['cumin', 'elaichi', 'dates', 'amla', 'basil'])
    expect(best[0]!.offers).toEqual([expect.objectContaining({ size: 'one', pricePaise: 10000 })])
    expect(ids(await bestSellingProducts(handle.db, 2))).toEqual(['cumin', 'elaichi'])
    expect(await bestSellingProducts(handle.db, 0)).toEqual([])
  })

  it("features the settings' products in their order, leaving out the missing and the archived, else the best sellers", async () => {
    await handle.db.delete(orders)
    await order('paid', { dates: 5, basil: 1 })
    const featuredProducts = async (db: typeof handle.db, featured: string[], limit: number) =>
      (await homeProducts(db, featured, [], limit)).featured
    const slugs = ['elaichi-slug', 'no-such-slug', 'gone-slug', 'amla-slug', 'elaichi-slug', 'cumin-slug']
    expect(ids(await featuredProducts(handle.db, slugs, 6))).toEqual(['elaichi', 'amla', 'cumin'])
    expect(ids(await featuredProducts(handle.db, ['elaichi-slug', 'amla-slug', 'cumin-slug'], 2))).toEqual(['elaichi', 'amla'])
    expect(ids(await featuredProducts(handle.db, [], 3))).toEqual(['dates', 'basil', 'amla'])
    expect(ids(await featuredProducts(handle.db, ['gone-slug', 'no-such-slug'], 3))).toEqual(['dates', 'basil', 'amla'])
    // With the showcases' products in the same read, in the showcases' order.
    const home = await homeProducts(handle.db, ['amla-slug'], ['cumin-slug', 'gone-slug', 'basil-slug'], 6)
    expect([ids(home.featured), ids(home.showcase)]).toEqual([['amla'], ['cumin', 'basil']])
  })
})
