import { inOrderLanguage, inOwnerLanguage } from '~/i18n/language.server'
import { currentLanguage } from '~/i18n/language'
import crypto from 'node:crypto'
import { and, eq, gte, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderEvents, orderLines, orders, products, variants } from '~/db/schema'
import type { PaymentProvider } from '../payments/provider'
import { getShopSettings } from '../settings/shop-settings.server'
import type { CreateOrderInput } from './checkout-schemas'
import { mailableOrder } from '../orders/order-mails'
import { hashBuyerToken, orderWithLines } from '../orders/order-lookup.server'
import { orderNumberLabel } from '../orders/order-number'
import { codOrderPlacedMail, ownerCodOrderNotice } from './cod-mails'
import { codConfirmationSecret, codConfirmationToken } from './cod-confirmation.server'
import { codConfirmationUrl } from '../tracking/track-link'
import { enqueueMail } from '../mail/outbox.server'
import type { CodRefusal } from './cash-on-delivery'
import { priceChoice } from '../offers/checkout-offers.server'
import { couponCustomerOf, recordCouponUse } from '../offers/coupon-uses.server'
import type { PaymentChoice } from '../offers/order-pricing'
import type { CouponRefusal } from '../offers/coupons'
import { mergeItems } from './quote.server'
import { applyReservationLimits } from './reservation-limits.server'
import { log } from '~/log.server'
import { recordStockChange } from '../stock/ledger.server'
import { nextCheckAt } from '../payments/reconciliation.server'
import { sameSecret } from '../settings/app-secrets.server'
import { cartWeightGrams } from '../shipping/weights.server'
import { type CourierRatesLookup, estimateDelivery } from '../shipping/delivery-estimate'
import { zoneOfPin } from '../shipping/zones'
import { m } from '~/i18n/paraglide/messages.js'

export type ShortLine = { productId: string; size: string | null; requested: number; available: number; reason: 'gone' | 'short' }

export class OutOfStockError extends Error {
  constructor(readonly lines: ShortLine[]) {
    super(m.checkout_items_short())
  }
}

/**
 * Creates an order and reserves its stock in one transaction: each variant's stock is lowered only if enough
 * is left, so two customers can never take the last unit twice. If any line falls short, nothing is reserved.
 * The provider's order is created afterwards (no network call while rows are locked); if that fails the order
 * stays pending and a retry with the same checkout key completes it. `shopUrl` (PUBLIC_URL) is where a cash-on-delivery
 * order's mail links to.
 */
