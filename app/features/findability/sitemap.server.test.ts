import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { liveProductsForSitemap, shopSitemap } from './sitemap.server'

describe(`sitemap on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
    const rows = [
      { id: 'herb-1', slug: 'tulsi-powder', category: 'herbal' as const },
      { id: 'fd-1', slug: 'freeze-dried-kiwi', category: 'freeze-dried-fruit' as const },
      { id: 'gone-1', slug: 'old-thokku', category: 'thokku' as const },
    ]
    for (const r of rows) {
      await handle.db
        .insert(products)
        .values({ ...r, name: `Name ${r.id}`, description: 'About it', updatedAt: new Date('2025-01-02T03:04:05Z') })
      await handle.db
        .insert(variants)
        .values({ productId: r.id, size: r.category === 'freeze-dried-fruit' ? '250g' : 'one', pricePaise: 10000, stock: 1 })
    }
    await handle.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, 'gone-1'))
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('lists products on sale with their last change, and no archived one', async () => {
    const live = await liveProductsForSitemap(handle.db)
    expect(live.map((p) => p.id).sort()).toEqual(['fd-1', 'herb-1'])
    expect(live.find((p) => p.id === 'herb-1')?.updatedAt.toISOString()).toBe('2025-01-02T03:04:05.000Z')
  })

  it('writes them into the sitemap at their own addresses', async () => {
    const xml = await shopSitemap(handle.db, 'https://kaadu.example')
    expect(xml).toContain('<loc>https://kaadu.example/product/herb-1</loc><lastmod>2025-01-02T03:04:05Z</lastmod>')
    expect(xml).toContain('<loc>https://kaadu.example/product/freeze-dried-kiwi/fd-1</loc>')
    expect(xml).not.toContain('gone-1')
    expect(xml).not.toContain('old-thokku')
  })
})
