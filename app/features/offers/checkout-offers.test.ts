import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { couponUses, coupons, invoices, orderLines, orders, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { createOrderSchema } from '../checkout/checkout-schemas'
import { advanceOrder } from '../orders/fulfilment.server'
import { CodRefusedError, CouponRefusedError } from '../checkout/orders.server'
import { quoteCart } from '../checkout/quote.server'
import { placePaidOrder, placeTestOrder, emptyOrdersAndCatalogue } from '../checkout/test-orders'
import { expireOverdueOrders } from '../payments/reconciliation.server'
import { confirmPayment } from '../payments/settle.server'
import { testPaymentProvider } from '../payments/test-provider.server'
import { DEFAULT_COD_RULES } from '../checkout/cash-on-delivery'
import type { PaymentSettings } from '../checkout/payment-settings'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { saveShopSettings } from '../settings/shop-settings.server'
import { TEST_SHOP_URL } from '../../../tests/support/test-shop-url'

// Issue 19 through checkout itself: createOrder prices the code, the prepaid offer and cash on delivery from the
// server's figures, takes the coupon's use in the order's transaction and refuses, changing nothing, what the rules
// refuse (decisions 042 and 043).

const PRODUCTS = 40

describe(`checkout with offers and cash on delivery on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  const provider = testPaymentProvider('test-secret-for-offers', () => handle.db)
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())

  beforeEach(async () => {
    await emptyOrdersAndCatalogue(db())
    // Forty products, one per racing checkout, so that they meet only at the coupon (not at a shared stock row).
    await db()
      .insert(products)
      .values([
        { id: 'tulsi-tea', slug: 'tulsi-tea', name: 'Tulsi Tea', description: 'd', category: 'herbal' },
        { id: 'dried-mango', slug: 'dried-mango', name: 'Freeze Dried Mango', description: 'd', category: 'freeze-dried-fruit' },
        ...Array.from({ length: PRODUCTS }, (_, i) => ({
          id: `spice-${i}`,
          slug: `spice-${i}`,
          name: `Spice ${i}`,
          description: 'd',
          category: 'spices' as const,
        })),
      ])
    await db()
      .insert(variants)
      .values([
        { productId: 'tulsi-tea', size: 'one', pricePaise: 25_000, stock: 20 },
        { productId: 'dried-mango', size: 'one', pricePaise: 45_000, stock: 20 },
        ...Array.from({ length: PRODUCTS }, (_, i) => ({ productId: `spice-${i}`, size: 'one' as const, pricePaise: 40_000, stock: 5 })),
      ])
  })

  const setPayments = (payments: Partial<PaymentSettings>) =>
    saveShopSettings(db(), { ...DEFAULT_SHOP_SETTINGS, payments: { ...DEFAULT_SHOP_SETTINGS.payments, ...payments } })
  const addCoupon = (values: Partial<typeof coupons.$inferInsert> & { code: string }) =>
    db()
      .insert(coupons)
      .values({ kind: 'percent', value: 1_000, ...values })
  const stockOf = async (productId: string) =>
    (await db().select({ stock: variants.stock }).from(variants).where(eq(variants.productId, productId)))[0]!.stock
  const orderCount = async () => (await db().select({ id: orders.id }).from(orders)).length

  it('an online order with a code: the coupon on the lines it names, the prepaid offer on the rest, lines that add up, one use taken', async () => {
    await addCoupon({ code: 'HERBAL10', categories: ['herbal'] })
    await setPayments({ prepaidOffer: { kind: 'percent', value: 500, maxDiscountPaise: 5_000 } })
    const order = await placeTestOrder(db(), provider, {
      items: [
        { productId: 'tulsi-tea', quantity: 2 },
        { productId: 'dried-mango', quantity: 1 },
      ],
      couponCode: ' herbal10 ',
    })
    // ₹500 of tea and ₹450 of mango: 10% off the tea is ₹50; 5% of the ₹900 left is ₹45 (under the ₹50 cap).
    expect(order).toMatchObject({
      status: 'pending_payment',
      paymentMethod: 'online',
      couponCode: 'HERBAL10',
      subtotalPaise: 95_000,
      couponDiscountPaise: 5_000,
      prepaidDiscountPaise: 4_500,
      deliveryPaise: 0,
      codFeePaise: 0,
      totalPaise: 85_500,
    })
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.productId))
    // The mango takes only its part of the prepaid discount: 45,000 / 90,000 of ₹45.
    expect(lines.map((l) => [l.productId, l.discountPaise])).toEqual([
      ['dried-mango', 2_250],
      ['tulsi-tea', 5_000 + 2_250],
    ])
    const [use] = await db().select().from(couponUses).where(eq(couponUses.orderId, order.id))
    expect(use).toMatchObject({ couponCode: 'HERBAL10', email: 'meena@example.in', discountPaise: 5_000, releasedAt: null })

    // Paid: the invoice taxes each line on what is left of it, and equals the order to the paisa.
    await confirmPayment(db(), TEST_SHOP_URL, order.providerOrderId!, `pay_${order.number}`)
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id))
    const document = invoice!.document as { totals: { totalPaise: number; taxablePaise: number }; lines: Array<{ discountPaise?: number }> }
    expect(document.totals.totalPaise).toBe(85_500)
    expect(document.lines.map((l) => l.discountPaise ?? 0).sort()).toEqual([2_250, 7_250])
  })

  it('40 checkouts at once with a code that has 10 uses left: exactly 10 orders with the discount, 30 refused with nothing kept', async () => {
    await addCoupon({ code: 'FIRST40', totalUses: 10 })
    const results = await Promise.allSettled(
      Array.from({ length: PRODUCTS }, (_, i) =>
        placeTestOrder(db(), provider, {
          items: [{ productId: `spice-${i}`, quantity: 1 }],
          email: `buyer${i}@example.in`,
          address: { phoneNumber: `98${String(i).padStart(8, '0')}` },
          couponCode: 'first40',
        }),
      ),
    )
    const placed = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(placed).toHaveLength(10)
    expect(refused).toHaveLength(30)
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(CouponRefusedError)
      expect(r.reason).toMatchObject({ refusal: 'used-up', message: 'This code has been used as many times as it can be.' })
    }
    expect(await orderCount()).toBe(10)
    expect((await db().select().from(couponUses)).length).toBe(10)
    // ₹400 less 10% is ₹360, over the ₹350 of free delivery.
    for (const r of placed) expect(r.value).toMatchObject({ couponDiscountPaise: 4_000, deliveryPaise: 0, totalPaise: 36_000 })
    // The refused checkouts took no stock: 10 units gone in all, from the 10 that were placed.
    const stock = await Promise.all(Array.from({ length: PRODUCTS }, (_, i) => stockOf(`spice-${i}`)))
    expect(stock.reduce((a, b) => a + b, 0)).toBe(PRODUCTS * 5 - 10)
  })

  it('one customer racing ten checkouts with a once-per-customer code, known by phone under two e-mails: one order gets it', async () => {
    await addCoupon({ code: 'ONCE', usesPerCustomer: 1 })
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        placeTestOrder(db(), provider, {
          items: [{ productId: `spice-${i}`, quantity: 1 }],
          email: i % 2 ? 'meena@example.in' : 'meena.r@example.in',
          address: { phoneNumber: '+91 98765 43210' },
          couponCode: 'ONCE',
        }),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
    expect(refusals).toHaveLength(9)
    for (const reason of refusals) expect(reason).toMatchObject({ refusal: 'used-by-customer' })
  })

  it('whatever the browser sends, the discount, the fee and the total are not part of the order it asks for', () => {
    const parsed = createOrderSchema.parse({
      items: [{ productId: 'tulsi-tea', quantity: 1 }],
      email: 'meena@example.in',
      shippingAddress: {
        fullName: 'Meena',
        buildingNumber: '4',
        streetName: 'Car Street',
        city: 'Salem',
        postalCode: '636001',
        state: 'Tamil Nadu',
        phoneNumber: '9876543210',
      },
      payment: 'cod',
      couponDiscountPaise: 25_000,
      prepaidDiscountPaise: 25_000,
      codFeePaise: 0,
      totalPaise: 1,
    })
    expect(parsed.payment).toBe('cod')
    expect(parsed).not.toHaveProperty('couponDiscountPaise')
    expect(parsed).not.toHaveProperty('prepaidDiscountPaise')
    expect(parsed).not.toHaveProperty('codFeePaise')
    expect(parsed).not.toHaveProperty('totalPaise')
  })

  it('cash on delivery: the fee is added, no prepaid discount, no payment opened, and the order waits for its confirmation', async () => {
    await setPayments({
      prepaidOffer: { kind: 'fixed', value: 5_000, maxDiscountPaise: null },
      cod: { ...DEFAULT_COD_RULES, feePaise: 3_000, confirmWithinHours: 48 },
    })
    const before = Date.now()
    const order = await placeTestOrder(db(), provider, { items: [{ productId: 'tulsi-tea', quantity: 1 }], payment: 'cod' })
    expect(order).toMatchObject({
      status: 'awaiting_confirmation',
      paymentMethod: 'cod',
      providerOrderId: null,
      subtotalPaise: 25_000,
      prepaidDiscountPaise: 0,
      deliveryPaise: 4_000,
      codFeePaise: 3_000,
      totalPaise: 32_000,
      nextPaymentCheckAt: null,
    })
    const hours = (order.expiresAt.getTime() - before) / 3_600_000
    expect(hours).toBeGreaterThan(47.9)
    expect(hours).toBeLessThan(48.1)
    expect(await stockOf('tulsi-tea')).toBe(19)
    // Paying online the same cart saves the ₹50 offer and the ₹30 fee: the quote says what each way costs.
    const quote = await quoteCart(db(), [{ productId: 'tulsi-tea', quantity: 1 }], '/media')
    expect(quote.paymentOptions).toEqual({
      online: {
        available: true,
        totalPaise: 24_000,
        couponDiscountPaise: 0,
        prepaidDiscountPaise: 5_000,
        codFeePaise: 0,
        couponMessage: null,
      },
      cod: {
        available: true,
        totalPaise: 32_000,
        couponDiscountPaise: 0,
        prepaidDiscountPaise: 0,
        codFeePaise: 3_000,
        couponMessage: null,
      },
    })
  })

  describe('each COD rule refuses with its own message and changes nothing', () => {
    const cases: Array<[string, Partial<typeof DEFAULT_COD_RULES>, string, RegExp]> = [
      ['switched off', { enabled: false }, 'off', /not offered at the moment/],
      ['below the minimum', { minOrderPaise: 50_000 }, 'below-minimum', /orders from ₹500: add ₹210 more/],
      ['above the maximum', { maxOrderPaise: 20_000 }, 'above-maximum', /orders up to ₹200/],
      ['a refused PIN prefix', { refusedPins: ['6250'] }, 'pin-refused', /not available for PIN code 625001/],
    ]
    for (const [name, rules, refusal, message] of cases) {
      it(name, async () => {
        await setPayments({ cod: { ...DEFAULT_COD_RULES, ...rules } })
        const attempt = placeTestOrder(db(), provider, { items: [{ productId: 'tulsi-tea', quantity: 1 }], payment: 'cod' })
        await expect(attempt).rejects.toBeInstanceOf(CodRefusedError)
        await expect(attempt).rejects.toMatchObject({ refusal, message: expect.stringMatching(message) })
        expect(await orderCount()).toBe(0)
        expect(await stockOf('tulsi-tea')).toBe(20)
      })
    }

    it('a customer with two parcels returned to origin, one prepaid, by phone under another e-mail', async () => {
      for (const [email, payment] of [
        ['meena@example.in', 'cod'],
        ['other@example.in', 'online'],
      ] as const) {
        const order = await placeTestOrder(db(), provider, { items: [{ productId: 'dried-mango', quantity: 1 }], payment, email })
        await db().update(orders).set({ status: 'returned_to_origin' }).where(eq(orders.id, order.id))
      }
      const attempt = placeTestOrder(db(), provider, {
        items: [{ productId: 'tulsi-tea', quantity: 1 }],
        payment: 'cod',
        email: 'third@example.in',
      })
      await expect(attempt).rejects.toMatchObject({
        refusal: 'too-many-returns',
        message: expect.stringMatching(/earlier parcels came back/),
      })
      expect(await stockOf('tulsi-tea')).toBe(20)
      // Paying online is still open to them.
      await expect(
        placeTestOrder(db(), provider, { items: [{ productId: 'tulsi-tea', quantity: 1 }], email: 'third@example.in' }),
      ).resolves.toMatchObject({ status: 'pending_payment' })
    })
  })

  it('a prepaid-only code refuses cash on delivery, and the quote says so beside the COD choice only', async () => {
    await addCoupon({ code: 'UPI50', kind: 'fixed', value: 5_000, prepaidOnly: true })
    const attempt = placeTestOrder(db(), provider, {
      items: [{ productId: 'tulsi-tea', quantity: 2 }],
      payment: 'cod',
      couponCode: 'UPI50',
    })
    await expect(attempt).rejects.toMatchObject({ refusal: 'prepaid-only' })
    const quote = await quoteCart(db(), [{ productId: 'tulsi-tea', quantity: 2 }], '/media', { couponCode: 'upi50' })
    expect(quote.coupon).toEqual({ applied: true, code: 'UPI50', discountPaise: 5_000 })
    expect(quote.totalPaise).toBe(45_000)
    expect(quote.paymentOptions.cod).toMatchObject({ available: true, couponDiscountPaise: 0, couponMessage: COUPON_PREPAID_ONLY })
  })

  it('an unknown code is not valid; an ended one says it ended (decision 072)', async () => {
    await addCoupon({ code: 'DIWALI', validUntil: new Date(Date.now() - 60_000) })
    const [unknown, expired] = await Promise.all(
      ['NOSUCH', 'DIWALI'].map((couponCode) => quoteCart(db(), [{ productId: 'tulsi-tea', quantity: 1 }], '/media', { couponCode })),
    )
    expect(unknown!.coupon).toMatchObject({ applied: false, refusal: 'not-valid' })
    expect(expired!.coupon).toMatchObject({ applied: false, refusal: 'expired', message: expect.stringMatching(/^This code ended on /) })
    expect(expired!.totalPaise).toBe(29_000)
    expect(unknown!.totalPaise).toBe(29_000)
  })

  it('an order that expires gives its coupon use back; paid after that, the use counts again', async () => {
    await addCoupon({ code: 'ONE', totalUses: 1 })
    const order = await placeTestOrder(db(), provider, {
      items: [{ productId: 'tulsi-tea', quantity: 1 }],
      couponCode: 'ONE',
      expiryMinutes: 1,
    })
    await expect(
      placeTestOrder(db(), provider, { items: [{ productId: 'dried-mango', quantity: 1 }], email: 'x@example.in', couponCode: 'ONE' }),
    ).rejects.toMatchObject({
      refusal: 'used-up',
    })
    expect(await expireOverdueOrders(db(), provider, TEST_SHOP_URL, new Date(Date.now() + 5 * 60_000))).toBe(1)
    const [released] = await db().select().from(couponUses).where(eq(couponUses.orderId, order.id))
    expect(released!.releasedAt).not.toBeNull()
    await confirmPayment(db(), TEST_SHOP_URL, order.providerOrderId!, 'pay_late')
    const [restored] = await db().select().from(couponUses).where(eq(couponUses.orderId, order.id))
    expect(restored!.releasedAt).toBeNull()
  })

  it('a paid order keeps its coupon; cancelling it before dispatch gives the use back', async () => {
    await addCoupon({ code: 'TEN', totalUses: 1 })
    const paid = await placePaidOrder(db(), provider, { items: [{ productId: 'tulsi-tea', quantity: 2 }], couponCode: 'TEN' })
    expect(paid.couponDiscountPaise).toBe(5_000)
    await advanceOrder(db(), TEST_SHOP_URL, paid.id, { step: 'cancel', reason: 'Customer asked' }, 'owner@example.in')
    const [use] = await db().select().from(couponUses).where(eq(couponUses.orderId, paid.id))
    expect(use!.releasedAt).not.toBeNull()
  })
})

const COUPON_PREPAID_ONLY = 'This code is for orders paid online. Choose Pay online to use it.'
