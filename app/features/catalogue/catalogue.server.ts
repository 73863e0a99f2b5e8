import { and, asc, count, eq, inArray, isNull, lte, type SQL } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { products, variants } from '~/db/schema'
import { type Category, PACK_SIZES } from './categories'
import type { Offer, Product } from './product'

const SIZE_ORDER: Offer['size'][] = ['one', ...PACK_SIZES]

/**
 * Reads products with their offers in two queries, whatever the number of products. Archived products are
 * left out unless asked for (the admin).
 */
export async function loadProducts(db: Database, where?: SQL, options: { includeArchived?: boolean } = {}) {
  const visible = options.includeArchived ? where : and(isNull(products.archivedAt), where)
  const rows = await db.select().from(products).where(visible).orderBy(asc(products.name))
  return withOffers(db, rows)
}

export type ProductRow = Omit<Product, 'offers'>

/** Products read by another query (search, say) with their offers, in one more query; the order is kept. */
export async function withOffers(db: Database, rows: readonly ProductRow[]): Promise<Product[]> {
  if (rows.length === 0) return []
  const offerRows = await db
    .select()
    .from(variants)
    .where(inArray(variants.productId, rows.map((r) => r.id)))
  const offersByProduct = new Map<string, Offer[]>()
  for (const v of offerRows) {
    const list = offersByProduct.get(v.productId) ?? []
    list.push({ size: v.size, pricePaise: v.pricePaise, stock: v.stock })
    offersByProduct.set(v.productId, list)
  }
  return rows.map<Product>((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    category: r.category,
    subcategory: r.subcategory,
    frontImage: r.frontImage,
    backImage: r.backImage,
    offers: (offersByProduct.get(r.id) ?? []).sort((a, b) => SIZE_ORDER.indexOf(a.size) - SIZE_ORDER.indexOf(b.size)),
  }))
}

export type ProductFilter = {
  categories?: readonly Category[]
  /** `null` means products without a subcategory; undefined means any. */
  subcategory?: string | null
}

export async function listProducts(db: Database, filter: ProductFilter = {}) {
  const conditions: SQL[] = []
  if (filter.categories?.length) conditions.push(inArray(products.category, [...filter.categories]))
  if (filter.subcategory === null) conditions.push(isNull(products.subcategory))
  else if (filter.subcategory !== undefined) conditions.push(eq(products.subcategory, filter.subcategory))
  return loadProducts(db, conditions.length ? and(...conditions) : undefined)
}

export async function getProduct(db: Database, id: string) {
  const [product] = await loadProducts(db, eq(products.id, id))
  return product ?? null
}

export async function getProductsBySlug(db: Database, slugs: string[]) {
  if (slugs.length === 0) return []
  return loadProducts(db, inArray(products.slug, slugs))
}

export async function getProductsById(db: Database, ids: string[]) {
  if (ids.length === 0) return []
  return loadProducts(db, inArray(products.id, ids))
}

/** Pack sizes on sale with `threshold` units or fewer left, emptiest first (the dashboard's restock list). */
export async function lowStockOffers(db: Database, threshold: number, limit = 20) {
  const where = and(isNull(products.archivedAt), lte(variants.stock, threshold))
  const [rows, [total]] = await Promise.all([
    db
      .select({ productId: products.id, slug: products.slug, name: products.name, category: products.category, size: variants.size, stock: variants.stock })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(where)
      .orderBy(asc(variants.stock), asc(products.name), asc(variants.size))
      .limit(limit),
    db.select({ n: count() }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(where),
  ])
  return { total: total!.n, offers: rows }
}
