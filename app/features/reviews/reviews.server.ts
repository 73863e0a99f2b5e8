import { and, count, desc, eq, exists, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { z } from '~/zod'
import type { Database } from '~/db/client.server'
import { type OrderStatus, orderLines, orders, products, reviews, users } from '~/db/schema'
import { authorName, type RatingSummary, ratingSummaryOf } from './review'
import type { ReviewInput } from './review-schema'
import { m } from '~/i18n/paraglide/messages.js'

/** Orders whose money the shop has: their products were bought. Pending, expired and cancelled ones were not. */
export const PURCHASED_STATUSES: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered']

/** How many reviews a product page lists, newest first; the summary counts them all. */
export const REVIEWS_PER_PAGE = 50

/** The product is not in the shop (never was, or archived): it cannot be reviewed. */
export class ReviewedProductNotFoundError extends Error {
  constructor(readonly productId: string) {
    super(m.reviews_no_such_product({ productId }))
  }
}

/** Who writes a review: the signed-in customer. */
export type ReviewAuthor = { id: string; email: string; emailVerified: boolean }

/**
 * Writes the customer's review of a product, or replaces their earlier one (one per customer and product: the
 * unique index decides, so two posts at once still leave one). "Verified purchase" is settled now, from the paid
 * orders placed with the account's address, and only once the customer has confirmed that address: anyone can
 * sign up with any address, and its orders are not theirs until then (the rule of My orders too). An edit keeps
 * the admin's decision: a hidden review stays hidden.
 */
export async function writeReview(db: Database, author: ReviewAuthor, productId: string, input: ReviewInput) {
  const bought = exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(
        and(
          eq(orderLines.productId, products.id),
          // Checkout keeps the address as typed; accounts keep it in lower case.
          eq(sql`lower(${orders.email})`, author.email.toLowerCase()),
          inArray(orders.status, [...PURCHASED_STATUSES]),
        ),
      ),
  )
  const written = exists(
    db
      .select({ one: sql`1` })
      .from(reviews)
      .where(and(eq(reviews.productId, products.id), eq(reviews.userId, author.id))),
  )
  const [product] = await db
    .select({ bought: sql<boolean>`${bought}`, written: sql<boolean>`${written}` })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)))
  if (!product) throw new ReviewedProductNotFoundError(productId)

  const verifiedPurchase = author.emailVerified && product.bought
  const [row] = await db
    .insert(reviews)
    .values({ productId, userId: author.id, rating: input.rating, body: input.body, verifiedPurchase })
    .onConflictDoUpdate({
      target: [reviews.productId, reviews.userId],
      // Not hiddenAt / hiddenBy: the author's edit does not undo the admin's hiding.
      set: { rating: input.rating, body: input.body, verifiedPurchase, updatedAt: sql`now()` },
    })
    .returning({ id: reviews.id, hiddenAt: reviews.hiddenAt })
  return { id: row!.id, created: !product.written, verifiedPurchase, hidden: row!.hiddenAt !== null }
}

const visibleReviewsOf = (productId: string) => and(eq(reviews.productId, productId), isNull(reviews.hiddenAt))

/**
 * A product page's reviews: the newest visible ones with their authors' names (never their addresses), and the
 * summary of all visible ones, in one query (the window sums run before the limit). With `viewerId`, also the
 * viewer's own review, hidden or not, for the form to edit.
 */
export async function productReviews(db: Database, productId: string, viewerId: string | null, limit = REVIEWS_PER_PAGE) {
  const [rows, mine] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        body: reviews.body,
        verifiedPurchase: reviews.verifiedPurchase,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
        username: users.username,
        name: users.name,
        total: sql<number>`count(*) over ()`.mapWith(Number),
        ratingSum: sql<number>`sum(${reviews.rating}) over ()`.mapWith(Number),
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(visibleReviewsOf(productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit),
    viewerId ? customerReview(db, productId, viewerId) : null,
  ])
  return {
    summary: rows.length ? ratingSummaryOf(rows[0]!.total, rows[0]!.ratingSum) : null,
    reviews: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      body: r.body,
      verifiedPurchase: r.verifiedPurchase,
      createdAt: r.createdAt,
      edited: r.updatedAt.getTime() - r.createdAt.getTime() > 60_000,
      author: authorName(r.username, r.name),
    })),
    mine,
  }
}

