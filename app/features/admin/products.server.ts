import { and, asc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm'
import { isUniqueViolation } from '~/db/unique-violation.server'
import type { Database, Transaction } from '~/db/client.server'
import { orderLines, products, variants } from '~/db/schema'
import { loadProducts, loadProductsPage, type PageRequest, type StoredProductRow, withOffers } from '../catalogue/catalogue.server'
import type { ListPage } from '../catalogue/paging'
import type { Category } from '../catalogue/categories'
import { netOf } from '../catalogue/declarations'
import { NO_DECLARATIONS, type Offer, type Product } from '../catalogue/product'
import { newProductId } from '../catalogue/seed.server'
import { ImageRejectedError, storeImage } from '../media/images.server'
import type { MediaStorage } from '../media/storage.server'
import { PRODUCT_IMAGE_FIELDS, type ProductImageField, type ProductInput } from './product-form'
import { containsPattern } from '~/db/search'
import { StockChangedError } from '../stock/adjustments.server'
import { m } from '~/i18n/paraglide/messages.js'
import { recordStockChange } from '../stock/ledger.server'

/** The pictures chosen in the form; a missing one keeps the product's current picture. */
export type ProductImages = Partial<Record<ProductImageField, Buffer>>

export class ProductNotFoundError extends Error {
  constructor() {
    super(m.admin_product_not_found())
  }
}

/** An uploaded picture refused by the media pipeline; nothing was stored. */
export class ProductImageRejectedError extends Error {
  constructor(
    readonly field: ProductImageField,
    reason: string,
  ) {
    const label = field === 'frontImage' ? m.admin_label_front_image() : m.admin_label_back_image()
    super(`${label}: ${reason}`)
  }
}

/**
 * The media storage failed while the pictures were being stored (a full disk, an unreachable bucket). Nothing of
 * the product was saved; pictures already written are unreferenced, named by content, and harmless.
 */
export class MediaStorageFailedError extends Error {
  constructor(
    /** The storage is out of space (or quota), rather than unreachable for now. */
    readonly full: boolean,
    readonly cause: unknown,
  ) {
    super(full ? 'The storage for pictures is full.' : 'The storage for pictures failed.')
  }
}

/** No space left: on local disk ENOSPC or a quota (EDQUOT); from S3-compatible storage, 507 Insufficient Storage. */
function isOutOfSpace(err: unknown) {
  const e = err as { code?: unknown; $metadata?: { httpStatusCode?: number } } | null
  return e?.code === 'ENOSPC' || e?.code === 'EDQUOT' || e?.$metadata?.httpStatusCode === 507
}

/** A pack as the admin sees it: with its shipped weight (g), null until the owner gives it. */
export type AdminOffer = Offer & { shippedWeightGrams: number | null }

/** A product as the admin sees it: archived ones included, and marked; with its GST tariff code and rate. */
export type AdminProduct = Omit<Product, 'offers'> & {
  offers: AdminOffer[]
  archivedAt: Date | null
  hsnCode: string
  gstRatePercent: number
  /** The Tamil name and description the owner wrote; null when not translated (`name` is always the English). */
  nameTa: string | null
  descriptionTa: string | null
}

/** Adds each pack's shipped weight, which the shop's own reads leave out (only the admin and the shipping desk need it). */
async function withShippedWeights<P extends Product>(
  db: Database,
  list: P[],
): Promise<Array<Omit<P, 'offers'> & { offers: AdminOffer[] }>> {
  if (list.length === 0) return []
  const rows = await db
    .select({ productId: variants.productId, size: variants.size, shippedWeightGrams: variants.shippedWeightGrams })
    .from(variants)
    .where(
      inArray(
        variants.productId,
        list.map((p) => p.id),
      ),
    )
  const weights = new Map(rows.map((r) => [`${r.productId} ${r.size}`, r.shippedWeightGrams]))
  return list.map((p) => ({ ...p, offers: p.offers.map((o) => ({ ...o, shippedWeightGrams: weights.get(`${p.id} ${o.size}`) ?? null })) }))
}

const adminColumns = {
  id: products.id,
  archivedAt: products.archivedAt,
  hsnCode: products.hsnCode,
  gstRatePercent: products.gstRatePercent,
  nameTa: products.nameTa,
  descriptionTa: products.descriptionTa,
}

/** What the admin reads besides the shop's product: the archive mark, the tax code and rate, the Tamil texts. */
function adminExtras(row: Partial<StoredProductRow> | undefined) {
  return {
    archivedAt: row?.archivedAt ?? null,
    hsnCode: row?.hsnCode ?? '',
    gstRatePercent: row?.gstRatePercent ?? 5,
    nameTa: row?.nameTa ?? null,
    descriptionTa: row?.descriptionTa ?? null,
  }
}

/** A Tamil text as stored: blank is not translated (null). */
const tamilColumn = (text: string | undefined) => (text?.trim() ? text : null)

/**
 * Checks and converts every picture before storing any, so one refused picture leaves nothing behind:
 * the media pipeline writes into memory first, and only when all pass are the files copied to storage.
 */
async function storeProductImages(media: MediaStorage, images: ProductImages) {
  const staged = new Map<string, Buffer>()
  const staging: MediaStorage = {
    has: async (name) => staged.has(name),
    put: async (name, body) => void staged.set(name, body),
    read: async (name) => staged.get(name) ?? null,
    open: async () => null,
  }
  const keys: Partial<Record<ProductImageField, string>> = {}
  // One after the other: each conversion already keeps the machine's cores busy.
  for (const field of Object.keys(PRODUCT_IMAGE_FIELDS) as ProductImageField[]) {
    const upload = images[field]
    if (!upload || upload.length === 0) continue
    try {
      keys[field] = await storeImage(staging, upload)
    } catch (err) {
      if (err instanceof ImageRejectedError) throw new ProductImageRejectedError(field, err.message)
      throw err
    }
  }
  // Names are content hashes: a file already there is the same picture.
  try {
    for (const [name, body] of staged) {
      if (!(await media.has(name))) await media.put(name, body)
    }
  } catch (err) {
    throw new MediaStorageFailedError(isOutOfSpace(err), err)
  }
  return keys
}

/** A URL-friendly form of the name: "Amla (Gooseberry) Powder" → "amla-gooseberry-powder". */
export function slugify(name: string) {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return slug || 'product'
}

async function freeSlug(tx: Transaction, base: string) {
  // `base` holds only a-z, 0-9 and dashes, so it is safe inside a LIKE pattern.
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), sql`${products.slug} like ${`${base}-%`}`))
  const taken = new Set(rows.map((r) => r.slug))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export async function getProductForAdmin(db: Database, id: string): Promise<AdminProduct | null> {
  const [product] = await withShippedWeights(db, await loadProducts(db, eq(products.id, id), { includeArchived: true, language: 'en' }))
  if (!product) return null
  const [row] = await db.select(adminColumns).from(products).where(eq(products.id, id))
  return { ...product, ...adminExtras(row) }
}

