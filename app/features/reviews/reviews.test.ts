import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { countQueries, queriesOf } from '~/db/query-count.server'
import { orders, products, reviews, users, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import type { CreateOrderInput } from '../checkout/checkout-schemas'
import { advanceOrder } from '../orders/fulfilment.server'
import { confirmPayment } from '../payments/settle.server'
import { placePaidOrder, placeTestOrder } from '../checkout/test-orders'
import { testPaymentProvider } from '../payments/test-provider.server'
import { authorName, REVIEW_LIMITS, ratingLabel } from './review'
import { formErrorsOf } from '~/http/form-result'
import { RATING_ERROR, reviewInputSchema } from './review-schema'
import {
  listReviewsForAdmin,
  productReviews,
  ratingSummaries,
  ratingSummary,
  ReviewedProductNotFoundError,
  reviewHidingSchema,
  setReviewHidden,
  writeReview,
} from './reviews.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

describe('review input', () => {
  it('takes a rating of 1 to 5 and a trimmed text, line breaks kept', () => {
    expect(reviewInputSchema.parse({ rating: '4', body: '  Crisp and sweet.\r\nWill buy again.  ' })).toEqual({
      rating: 4,
      body: 'Crisp and sweet.\nWill buy again.',
    })
    expect(reviewInputSchema.parse({ rating: 5, body: 'Lovely' }).rating).toBe(5)
  })

  it.each([
    [{ rating: '0', body: 'Good' }, { rating: RATING_ERROR }],
    [{ rating: '6', body: 'Good' }, { rating: RATING_ERROR }],
    [{ rating: 'x', body: 'Good' }, { rating: RATING_ERROR }],
    [{ rating: '3.5', body: 'Good' }, { rating: RATING_ERROR }],
    [{ body: 'Good' }, { rating: RATING_ERROR }],
    [{ rating: '3', body: '   ' }, { body: `Write at least ${REVIEW_LIMITS.bodyMin} characters about the product` }],
    [{ rating: '3', body: 'ok' }, { body: `Write at least ${REVIEW_LIMITS.bodyMin} characters about the product` }],
    [
      { rating: '3', body: 'x'.repeat(REVIEW_LIMITS.bodyMax + 1) },
      { body: `Keep the review to ${REVIEW_LIMITS.bodyMax} characters or fewer` },
    ],
    [{ rating: '3', body: 'Good\u0000stuff' }, { body: 'Use letters, digits, punctuation and line breaks only' }],
    [{ rating: '3' }, { body: 'Write a few words about the product' }],
  ])('refuses %j', (input, errors) => {
    const result = reviewInputSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(formErrorsOf(result.error!).fieldErrors).toEqual(errors)
  })

  it('accepts the longest review', () => {
    expect(reviewInputSchema.safeParse({ rating: '1', body: 'y'.repeat(REVIEW_LIMITS.bodyMax) }).success).toBe(true)
  })

  it('signs reviews with a name, never an e-mail address', () => {
    expect(authorName('Meena', 'Meena S')).toBe('Meena')
    expect(authorName('  ', 'Kavya R')).toBe('Kavya R')
    expect(authorName('', 'kavya@example.in')).toBe('kavya')
    expect(authorName('', '')).toBe('A customer')
    expect(authorName('@example.in', '')).toBe('A customer')
  })

  it('says the rating in words', () => {
    expect(ratingLabel({ average: 4.5, count: 12 })).toBe('Rated 4.5 out of 5 from 12 reviews')
    expect(ratingLabel({ average: 3, count: 1 })).toBe('Rated 3 out of 5 from 1 review')
  })
})

describe(`reviews on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const provider = testPaymentProvider('test-secret-for-reviews', () => handle.db)
  const db = () => handle.db
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  // Meena has confirmed her address; Ravi has not; Kavya is a third customer.
  const meena = { id: 'u-meena', email: 'meena@example.in', emailVerified: true }
  const ravi = { id: 'u-ravi', email: 'ravi@example.in', emailVerified: false }
  const kavya = { id: 'u-kavya', email: 'kavya@example.in', emailVerified: true }

  beforeEach(async () => {
    await db().delete(reviews)
    await db().delete(orders)
    await db().delete(products)
    await db().delete(users)
    await db()
      .insert(users)
      .values([
        { id: meena.id, name: 'Meena Sundaram', username: 'Meena', email: meena.email, emailVerified: true },
        { id: ravi.id, name: 'Ravi', username: '', email: ravi.email },
        { id: kavya.id, name: 'kavya@example.in', username: '', email: kavya.email, emailVerified: true },
      ])
    await db()
      .insert(products)
      .values([
        { id: 'ragi-biscuit', slug: 'ragi-biscuit', name: 'Ragi Biscuit', description: 'd', category: 'herbal' },
        { id: 'dried-mango', slug: 'dried-mango', name: 'Freeze Dried Mango', description: 'd', category: 'freeze-dried-fruit' },
        { id: 'old-pickle', slug: 'old-pickle', name: 'Old Pickle', description: 'd', category: 'thokku', archivedAt: new Date() },
      ])
    await db()
      .insert(variants)
      .values([
        { productId: 'ragi-biscuit', size: 'one', pricePaise: 12000, stock: 50 },
        { productId: 'dried-mango', size: '250g', pricePaise: 30000, stock: 50 },
        { productId: 'old-pickle', size: 'one', pricePaise: 9000, stock: 5 },
      ])
  })

  const order = (email: string, items: CreateOrderInput['items'], paid = true) =>
    (paid ? placePaidOrder : placeTestOrder)(db(), provider, { items, email })

  const review = (rating: number, body = 'Tastes like home.') => ({ rating, body })
  const rowOf = async (userId: string, productId: string) =>
    (await db().select().from(reviews).where(eq(reviews.userId, userId))).find((r) => r.productId === productId)

  it('writes a review, and a second post edits it: one per customer and product', async () => {
    const first = await writeReview(db(), meena, 'ragi-biscuit', review(4, 'Crunchy.'))
    expect(first).toMatchObject({ created: true, verifiedPurchase: false, hidden: false })
    const second = await writeReview(db(), meena, 'ragi-biscuit', review(2, 'Went soft in a week.'))
    expect(second).toMatchObject({ id: first.id, created: false })

    const rows = await db().select().from(reviews)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ rating: 2, body: 'Went soft in a week.', userId: meena.id, productId: 'ragi-biscuit' })
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.createdAt.getTime())

    // Another product, another customer: separate reviews.
    await writeReview(db(), meena, 'dried-mango', review(5))
    await writeReview(db(), kavya, 'ragi-biscuit', review(5))
    expect(await db().select().from(reviews)).toHaveLength(3)
  })

  it('two posts at once by the same customer still leave one review', async () => {
    await Promise.all([writeReview(db(), meena, 'ragi-biscuit', review(3)), writeReview(db(), meena, 'ragi-biscuit', review(5))])
    expect(await db().select().from(reviews)).toHaveLength(1)
  })

  it('refuses unknown and archived products', async () => {
    await expect(writeReview(db(), meena, 'no-such-thing', review(4))).rejects.toBeInstanceOf(ReviewedProductNotFoundError)
    await expect(writeReview(db(), meena, 'old-pickle', review(4))).rejects.toBeInstanceOf(ReviewedProductNotFoundError)
    expect(await db().select().from(reviews)).toHaveLength(0)
  })

  it('marks a verified purchase only for paid orders of the product, placed with a confirmed address', async () => {
    // Paid, with the address in another case: verified.
    await order('Meena@Example.in', [{ productId: 'ragi-biscuit', quantity: 1 }])
    expect((await writeReview(db(), meena, 'ragi-biscuit', review(5))).verifiedPurchase).toBe(true)
    // Bought something else only: not verified for this product.
    expect((await writeReview(db(), meena, 'dried-mango', review(4))).verifiedPurchase).toBe(false)

    // An unpaid order does not count; once paid and shipped, the next edit is verified.
    const pending = await order(kavya.email, [{ productId: 'dried-mango', quantity: 1, size: '250g' }], false)
    expect((await writeReview(db(), kavya, 'dried-mango', review(3))).verifiedPurchase).toBe(false)
    await confirmPayment(db(), TEST_SHOP_URL, pending.providerOrderId!, 'pay_kavya')
    await advanceOrder(db(), TEST_SHOP_URL, pending.id, { step: 'pack' }, 'owner@example.com')
    await advanceOrder(db(), TEST_SHOP_URL, pending.id, { step: 'ship', courier: 'DTDC', trackingNumber: 'D123456' }, 'owner@example.com')
    expect((await writeReview(db(), kavya, 'dried-mango', review(3))).verifiedPurchase).toBe(true)
    expect((await rowOf(kavya.id, 'dried-mango'))!.verifiedPurchase).toBe(true)

    // A cancelled order does not count.
    const cancelled = await order('ravi@example.in', [{ productId: 'ragi-biscuit', quantity: 1 }])
    await advanceOrder(db(), TEST_SHOP_URL, cancelled.id, { step: 'cancel', reason: 'Customer asked.' }, 'owner@example.com')
    expect((await writeReview(db(), { ...ravi, emailVerified: true }, 'ragi-biscuit', review(3))).verifiedPurchase).toBe(false)

    // Ravi pays for one, but has not confirmed his address: anyone could have signed up with it.
    await order(ravi.email, [{ productId: 'dried-mango', quantity: 1, size: '250g' }])
    expect((await writeReview(db(), ravi, 'dried-mango', review(4))).verifiedPurchase).toBe(false)
    expect((await writeReview(db(), { ...ravi, emailVerified: true }, 'dried-mango', review(4))).verifiedPurchase).toBe(true)
  })

  it('lists visible reviews newest first with names, and sums them up; hidden ones are left out of both', async () => {
    await order(meena.email, [{ productId: 'ragi-biscuit', quantity: 1 }])
    await writeReview(db(), meena, 'ragi-biscuit', review(5, 'Best biscuit.'))
    await writeReview(db(), ravi, 'ragi-biscuit', review(4, 'Good with tea.'))
    await writeReview(db(), kavya, 'ragi-biscuit', review(4, 'Nice.'))
    // Written in that order within a millisecond or so: make their times distinct.
    await db()
      .update(reviews)
      .set({ createdAt: new Date('2026-01-01T10:00:00Z') })
      .where(eq(reviews.userId, meena.id))
    await db()
      .update(reviews)
      .set({ createdAt: new Date('2026-01-02T10:00:00Z') })
      .where(eq(reviews.userId, ravi.id))
    await db()
      .update(reviews)
      .set({ createdAt: new Date('2026-01-03T10:00:00Z') })
      .where(eq(reviews.userId, kavya.id))

    const page = await productReviews(db(), 'ragi-biscuit', null)
    expect(page.summary).toEqual({ average: 4.3, count: 3 })
    expect(page.reviews.map((r) => [r.author, r.rating, r.verifiedPurchase])).toEqual([
      ['kavya', 4, false],
      ['Ravi', 4, false],
      ['Meena', 5, true],
    ])
    expect(JSON.stringify(page)).not.toContain('@example.in')
    expect(page.mine).toBeNull()
    expect(await ratingSummary(db(), 'ragi-biscuit')).toEqual({ average: 4.3, count: 3 })

    const kavyaReview = (await rowOf(kavya.id, 'ragi-biscuit'))!
    expect(await setReviewHidden(db(), { reviewId: kavyaReview.id, hidden: true }, 'owner@example.com')).toBe(true)
    const after = await productReviews(db(), 'ragi-biscuit', kavya.id)
    expect(after.summary).toEqual({ average: 4.5, count: 2 })
    expect(after.reviews.map((r) => r.author)).toEqual(['Ravi', 'Meena'])
    // Its author still sees it, to edit, and is told it is hidden.
    expect(after.mine).toMatchObject({ rating: 4, body: 'Nice.', hidden: true })
    expect(await ratingSummary(db(), 'ragi-biscuit')).toEqual({ average: 4.5, count: 2 })
    expect(await ratingSummaries(db(), ['ragi-biscuit'])).toEqual({ 'ragi-biscuit': { average: 4.5, count: 2 } })

    // A page shows the newest few, but the summary counts them all.
    const firstOnly = await productReviews(db(), 'ragi-biscuit', null, 1)
    expect(firstOnly.reviews.map((r) => r.author)).toEqual(['Ravi'])
    expect(firstOnly.summary).toEqual({ average: 4.5, count: 2 })

    // No visible reviews: no summary.
    expect(await productReviews(db(), 'dried-mango', null)).toMatchObject({ summary: null, reviews: [] })
    expect(await ratingSummary(db(), 'dried-mango')).toBeNull()
  })

  it('a hidden review stays hidden when its author edits it, until an admin shows it again', async () => {
    const { id } = await writeReview(db(), ravi, 'dried-mango', review(1, 'Rude words.'))
    await setReviewHidden(db(), { reviewId: id, hidden: true }, 'owner@example.com')
    const edited = await writeReview(db(), ravi, 'dried-mango', review(2, 'Polite words.'))
    expect(edited).toMatchObject({ id, created: false, hidden: true })
    const row = (await rowOf(ravi.id, 'dried-mango'))!
    expect(row).toMatchObject({ rating: 2, body: 'Polite words.', hiddenBy: 'owner@example.com' })
    expect(row.hiddenAt).toBeInstanceOf(Date)
    expect((await productReviews(db(), 'dried-mango', null)).reviews).toEqual([])

    // Hiding again keeps who hid it first; showing clears both.
    await setReviewHidden(db(), { reviewId: id, hidden: true }, 'other-admin@example.com')
    expect((await rowOf(ravi.id, 'dried-mango'))!.hiddenBy).toBe('owner@example.com')
    await setReviewHidden(db(), { reviewId: id, hidden: false }, 'owner@example.com')
    expect(await rowOf(ravi.id, 'dried-mango')).toMatchObject({ hiddenAt: null, hiddenBy: null })
    expect((await productReviews(db(), 'dried-mango', null)).reviews.map((r) => r.body)).toEqual(['Polite words.'])
    expect(await setReviewHidden(db(), { reviewId: 999_999, hidden: true }, 'owner@example.com')).toBe(false)
  })

  it('sums up a whole shelf in one query, however many products it has', async () => {
    await writeReview(db(), meena, 'ragi-biscuit', review(5))
    await writeReview(db(), ravi, 'ragi-biscuit', review(2))
    await writeReview(db(), kavya, 'dried-mango', review(3))
    const ids = ['ragi-biscuit', 'dried-mango', 'old-pickle', ...Array.from({ length: 200 }, (_, i) => `absent-${i}`)]

    const marker = {}
    const summaries = await countQueries(marker, () => ratingSummaries(db(), ids))
    expect(queriesOf(marker)).toBe(1)
    expect(summaries).toEqual({ 'ragi-biscuit': { average: 3.5, count: 2 }, 'dried-mango': { average: 3, count: 1 } })

    const none = {}
    expect(await countQueries(none, () => ratingSummaries(db(), []))).toEqual({})
    expect(queriesOf(none)).toBe(0)

    // A product page: its list and summary together in one query too.
    const page = {}
    await countQueries(page, () => productReviews(db(), 'ragi-biscuit', null))
    expect(queriesOf(page)).toBe(1)
  })

  it('lists every review for the admin, hidden ones marked, with product and author', async () => {
    const { id } = await writeReview(db(), meena, 'ragi-biscuit', review(5, 'Best biscuit.'))
    await writeReview(db(), ravi, 'dried-mango', review(1, 'Meh.'))
    await setReviewHidden(db(), { reviewId: id, hidden: true }, 'owner@example.com')

    const all = await listReviewsForAdmin(db(), { show: 'all' })
    expect(all.hidden).toBe(1)
    expect(all.reviews).toHaveLength(2)
    expect(all.reviews.find((r) => r.id === id)).toMatchObject({
      author: 'Meena',
      email: meena.email,
      hiddenBy: 'owner@example.com',
      product: { id: 'ragi-biscuit', name: 'Ragi Biscuit' },
    })
    const hidden = await listReviewsForAdmin(db(), { show: 'hidden' })
    expect(hidden.reviews.map((r) => r.id)).toEqual([id])
  })

  it('parses the admin form strictly', () => {
    expect(reviewHidingSchema.parse({ reviewId: '12', hidden: 'true' })).toEqual({ reviewId: 12, hidden: true })
    for (const bad of [{ reviewId: 'x', hidden: 'true' }, { reviewId: '0', hidden: 'true' }, { reviewId: '3', hidden: 'yes' }, {}]) {
      expect(reviewHidingSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})
