import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { updateProduct } from '../admin/products.server'
import { emptyOrdersAndCatalogue, placePaidOrder } from '../checkout/test-orders'
import { localDiskStorage } from '../media/storage.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import { scratchFolder } from '../../../tests/support/scratch-folder'
import { demoCatalogueLeft, removeDemoCatalogue } from './demo-removal.server'

// Issue 39: "Remove the demo catalogue" in one step takes the demo's products away, and only them: an owner's own
// products and a demo product the owner has edited stay, and a demo product that orders name is hidden, not erased.

describe(`removing the demo catalogue on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-demo-removal', () => handle.db)
  const db = () => handle.db
  const media = localDiskStorage(scratchFolder('demo-removal-media-'))
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  const product = (id: string, demo: boolean) => ({ id, slug: id, name: id, description: 'd', category: 'spices' as const, demo })
  beforeEach(async () => {
    await emptyOrdersAndCatalogue(db())
    await db()
      .insert(products)
      .values([
        product('demo-pepper', true),
        product('demo-clove', true),
        product('demo-ordered', true),
        product('demo-edited', true),
        product('own-cardamom', false),
      ])
    await db()
      .insert(variants)
      .values(
        ['demo-pepper', 'demo-clove', 'demo-ordered', 'demo-edited', 'own-cardamom'].map((productId) => ({
          productId,
          size: 'one' as const,
          pricePaise: 10000,
          stock: 9,
        })),
      )
  })

  const rows = async () =>
    Object.fromEntries(
      (await db().select({ id: products.id, archivedAt: products.archivedAt }).from(products)).map((p) => [
        p.id,
        p.archivedAt ? 'hidden' : 'shown',
      ]),
    )

  it('removes the demo products, hides those orders name, and keeps the owner’s own and those the owner edited', async () => {
    await placePaidOrder(db(), provider, { items: [{ productId: 'demo-ordered', quantity: 1 }] })
    await updateProduct(db(), media, 'demo-edited', {
      name: 'Tellicherry Pepper',
      description: 'Our own now.',
      category: 'spices',
      subcategory: null,
      offers: [{ size: 'one', pricePaise: 20000, stock: 9 }],
      hsnCode: '0904',
      gstRatePercent: 5,
    })
    expect(await demoCatalogueLeft(db())).toEqual({ toRemove: 2, toHide: 1 })

    expect(await removeDemoCatalogue(db(), 'owner@example.in')).toEqual({ removed: 2, hidden: 1 })
    expect(await rows()).toEqual({ 'demo-ordered': 'hidden', 'demo-edited': 'shown', 'own-cardamom': 'shown' })
    // Their packs went with them; the hidden one keeps its own, for its order's history.
    expect(
      await db()
        .select()
        .from(variants)
        .where(inArray(variants.productId, ['demo-pepper', 'demo-clove'])),
    ).toEqual([])
    expect(await db().select().from(variants).where(eq(variants.productId, 'demo-ordered'))).toHaveLength(1)
    expect(await demoCatalogueLeft(db())).toEqual({ toRemove: 0, toHide: 0 })
  })

  it('does nothing a second time', async () => {
    expect(await removeDemoCatalogue(db(), 'owner@example.in')).toEqual({ removed: 4, hidden: 0 })
    const after = await rows()
    expect(await removeDemoCatalogue(db(), 'owner@example.in')).toEqual({ removed: 0, hidden: 0 })
    expect(await rows()).toEqual(after)
    expect(after).toEqual({ 'own-cardamom': 'shown' })
  })
})