/**
 * Adds a product with its offers; the pictures are checked and stored first, so a refused one, or a storage that
 * fails (MediaStorageFailedError), changes nothing.
 */
export async function createProduct(
  db: Database,
  media: MediaStorage,
  input: ProductInput,
  images: ProductImages = {},
  admin: string | null = null,
) {
  const keys = await storeProductImages(media, images)
  const id = newProductId()
  const base = slugify(input.name)
  // Two products of the same name added at once may pick the same slug: the loser tries the next free one.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        await tx.insert(products).values({
          id,
          slug: await freeSlug(tx, base),
          name: input.name,
          description: input.description,
          nameTa: tamilColumn(input.nameTa),
          descriptionTa: tamilColumn(input.descriptionTa),
          category: input.category,
          subcategory: input.subcategory,
          frontImage: keys.frontImage ?? null,
          backImage: keys.backImage ?? null,
          hsnCode: input.hsnCode,
          gstRatePercent: input.gstRatePercent,
          ...(input.declarations ?? NO_DECLARATIONS),
        })
        const offers = input.offers.map((o) => ({ productId: id, ...packColumns(o), stock: o.stock }))
        await tx.insert(variants).values(offers)
        for (const o of offers) await recordStockChange(tx, { ...o, change: o.stock, stockAfter: o.stock, reason: 'new_product', admin })
      })
      break
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err)) throw err
    }
  }
  return (await getProductForAdmin(db, id))!
}