export async function createOrder(
  db: Database,
  provider: PaymentProvider,
  shopUrl: string,
  input: Omit<CreateOrderInput, 'couponCode' | 'payment'> & {
    /** The code typed (decision 042); a code that does not apply refuses the order (CouponRefusedError). */
    couponCode?: string
    /** Online unless said; cash on delivery is checked against the owner's rules (CodRefusedError). */
    payment?: PaymentChoice
    buyerToken: string
    expiryMinutes: number
    clientAddress?: string | null
    buyerTokenIsNew?: boolean
    /** When the payment reconciliation looks the order up, in minutes after it is placed (PAYMENT_CHECK_MINUTES). */
    paymentCheckMinutes?: number[]
    /** The courier's answers for a PIN (cached), when a courier is set up: the promised date is then the courier's. */
    courierRates?: CourierRatesLookup
  },
) {
  const buyerTokenHash = hashBuyerToken(input.buyerToken)
  const payment = input.payment ?? 'online'
  const checkoutKey = input.checkoutKey ?? crypto.randomBytes(16).toString('base64url')

  let order = await findByCheckoutKey(db, checkoutKey, buyerTokenHash, input.buyerTokenIsNew ?? false)
  if (!order) {
    const id = crypto.randomBytes(16).toString('base64url')
    // Lock rows in one order everywhere, so concurrent checkouts cannot deadlock.
    const items = mergeItems(input.items).sort((a, b) =>
      `${a.productId}:${a.size ?? 'one'}`.localeCompare(`${b.productId}:${b.size ?? 'one'}`),
    )
    // Read per order from the database, so every server applies what the owner last saved (decision 024).
    const settings = await getShopSettings(db)
    // The confirmation link's secret, made outside the transaction the first time it is needed.
    const confirmSecret = payment === 'cod' ? await codConfirmationSecret(db) : null
    // The parcel and its promised date before the transaction: the courier may be asked, and no row waits on it. The
    // estimate is the one the customer saw (the same rules, and the courier's cached answer).
    const postalCode = input.shippingAddress.postalCode
    const parcel = { weightGrams: await cartWeightGrams(db, items), zone: zoneOfPin(postalCode, settings.gstState) }
    const promise = await estimateDelivery({
      pin: postalCode,
      weightGrams: parcel.weightGrams,
      cod: payment === 'cod',
      now: new Date(),
      shop: { gstState: settings.gstState, deliveryDays: settings.deliveryDays, cod: settings.payments.cod },
      courierRates: input.courierRates,
      onCourierError: (error) =>
        log.warn({ err: error }, 'createOrder: the courier could not be asked for a date; the zone’s days promise it'),
    })
    await db.transaction(async (tx) => {
      const short: ShortLine[] = []
      const lines: Array<typeof orderLines.$inferInsert> = []
      const categories: string[] = []
      for (const item of items) {
        const size = item.size ?? 'one'
        const onSale = sql`exists (select 1 from ${products} where ${products.id} = ${variants.productId} and ${products.archivedAt} is null)`
        const [taken] = await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} - ${item.quantity}` })
          .where(and(eq(variants.productId, item.productId), eq(variants.size, size), gte(variants.stock, item.quantity), onSale))
          .returning({ pricePaise: variants.pricePaise, stock: variants.stock })
        if (taken)
          await recordStockChange(tx, {
            productId: item.productId,
            size,
            change: -item.quantity,
            stockAfter: taken.stock,
            reason: 'reserved',
            orderId: id,
          })
        if (!taken) {
          const [left] = await tx
            .select({ stock: variants.stock })
            .from(variants)
            .where(and(eq(variants.productId, item.productId), eq(variants.size, size), onSale))
          short.push({
            productId: item.productId,
            size: item.size ?? null,
            requested: item.quantity,
            available: left?.stock ?? 0,
            reason: left ? 'short' : 'gone',
          })
          continue
        }
        const [product] = await tx
          .select({ name: products.name, category: products.category })
          .from(products)
          .where(eq(products.id, item.productId))
        lines.push({
          orderId: id,
          productId: item.productId,
          size,
          name: product!.name,
          unitPricePaise: taken.pricePaise,
          quantity: item.quantity,
        })
        categories.push(product!.category)
      }
      if (short.length) throw new OutOfStockError(short)
      // After the stock: a line that is short is better answered with what is left.
      await applyReservationLimits(
        tx,
        items,
        { clientAddress: input.clientAddress, email: input.email, phone: input.shippingAddress.phoneNumber },
        settings,
      )
      const placedAt = new Date()
      // The discounts, the fee and cash on delivery's rules, priced here from the server's figures (decision 042); the
      // coupon's row is locked, so orders placed at once take its uses one after another.
      const customer = couponCustomerOf(input.email, input.shippingAddress.phoneNumber)
      const choice = await priceChoice(tx, {
        lines: lines.map((l, i) => ({ productId: l.productId, category: categories[i]!, totalPaise: l.unitPricePaise * l.quantity })),
        settings,
        couponCode: input.couponCode ?? null,
        payment,
        customer,
        postalCode: input.shippingAddress.postalCode,
        parcel,
        at: placedAt,
        lock: true,
      })
      if (choice.coupon && !choice.coupon.ok) throw new CouponRefusedError(choice.coupon.refusal, choice.coupon.message)
      if (choice.cod && !choice.cod.ok) throw new CodRefusedError(choice.cod.refusal, choice.cod.message)
      const { priced } = choice
      const cod = payment === 'cod'
      // A COD order waits for the customer's confirmation (decision 043); an online one for its payment.
      const expiresAt = new Date(placedAt.getTime() + (cod ? settings.payments.cod.confirmWithinHours * 60 : input.expiryMinutes) * 60_000)
      const [placed] = await tx
        .insert(orders)
        .values({
          id,
          // The owner's prefix of the moment (decision 070): the order keeps it.
          numberPrefix: settings.orderPrefix,
          status: cod ? 'awaiting_confirmation' : 'pending_payment',
          // The language it is placed in: its mails and papers are in it (decision 074).
          language: currentLanguage(),
          email: input.email,
          shippingAddress: input.shippingAddress,
          subtotalPaise: priced.subtotalPaise,
          couponDiscountPaise: priced.couponDiscountPaise,
          prepaidDiscountPaise: priced.prepaidDiscountPaise,
          deliveryPaise: priced.deliveryPaise,
          codFeePaise: priced.codFeePaise,
          totalPaise: priced.totalPaise,
          promisedBy: promise.by,
          paymentMethod: payment,
          couponCode: choice.coupon?.ok ? choice.coupon.code! : null,
          provider: provider.name,
          buyerTokenHash,
          checkoutKey,
          clientAddress: input.clientAddress ?? null,
          createdAt: placedAt,
          expiresAt,
          nextPaymentCheckAt: cod ? null : nextCheckAt(placedAt, expiresAt, placedAt, input.paymentCheckMinutes),
        })
        .returning()
      await tx.insert(orderLines).values(lines.map((line, i) => ({ ...line, discountPaise: priced.lineDiscountsPaise[i]! })))
      if (choice.coupon?.ok) {
        await recordCouponUse(tx, {
          orderId: id,
          code: choice.coupon.code!,
          customer,
          discountPaise: choice.coupon.discountPaise,
          at: placedAt,
        })
      }
      if (cod) {
        await tx
          .insert(orderEvents)
          .values({ orderId: id, status: 'awaiting_confirmation', note: 'Order placed, cash on delivery: waiting for confirmation' })
        // The mail with the confirmation link, in the order's transaction: an order is never left without it.
        const forMail = mailableOrder(
          placed!,
          lines.map((l) => ({ ...l, size: l.size! })),
        )
        await enqueueMail(
          tx,
          inOrderLanguage(placed!, () =>
            codOrderPlacedMail(forMail, shopUrl, settings, codConfirmationUrl(shopUrl, id, codConfirmationToken(confirmSecret!, id))),
          ),
        )
        await enqueueMail(
          tx,
          inOwnerLanguage(() => ownerCodOrderNotice(forMail, settings)),
        )
      } else {
        await tx.insert(orderEvents).values({ orderId: id, status: 'pending_payment', note: 'Order placed' })
      }
    })
    order = (await orderWithLines(db, id))!
  }

  if (order.status === 'pending_payment' && !order.providerOrderId) {
    const { providerOrderId } = await provider.createOrder({
      amountPaise: order.totalPaise,
      receipt: orderNumberLabel(order),
      notes: { orderId: order.id },
    })
    await db.update(orders).set({ providerOrderId, updatedAt: new Date() }).where(eq(orders.id, order.id))
    order = { ...order, providerOrderId }
  }
  return order
}

/**
 * The order this checkout key already made, for the browser that made it. A browser that came without a buyer
 * cookie may be that browser whose answer (and cookie) was lost: the key, random and kept only in its tab, proves
 * it, and the order passes to the new cookie. A browser with a cookie of its own is another browser.
 */
async function findByCheckoutKey(db: Database, checkoutKey: string, buyerTokenHash: string, buyerTokenIsNew: boolean) {
  const [found] = await db
    .select({ id: orders.id, buyer: orders.buyerTokenHash, key: orders.checkoutKey })
    .from(orders)
    .where(eq(orders.checkoutKey, checkoutKey))
  if (!found) return null
  if (sameSecret(found.buyer, buyerTokenHash)) return orderWithLines(db, found.id)
  // Another browser's key: treat it as unknown rather than reveal or reuse that order.
  if (!buyerTokenIsNew || !sameSecret(found.key, checkoutKey)) throw new CheckoutKeyTakenError()
  // Only if the order is still the lost cookie's: two retries at once hand it over once.
  const [moved] = await db
    .update(orders)
    .set({ buyerTokenHash, updatedAt: new Date() })
    .where(and(eq(orders.id, found.id), eq(orders.buyerTokenHash, found.buyer)))
    .returning({ id: orders.id })
  if (!moved) throw new CheckoutKeyTakenError()
  log.info(
    { orderId: found.id },
    'createOrder: a retry with its checkout key and no buyer cookie took over its order (the first answer was lost)',
  )
  return orderWithLines(db, found.id)
}

/** The code typed does not apply to this order (unknown, expired, used up, for a first order…): the customer's words. */
export class CouponRefusedError extends Error {
  constructor(
    readonly refusal: CouponRefusal,
    message: string,
  ) {
    super(message)
  }
}

/** Cash on delivery is not offered for this order: which rule, in the customer's words. */
export class CodRefusedError extends Error {
  constructor(
    readonly refusal: CodRefusal,
    message: string,
  ) {
    super(message)
  }
}

export class CheckoutKeyTakenError extends Error {
  constructor() {
    super(m.checkout_other_browser())
  }
}
