import { and, asc, count, desc, eq, inArray, isNull, lte, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderLines, orders, products, variants } from '~/db/schema'
import type { OrderStatus } from '../orders/statuses'
import { z } from '~/zod'
import { CATEGORIES, type Category, PACK_SIZES } from './categories'
import { type ListPage, type PageAsked, pageNumberMessage, pageCountOf } from './paging'
import type { Offer, Product, ProductDeclarations } from './product'
import { currentLanguage, type Language } from '~/i18n/language'

const SIZE_ORDER: Offer['size'][] = ['one', ...PACK_SIZES]

/**
 * How products are read: `language`, the language of their names and descriptions (the request's unless told; the
 * admin and the checkout read the English, which the owner edits and orders keep).
 */
export type ReadOptions = { language?: Language }

/**
 * Reads products with their offers in two queries, whatever the number of products. Archived products are
 * left out unless asked for (the admin).
 */
export async function loadProducts(db: Database, where?: SQL, options: { includeArchived?: boolean } & ReadOptions = {}) {
  const visible = options.includeArchived ? where : and(isNull(products.archivedAt), where)
  const rows = await db.select().from(products).where(visible).orderBy(asc(products.name))
  return withOffers(db, rows, options)
}

export type ProductRow = Omit<Product, 'offers' | 'declarations' | 'nameLanguage' | 'descriptionLanguage'> &
  Partial<ProductDeclarations> & { nameTa?: string | null; descriptionTa?: string | null }

/** The owner's text in `language` when written (not blank), else the English; with the language it is in. */
function inLanguage(english: string, tamil: string | null | undefined, language: Language): [string, Language] {
  return language === 'ta' && tamil?.trim() ? [tamil, 'ta'] : [english, 'en']
}

/** Rows read without their Tamil texts (search's, say) get them in one more query, only when they are needed. */
async function withTamil(db: Database, rows: readonly ProductRow[], language: Language): Promise<readonly ProductRow[]> {
  if (language !== 'ta' || rows.every((r) => 'nameTa' in r)) return rows
  const found = await db
    .select({ id: products.id, nameTa: products.nameTa, descriptionTa: products.descriptionTa })
    .from(products)
    .where(
      inArray(
        products.id,
        rows.map((r) => r.id),
      ),
    )
  const byId = new Map(found.map((f) => [f.id, f]))
  return rows.map((r) => ({ ...r, nameTa: byId.get(r.id)?.nameTa ?? null, descriptionTa: byId.get(r.id)?.descriptionTa ?? null }))
}

function declarationsOf(r: ProductDeclarations): ProductDeclarations {
  return {
    ingredients: r.ingredients,
    allergens: r.allergens,
    dietMark: r.dietMark,
    shelfLifeMonths: r.shelfLifeMonths,
    storage: r.storage,
    manufacturer: r.manufacturer,
    countryOfOrigin: r.countryOfOrigin,
  }
}

/** Products read by another query (search, say) with their offers, in one more query; the order is kept. */
export async function withOffers(db: Database, given: readonly ProductRow[], options: ReadOptions = {}): Promise<Product[]> {
  if (given.length === 0) return []
  const language = options.language ?? currentLanguage()
  const rows = await withTamil(db, given, language)
  const offerRows = await db
    .select()
    .from(variants)
    .where(
      inArray(
        variants.productId,
        rows.map((r) => r.id),
      ),
    )
  const offersByProduct = new Map<string, Offer[]>()
  for (const v of offerRows) {
    const list = offersByProduct.get(v.productId) ?? []
    const net = v.netQuantity !== null && v.netUnit !== null ? { amount: v.netQuantity, unit: v.netUnit } : null
    list.push({ size: v.size, pricePaise: v.pricePaise, stock: v.stock, mrpPaise: v.mrpPaise ?? v.pricePaise, net })
    offersByProduct.set(v.productId, list)
  }
  return rows.map<Product>((r) => {
    const [name, nameLanguage] = inLanguage(r.name, r.nameTa, language)
    const [description, descriptionLanguage] = inLanguage(r.description, r.descriptionTa, language)
    return {
      id: r.id,
      slug: r.slug,
      name,
      nameLanguage,
      description,
      descriptionLanguage,
      category: r.category,
      subcategory: r.subcategory,
      frontImage: r.frontImage,
      backImage: r.backImage,
      ...('ingredients' in r ? { declarations: declarationsOf(r as ProductRow & ProductDeclarations) } : {}),
      offers: (offersByProduct.get(r.id) ?? []).sort((a, b) => SIZE_ORDER.indexOf(a.size) - SIZE_ORDER.indexOf(b.size)),
    }
  })
}