/**
 * A pack's price, MRP (its price when not given; one below it is the database's to refuse), net quantity (a sized
 * pack's is its size) and shipped weight, as stored; a weight not given is left as saved (null on a new pack).
 */
function packColumns(offer: ProductInput['offers'][number]) {
  const net = netOf(offer)
  return {
    size: offer.size,
    pricePaise: offer.pricePaise,
    mrpPaise: offer.mrpPaise ?? offer.pricePaise,
    netQuantity: net?.amount ?? null,
    netUnit: net?.unit ?? null,
    ...(offer.shippedWeightGrams === undefined ? {} : { shippedWeightGrams: offer.shippedWeightGrams }),
  }
}

/** Locks a product's variants in the order checkout takes them, so the two never deadlock. */
async function lockVariants(tx: Transaction, id: string) {
  return tx
    .select({ size: variants.size, stock: variants.stock })
    .from(variants)
    .where(eq(variants.productId, id))
    .orderBy(asc(variants.size))
    .for('update')
}

/**
 * Saves the edit form: text, category and offers (a change between sized and single-price replaces the offers),
 * and new pictures when given; a picture not given stays. The slug stays too, so links keep working.
 *
 * Stock is never overwritten (decision 027): a pack's count changes only when the form's count differs from the
 * count it was shown (`shownStock`), and then only if the stock is still that count — otherwise nothing is saved
 * and StockChangedError says the count now. A form that does not say what it was shown may only repeat the count.
 */
export async function updateProduct(
  db: Database,
  media: MediaStorage,
  id: string,
  input: ProductInput,
  images: ProductImages = {},
  admin: string | null = null,
) {
  const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, id))
  if (!exists) throw new ProductNotFoundError()
  const keys = await storeProductImages(media, images)
  await db.transaction(async (tx) => {
    // NO KEY UPDATE: two edits still wait for each other, but a checkout's ledger and order rows, which take the
    // weaker KEY SHARE on the product through their foreign keys while holding its packs, do not (FOR UPDATE
    // deadlocked with them on PostgreSQL).
    const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('no key update')
    if (!row) throw new ProductNotFoundError()
    const current = new Map((await lockVariants(tx, id)).map((v) => [v.size, v.stock]))
    await tx
      .update(products)
      .set({
        name: input.name,
        description: input.description,
        // A form that does not send them (an older page, a script) keeps the saved translations.
        ...(input.nameTa !== undefined ? { nameTa: tamilColumn(input.nameTa) } : {}),
        ...(input.descriptionTa !== undefined ? { descriptionTa: tamilColumn(input.descriptionTa) } : {}),
        category: input.category,
        subcategory: input.subcategory,
        hsnCode: input.hsnCode,
        gstRatePercent: input.gstRatePercent,
        ...(input.declarations ?? NO_DECLARATIONS),
        ...(keys.frontImage ? { frontImage: keys.frontImage } : {}),
        ...(keys.backImage ? { backImage: keys.backImage } : {}),
        // A demo product the owner has edited is theirs: removing the demo catalogue keeps it (decision 071).
        demo: false,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id))
    const sizes = input.offers.map((o) => o.size)
    const removed = await tx
      .delete(variants)
      .where(and(eq(variants.productId, id), notInArray(variants.size, sizes)))
      .returning({ size: variants.size, stock: variants.stock })
    for (const r of removed) {
      await recordStockChange(tx, { productId: id, size: r.size, change: -r.stock, stockAfter: 0, reason: 'pack_removed', admin })
    }
    for (const offer of input.offers) {
      const stock = current.get(offer.size)
      if (stock === undefined) {
        await tx.insert(variants).values({ productId: id, ...packColumns(offer), stock: offer.stock })
        await recordStockChange(tx, {
          productId: id,
          size: offer.size,
          change: offer.stock,
          stockAfter: offer.stock,
          reason: 'new_product',
          admin,
        })
        continue
      }
      // Without the count it was shown, a form may only repeat the stock; with it, a count equal to it means "unchanged".
      const wanted = offer.shownStock === undefined || offer.stock !== offer.shownStock ? offer.stock : stock
      if (wanted !== stock && stock !== (offer.shownStock ?? offer.stock)) throw new StockChangedError(stock)
      await tx
        .update(variants)
        .set({ ...packColumns(offer), stock: wanted })
        .where(and(eq(variants.productId, id), eq(variants.size, offer.size)))
      await recordStockChange(tx, {
        productId: id,
        size: offer.size,
        change: wanted - stock,
        stockAfter: wanted,
        reason: input.stockReason ?? 'counted',
        admin,
      })
    }
  })
  return (await getProductForAdmin(db, id))!
}

