import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { TAX_DEFAULTS_BY_CATEGORY } from '../invoices/gst'
import { localDiskStorage } from '../media/storage.server'
import { listProducts } from './catalogue.server'
import { DEMO_PRODUCTS, demoShippedWeight } from './demo-catalogue'
import { seedDemoCatalogue, seedDemoCatalogueIfEmpty } from './seed.server'

describe(`demo catalogue seed on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-'))
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => {
    await handle?.close()
    fs.rmSync(mediaDir, { recursive: true, force: true })
  })

  it('loads every demo product once, and a second run changes nothing', async () => {
    const media = localDiskStorage(mediaDir)
    const first = await seedDemoCatalogue(handle.db, media)
    expect(first.inserted).toBe(DEMO_PRODUCTS.length)
    const before = await listProducts(handle.db)

    const second = await seedDemoCatalogue(handle.db, media)
    expect(second.inserted).toBe(0)
    expect((await seedDemoCatalogueIfEmpty(handle.db, media)).inserted).toBe(0)

    const [p] = await handle.db.select({ n: count() }).from(products)
    const [v] = await handle.db.select({ n: count() }).from(variants)
    expect(p!.n).toBe(DEMO_PRODUCTS.length)
    const expectedVariants = DEMO_PRODUCTS.reduce((n, d) => n + (d.price !== undefined ? 1 : 3), 0)
    expect(v!.n).toBe(expectedVariants)
    expect(await listProducts(handle.db)).toEqual(before)
  })

  it('gives every product a front and a back picture that differ', async () => {
    for (const product of await listProducts(handle.db)) {
      expect(product.frontImage, product.slug).toMatch(/^[a-f0-9]{32}$/)
      expect(product.backImage, product.slug).toMatch(/^[a-f0-9]{32}$/)
      expect(product.frontImage).not.toBe(product.backImage)
    }
  })

  it('writes every product’s Tamil name, and the Tamil descriptions written', async () => {
    const rows = await handle.db
      .select({ slug: products.slug, nameTa: products.nameTa, descriptionTa: products.descriptionTa })
      .from(products)
    const bySlug = new Map(rows.map((r) => [r.slug, r]))
    for (const p of DEMO_PRODUCTS) {
      expect(bySlug.get(p.slug), p.slug).toEqual({ slug: p.slug, nameTa: p.nameTa, descriptionTa: p.descriptionTa ?? null })
    }
  })

  it('gives every product its category’s tariff code and GST rate, for invoices', async () => {
    const rows = await handle.db
      .select({ category: products.category, hsnCode: products.hsnCode, gstRatePercent: products.gstRatePercent })
      .from(products)
    expect(rows).toHaveLength(DEMO_PRODUCTS.length)
    for (const row of rows)
      expect({ hsnCode: row.hsnCode, gstRatePercent: row.gstRatePercent }, row.category).toEqual(TAX_DEFAULTS_BY_CATEGORY[row.category])
  })

  it('weighs every pack as the demo catalogue says, for couriers and rates', async () => {
    const rows = await handle.db
      .select({ slug: products.slug, size: variants.size, grams: variants.shippedWeightGrams })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
    const bySlug = new Map(DEMO_PRODUCTS.map((p) => [p.slug, p]))
    expect(rows.length).toBeGreaterThan(DEMO_PRODUCTS.length)
    for (const row of rows) expect(row.grams, `${row.slug} ${row.size}`).toBe(demoShippedWeight(bySlug.get(row.slug)!, row.size))
  })
})
