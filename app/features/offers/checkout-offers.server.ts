import { and, count, eq, or, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orders } from '~/db/schema'
import { type CodAvailability, codAvailability } from '../checkout/cash-on-delivery'
import type { ParcelRoute } from '../checkout/pricing'
import { lastTenPhoneDigits } from '../orders/order-phone.server'
import type { ShopSettings } from '../settings/shop-settings'
import { type CouponCustomer, checkCoupon } from './coupon-uses.server'
import type { CouponResult, OfferLine } from './coupons'
import { type PaymentChoice, type PricedOrder, priceOrder } from './order-pricing'

/**
 * Parcels of this customer (by e-mail or phone) that came back to the shop (decision 043): cash on delivery or prepaid
 * (issue 40), as a refused prepaid parcel costs the shipping both ways too.
 */
export async function returnedParcelsOf(db: Database, customer: CouponCustomer) {
  if (!customer.email && !customer.phone) return 0
  const same = or(
    customer.email ? sql`lower(${orders.email}) = ${customer.email}` : undefined,
    customer.phone ? eq(lastTenPhoneDigits('phoneNumber'), customer.phone) : undefined,
  )
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, 'returned_to_origin'), same))
  return row!.n
}

export type PricedChoice = {
  payment: PaymentChoice
  priced: PricedOrder
  /** The code as the shop keeps it, when one was typed and it applies; its refusal otherwise. */
  coupon: (CouponResult & { code?: string }) | null
  /** For cash on delivery: whether this order may be paid so, and why not. */
  cod: CodAvailability | null
}

/**
 * Prices one way of paying for these lines with everything the server knows: the coupon checked against its uses
 * (`lock` inside the order's transaction), the prepaid offer, the delivery rule and, for cash on delivery, the COD
 * rules with the PIN code and the customer's returned parcels. A refused coupon prices the order without it; the
 * caller decides whether that is an answer (the cart) or a refusal (the order).
 */
export async function priceChoice(
  db: Database,
  input: {
    lines: OfferLine[]
    settings: ShopSettings
    couponCode: string | null
    payment: PaymentChoice
    customer: CouponCustomer
    postalCode: string
    /** The parcel's weight and the zone of the delivery PIN, for delivery by weight slabs. */
    parcel?: ParcelRoute
    at: Date
    lock: boolean
  },
): Promise<PricedChoice> {
  const { settings, payment } = input
  const coupon = input.couponCode
    ? await checkCoupon(
        db,
        { typedCode: input.couponCode, lines: input.lines, customer: input.customer, paysOnline: payment === 'online', at: input.at },
        { lock: input.lock },
      )
    : null
  const priced = priceOrder({
    lines: input.lines,
    deliveryRule: settings,
    parcel: input.parcel,
    coupon: coupon?.ok ? coupon : null,
    prepaidOffer: settings.payments.prepaidOffer,
    payment,
    codFeePaise: settings.payments.cod.feePaise,
  })
  const cod =
    payment === 'cod'
      ? codAvailability(settings.payments.cod, {
          // What the courier collects less its own fee: the goods after the coupon, and delivery.
          orderValuePaise: priced.totalPaise - priced.codFeePaise,
          postalCode: input.postalCode,
          returnedParcels: await returnedParcelsOf(db, input.customer),
        })
      : null
  return { payment, priced, coupon, cod }
}