/**
 * Deletes a product, or archives it (hidden from the shop, kept for history) when any order names it.
 * The variants are locked first, so an order being placed for it right now is either seen or finds it gone.
 */
export async function deleteProduct(db: Database, id: string): Promise<{ outcome: 'deleted' | 'archived' }> {
  return db.transaction(async (tx) => {
    // Packs first, then the product: the order a checkout takes them in (its packs, then its rows' foreign keys).
    await lockVariants(tx, id)
    const [row] = await tx
      .select({ id: products.id, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, id))
      .for('update')
    if (!row) throw new ProductNotFoundError()
    const [ordered] = await tx.select({ orderId: orderLines.orderId }).from(orderLines).where(eq(orderLines.productId, id)).limit(1)
    if (ordered) {
      if (!row.archivedAt) {
        const now = new Date()
        await tx.update(products).set({ archivedAt: now, updatedAt: now }).where(eq(products.id, id))
      }
      return { outcome: 'archived' as const }
    }
    await tx.delete(products).where(eq(products.id, id))
    return { outcome: 'deleted' as const }
  })
}

export type AdminProductFilter = {
  /** Part of the name, or the exact id or slug. */
  search?: string
  category?: Category
  /** Only the products without a Tamil name. */
  untranslated?: boolean
}

/** Products without a Tamil name: the owner's to translate. */
const untranslatedCondition = sql`coalesce(trim(${products.nameTa}), '') = ''`

/** How many products on sale (not archived) have no Tamil name yet. */
export async function countUntranslatedProducts(db: Database) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(and(isNull(products.archivedAt), untranslatedCondition))
  return row?.n ?? 0
}

function adminFilterCondition(filter: AdminProductFilter) {
  const conditions: SQL[] = []
  if (filter.category) conditions.push(eq(products.category, filter.category))
  if (filter.untranslated) conditions.push(untranslatedCondition)
  const term = filter.search?.trim().slice(0, 100)
  if (term) {
    conditions.push(or(ilike(products.name, containsPattern(term)), eq(products.id, term), eq(products.slug, term))!)
  }
  return conditions.length ? and(...conditions) : undefined
}

/**
 * One page of the product manager's list (decision 038): archived products included (and marked), by name, then
 * id; with the count of every product the filter finds. A page past the last gives the last page.
 */
export async function listProductsForAdminPage(
  db: Database,
  filter: AdminProductFilter,
  request: PageRequest,
): Promise<ListPage<AdminProduct>> {
  const page = await loadProductsPage(db, adminFilterCondition(filter), [asc(products.name)], request, { includeArchived: true })
  // withOffers keeps the order of the rows it is given.
  const listed = await withShippedWeights(db, await withOffers(db, page.items, { language: 'en' }))
  return {
    ...page,
    items: listed.map((p, i) => ({ ...p, ...adminExtras(page.items[i]) })),
  }
}

/** Every product for the product manager, archived ones included (and marked), by name. */
export async function listProductsForAdmin(db: Database, filter: AdminProductFilter = {}): Promise<AdminProduct[]> {
  const where = adminFilterCondition(filter)
  const list = await withShippedWeights(db, await loadProducts(db, where, { includeArchived: true, language: 'en' }))
  const rows = await db.select(adminColumns).from(products).where(where)
  const extra = new Map(rows.map((r) => [r.id, r]))
  return list.map((p) => ({ ...p, ...adminExtras(extra.get(p.id)) }))
}
