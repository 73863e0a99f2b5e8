import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { count, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { storeImageSource } from '../media/images.server'
import type { MediaStorage } from '../media/storage.server'
import { TAX_DEFAULTS_BY_CATEGORY } from '../invoices/gst'
import { rupeesToPaise } from '../money/money'
import { PACK_SIZES } from './categories'
import { NET_OF_PACK } from './declarations'
import { DEMO_PRODUCTS, type DemoProduct, demoDeclarations, demoMrp, demoNet, demoShippedWeight } from './demo-catalogue'
import { recordStockChange } from '../stock/ledger.server'
import { log } from '~/log.server'

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
    const net = demoNet(p)
    return [
      {
        size: 'one' as const,
        pricePaise: rupeesToPaise(p.price),
        mrpPaise: rupeesToPaise(demoMrp(p, 'one')),
        netQuantity: net?.amount ?? null,
        netUnit: net?.unit ?? null,
        shippedWeightGrams: demoShippedWeight(p, 'one'),
        stock: p.stock as number,
      },
    ]
  }
  return PACK_SIZES.map((size) => ({
    size,
    pricePaise: rupeesToPaise(p.prices![size]),
    mrpPaise: rupeesToPaise(demoMrp(p, size)),
    netQuantity: NET_OF_PACK[size].amount,
    netUnit: NET_OF_PACK[size].unit,
    shippedWeightGrams: demoShippedWeight(p, size),
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
  /** Told as each product's pictures are stored (the slow part of a first start), to say how far it got. */
  onProgress?: (done: number, total: number) => void
}

/** The seed's lock: servers starting together on an empty database load the catalogue one after another. */
const SEED_LOCK = 7291002

/** Stores the demo pictures (by hash, so storing one again is harmless); their widths are made on first view, unless `allWidths`. */
async function storeDemoPictures(media: MediaStorage, options: SeedOptions) {
  const folder = demoImagesFolder()
  const imageKey = async (file: string) => {
    const full = path.join(folder, file)
    return fs.existsSync(full) ? storeImageSource(media, await fs.promises.readFile(full), options) : null
  }
  let done = 0
  options.onProgress?.(0, DEMO_PRODUCTS.length)
  const images = await mapLimit(DEMO_PRODUCTS, 4, async (p) => {
    const stored = { front: await imageKey(`${p.slug}-front.webp`), back: await imageKey(`${p.slug}-back.webp`) }
    options.onProgress?.(++done, DEMO_PRODUCTS.length)
    return stored
  })
  log.info(`Made the demo pictures: ${images.filter((i) => i.front).length + images.filter((i) => i.back).length} files.`)
  return images
}

type Images = Awaited<ReturnType<typeof storeDemoPictures>>

async function insertDemoProducts(tx: Transaction, images: Images) {
  let inserted = 0
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const [row] = await tx
      .insert(products)
      .values({
        id: newProductId(),
        slug: p.slug,
        name: p.name,
        description: p.description,
        nameTa: p.nameTa || null,
        descriptionTa: p.descriptionTa ?? null,
        category: p.category,
        subcategory: p.subcategory ?? null,
        frontImage: images[i]!.front,
        backImage: images[i]!.back,
        ...TAX_DEFAULTS_BY_CATEGORY[p.category],
        ...demoDeclarations(p),
        // What "Remove the demo catalogue" removes, until the owner edits the product (decision 071).
        demo: true,
      })
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id })
    if (!row) continue
    const offers = offersOf(p).map((o) => ({ ...o, productId: row.id }))
    await tx.insert(variants).values(offers)
    for (const o of offers) await recordStockChange(tx, { ...o, change: o.stock, stockAfter: o.stock, reason: 'seed' })
    inserted++
  }
  return { inserted }
}

/**
 * Loads the demo catalogue. Idempotent: a product whose slug exists is left as the owner has it.
 */
export async function seedDemoCatalogue(db: Database, media: MediaStorage, options: SeedOptions = {}) {
  // Pictures first, outside the transaction: no rows locked while they are made.
  const images = await storeDemoPictures(media, options)
  return db.transaction((tx) => insertDemoProducts(tx, images))
}

/**
 * Loads the demo catalogue into a database without products. Under a lock held to the end, so that of several
 * servers starting together on an empty database one makes the pictures and the products, and the others, once
 * it is done, find them there (docs/decisions/028-several-servers.md).
 */
export async function seedDemoCatalogueIfEmpty(db: Database, media: MediaStorage, options: SeedOptions = {}) {
  return db.transaction(async (tx) => {
    // Waiting for another server's seed may take longer than the pool's limit on one statement.
    await tx.execute(sql`set local statement_timeout = 0`)
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [row] = await tx.select({ n: count() }).from(products)
    if ((row?.n ?? 0) > 0) return { inserted: 0 }
    return insertDemoProducts(tx, await storeDemoPictures(media, options))
  })
}
