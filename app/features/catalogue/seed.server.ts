import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { count } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { storeImageSource } from '../media/images.server'
import type { MediaStorage } from '../media/storage.server'
import { TAX_DEFAULTS_BY_CATEGORY } from '../invoices/gst'
import { rupeesToPaise } from '../money/money'
import { PACK_SIZES } from './categories'
import { DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue'

export function demoImagesFolder() {
  const candidates = [
    path.resolve('app/features/catalogue/demo-images'),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/features/catalogue/demo-images'),
  ]
  return candidates.find((c) => fs.existsSync(c)) ?? candidates[0]!
}

export function newProductId() {
  return crypto.randomBytes(9).toString('base64url')
}

function offersOf(p: DemoProduct) {
  if (p.price !== undefined) {
    return [{ size: 'one' as const, pricePaise: rupeesToPaise(p.price), stock: p.stock as number }]
  }
  return PACK_SIZES.map((size) => ({
    size,
    pricePaise: rupeesToPaise(p.prices![size]),
    stock: typeof p.stock === 'number' ? p.stock : p.stock[size],
  }))
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        results[i] = await fn(items[i]!)
      }
    }),
  )
  return results
}

type SeedOptions = {
  /** Make every width of every picture now (PUBLIC_MEDIA_URL: a CDN or the bucket cannot make them on request). */
  allWidths?: boolean
}

/**
 * Loads the demo catalogue. Idempotent: a product whose slug exists is left as the owner has it.
 */
export async function seedDemoCatalogue(db: Database, media: MediaStorage, options: SeedOptions = {}) {
  const folder = demoImagesFolder()
  const imageKey = async (file: string) => {
    const full = path.join(folder, file)
    return fs.existsSync(full) ? storeImageSource(media, await fs.promises.readFile(full), options) : null
  }
  // Pictures first (outside the transaction: stored by hash, so a retry is harmless); their widths are made on
  // first view, unless `allWidths`.
  const images = await mapLimit(DEMO_PRODUCTS, 4, async (p) => ({
    front: await imageKey(`${p.slug}-front.webp`),
    back: await imageKey(`${p.slug}-back.webp`),
  }))
  return db.transaction(async (tx) => {
    let inserted = 0
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      const [row] = await tx
        .insert(products)
        .values({
          id: newProductId(),
          slug: p.slug,
          name: p.name,
          description: p.description,
          category: p.category,
          subcategory: p.subcategory ?? null,
          frontImage: images[i]!.front,
          backImage: images[i]!.back,
          ...TAX_DEFAULTS_BY_CATEGORY[p.category],
        })
        .onConflictDoNothing({ target: products.slug })
        .returning({ id: products.id })
      if (!row) continue
      await tx.insert(variants).values(offersOf(p).map((o) => ({ ...o, productId: row.id })))
      inserted++
    }
    return { inserted }
  })
}

export async function seedDemoCatalogueIfEmpty(db: Database, media: MediaStorage, options: SeedOptions = {}) {
  const [row] = await db.select({ n: count() }).from(products)
  if ((row?.n ?? 0) > 0) return { inserted: 0 }
  return seedDemoCatalogue(db, media, options)
}