export type ProductFilter = {
  categories?: readonly Category[]
  /** `null` means products without a subcategory; undefined means any. */
  subcategory?: string | null
}

function filterCondition(filter: ProductFilter) {
  const conditions: SQL[] = []
  if (filter.categories?.length) conditions.push(inArray(products.category, [...filter.categories]))
  if (filter.subcategory === null) conditions.push(isNull(products.subcategory))
  else if (filter.subcategory !== undefined) conditions.push(eq(products.subcategory, filter.subcategory))
  return conditions.length ? and(...conditions) : undefined
}

export async function listProducts(db: Database, filter: ProductFilter = {}) {
  return loadProducts(db, filterCondition(filter))
}

/** 1, 2, 3 … with at most six digits: no list of the shop will reach a million pages, and no offset overflows. */
const PAGE_PATTERN = /^[1-9][0-9]{0,5}$/

/** The `page` of a list's address (its first value); a missing or empty one is the first page. */
export const pageParam = z
  .string()
  .optional()
  .transform((v) => v || '1')
  .pipe(z.string().regex(PAGE_PATTERN, { error: pageNumberMessage }).transform(Number))

/** The page an address asks for, or page 1 and `malformed` when its `page` is not 1, 2, 3 … (decision 038). */
export function readPageParam(value: string | null | undefined): PageAsked {
  const parsed = pageParam.safeParse(value ?? undefined)
  return parsed.success ? { page: parsed.data, malformed: false } : { page: 1, malformed: true }
}

/** Which page of a list, 1-based, and how many items a page holds. */
export type PageRequest = { page: number; pageSize: number }

/** A product row as stored, every column (the admin's list reads its archive mark and tax code from it). */
export type StoredProductRow = typeof products.$inferSelect

/**
 * One page of the products `where` selects, in `order` and then by id, so that pages never overlap or skip a
 * product whatever the names; with the number of products in the whole list (`count(*) over ()`, in the same
 * query). A page past the last gives the last page (`page` says which was read): one more query to count, and
 * one to read it. Archived products are left out unless asked for (the admin).
 */
export async function loadProductsPage(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  { page, pageSize }: PageRequest,
  options: { includeArchived?: boolean } = {},
): Promise<ListPage<StoredProductRow>> {
  const visible = options.includeArchived ? where : and(isNull(products.archivedAt), where)
  const read = (n: number) =>
    db
      .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(visible)
      .orderBy(...order, asc(products.id))
      .limit(pageSize)
      .offset((n - 1) * pageSize)
  let shown = page
  let rows = await read(page)
  let total = rows[0]?.total ?? 0
  if (rows.length === 0 && page > 1) {
    const [counted] = await db.select({ n: count() }).from(products).where(visible)
    total = counted?.n ?? 0
    shown = pageCountOf(total, pageSize)
    rows = total > 0 ? await read(shown) : []
    total = rows[0]?.total ?? total
  }
  return { items: rows.map((r) => r.product), total, page: shown, pageCount: pageCountOf(total, pageSize) }
}

/** The categories in the order CATEGORIES lists them (the headings of /product), as a number to sort by. */
const categoryRank = sql`case ${products.category} ${sql.join(
  CATEGORIES.map((c, i) => sql`when ${c} then ${sql.raw(String(i))}`),
  sql` `,
)} end`