export type ProductReviews = Awaited<ReturnType<typeof productReviews>>
export type ShownReview = ProductReviews['reviews'][number]

/** The customer's own review of the product, hidden or not (their form shows it), or null. */
export async function customerReview(db: Database, productId: string, userId: string) {
  const [row] = await db
    .select({
      rating: reviews.rating,
      body: reviews.body,
      verifiedPurchase: reviews.verifiedPurchase,
      hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
  return row ?? null
}

/**
 * The rating summaries of many products (a shelf, the home page's showcases) in one grouped query, keyed by
 * product id; products without visible reviews are left out.
 */
export async function ratingSummaries(db: Database, productIds: readonly string[]): Promise<Record<string, RatingSummary>> {
  if (productIds.length === 0) return {}
  const rows = await db
    .select({ productId: reviews.productId, count: count(), sum: sql<number>`sum(${reviews.rating})`.mapWith(Number) })
    .from(reviews)
    .where(and(inArray(reviews.productId, [...new Set(productIds)]), isNull(reviews.hiddenAt)))
    .groupBy(reviews.productId)
  const out: Record<string, RatingSummary> = {}
  for (const row of rows) {
    const summary = ratingSummaryOf(row.count, row.sum)
    if (summary) out[row.productId] = summary
  }
  return out
}

/** One product's rating summary (average to one decimal, count of visible reviews), or null without reviews. */
export async function ratingSummary(db: Database, productId: string): Promise<RatingSummary | null> {
  return (await ratingSummaries(db, [productId]))[productId] ?? null
}

// The admin's side.

export const reviewListQuerySchema = z.object({ show: z.enum(['all', 'hidden']).catch('all') })

/** Recent reviews for the admin, newest first, hidden ones included (or only those), with product and author. */
export async function listReviewsForAdmin(db: Database, query: z.infer<typeof reviewListQuerySchema>, limit = 200) {
  const where: SQL | undefined = query.show === 'hidden' ? isNotNull(reviews.hiddenAt) : undefined
  const [rows, [hidden]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        body: reviews.body,
        verifiedPurchase: reviews.verifiedPurchase,
        hiddenAt: reviews.hiddenAt,
        hiddenBy: reviews.hiddenBy,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
        product: {
          id: products.id,
          slug: products.slug,
          name: products.name,
          category: products.category,
          archivedAt: products.archivedAt,
        },
        username: users.username,
        name: users.name,
        email: users.email,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit),
    db.select({ n: count() }).from(reviews).where(isNotNull(reviews.hiddenAt)),
  ])
  return {
    hidden: hidden!.n,
    reviews: rows.map(({ username, name, ...r }) => ({ ...r, author: authorName(username, name) })),
  }
}

const unknownReview = { error: () => m.reviews_unknown_review() }

export const reviewHidingSchema = z.object({
  reviewId: z.coerce.number(unknownReview).int(unknownReview).min(1, unknownReview).max(2_147_483_647, unknownReview),
  hidden: z.enum(['true', 'false'], { error: () => m.reviews_unknown_action() }).transform((v) => v === 'true'),
})

/** Hides a review from the shop (recording which admin did), or shows it again. False when there is no such review. */
export async function setReviewHidden(db: Database, change: z.infer<typeof reviewHidingSchema>, actor: string) {
  const [row] = await db
    .update(reviews)
    .set(
      change.hidden
        ? { hiddenAt: sql`coalesce(${reviews.hiddenAt}, now())`, hiddenBy: sql`coalesce(${reviews.hiddenBy}, ${actor})` }
        : { hiddenAt: null, hiddenBy: null },
    )
    .where(eq(reviews.id, change.reviewId))
    .returning({ id: reviews.id })
  return Boolean(row)
}