/**
 * One page of the shop's products (features/catalogue/paging.ts), by category in the order of CATEGORIES, then by
 * name, then id: the order the single page of every product showed, cut into pages, so a page's products group
 * under its categories' headings. With the whole list's count.
 */
export async function listProductsPage(db: Database, filter: ProductFilter, request: PageRequest): Promise<ListPage<Product>> {
  const page = await loadProductsPage(db, filterCondition(filter), [categoryRank, asc(products.name)], request)
  return { ...page, items: await withOffers(db, page.items) }
}

export async function getProduct(db: Database, id: string) {
  const [product] = await loadProducts(db, eq(products.id, id))
  return product ?? null
}

export async function getProductsBySlug(db: Database, slugs: string[]) {
  if (slugs.length === 0) return []
  return loadProducts(db, inArray(products.slug, slugs))
}

export async function getProductsById(db: Database, ids: string[], options: ReadOptions = {}) {
  if (ids.length === 0) return []
  return loadProducts(db, inArray(products.id, ids), options)
}

/** `found` in the order of `keys` (of `keyOf` each), leaving out keys with no product. */
function inOrderOf<K>(keys: readonly K[], found: readonly Product[], keyOf: (p: Product) => K) {
  const byKey = new Map(found.map((p) => [keyOf(p), p]))
  return keys.flatMap((k) => byKey.get(k) ?? [])
}

/** The orders whose units count as sold: paid, and neither expired nor cancelled. */
const SOLD_STATUSES: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered']

/**
 * Up to `limit` products on sale, those with the most units in sold orders first (ties by name), then, when fewer
 * have sold, the others by name: a new shop without orders gets its first products by name.
 */
export async function bestSellingProducts(db: Database, limit: number): Promise<Product[]> {
  if (limit <= 0) return []
  const units = sql<number>`sum(${orderLines.quantity})`.mapWith(Number)
  const sold = await db
    .select({ id: orderLines.productId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(inArray(orders.status, [...SOLD_STATUSES]), isNull(products.archivedAt)))
    .groupBy(orderLines.productId, products.name)
    .orderBy(desc(units), asc(products.name), asc(orderLines.productId))
    .limit(limit)
  const ids = sold.map((r) => r.id)
  const best = inOrderOf(ids, await getProductsById(db, ids), (p) => p.id)
  if (best.length >= limit) return best
  const others = await db
    .select()
    .from(products)
    .where(and(isNull(products.archivedAt), ids.length ? notInArray(products.id, ids) : undefined))
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit - best.length)
  return [...best, ...(await withOffers(db, others))]
}

/**
 * The home page's products in one read (two queries). Featured (issue 18): the owner's `featuredSlugs` in their
 * order, leaving out those gone or archived, at most `limit`; the best-selling products when none is left (read only
 * then). Showcase: the showcases' items (`showcaseSlugs`), in their order, those on sale.
 */
export async function homeProducts(db: Database, featuredSlugs: readonly string[], showcaseSlugs: readonly string[], limit: number) {
  const unique = [...new Set(featuredSlugs)]
  const listed = await getProductsBySlug(db, [...new Set([...unique, ...showcaseSlugs])])
  const chosen = inOrderOf(unique, listed, (p) => p.slug).slice(0, limit)
  return {
    featured: chosen.length ? chosen : await bestSellingProducts(db, limit),
    showcase: inOrderOf([...showcaseSlugs], listed, (p) => p.slug),
  }
}

/** Pack sizes on sale with `threshold` units or fewer left, emptiest first (the dashboard's restock list). */
export async function lowStockOffers(db: Database, threshold: number, limit = 20) {
  const where = and(isNull(products.archivedAt), lte(variants.stock, threshold))
  const [rows, [total]] = await Promise.all([
    db
      .select({
        productId: products.id,
        slug: products.slug,
        name: products.name,
        category: products.category,
        size: variants.size,
        stock: variants.stock,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(where)
      .orderBy(asc(variants.stock), asc(products.name), asc(variants.size))
      .limit(limit),
    db.select({ n: count() }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(where),
  ])
  return { total: total!.n, offers: rows }
}
