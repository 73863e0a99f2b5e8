import { apportion } from '../money/apportion'
import { type ChargeRule, deliveryChargePaise, type ParcelRoute } from '../checkout/pricing'
import type { OfferLine } from './coupons'

export type PaymentChoice = 'online' | 'cod'

/** The owner's automatic offer for paying online ("₹X off for paying online"); value in basis points or paise. */
export type PrepaidOffer = { kind: 'percent' | 'fixed'; value: number; maxDiscountPaise: number | null }

export type PricedOrder = {
  /** The goods at their prices, before any discount. */
  subtotalPaise: number
  couponDiscountPaise: number
  prepaidDiscountPaise: number
  deliveryPaise: number
  codFeePaise: number
  totalPaise: number
  /** Each line's part of the discounts, in the order of the lines (decision 042). */
  lineDiscountsPaise: number[]
}

/** What the prepaid offer takes off goods worth `goodsPaise` (after the coupon): rounded down, capped, never more than the goods. */
export function prepaidDiscountPaise(offer: PrepaidOffer | null, goodsPaise: number) {
  if (!offer || goodsPaise <= 0) return 0
  const raw = offer.kind === 'percent' ? Math.floor((goodsPaise * offer.value) / 10_000) : offer.value
  const capped = offer.kind === 'percent' && offer.maxDiscountPaise !== null ? Math.min(raw, offer.maxDiscountPaise) : raw
  return Math.min(capped, goodsPaise)
}

/**
 * An order's money, all of it from the server's figures (docs/decisions/042-discounts-over-lines.md):
 * - the coupon (applyCoupon's result) comes off the lines it applies to, in proportion to their value;
 * - paying online, the prepaid offer comes off what the goods cost after the coupon, over every line in proportion;
 * - delivery follows the owner's rule on the goods after the coupon (what the customer pays for them whichever way
 *   they pay, so the choice of payment never changes the delivery charge);
 * - cash on delivery adds its fee.
 * The lines' discounts add up to the two discounts exactly, so an invoice built from them equals the total.
 */
export function priceOrder(input: {
  lines: OfferLine[]
  deliveryRule: ChargeRule
  /** The parcel's weight and the zone of its PIN, for a rule by weight slabs; the flat rule ignores it. */
  parcel?: ParcelRoute
  coupon: { discountPaise: number; eligible: boolean[] } | null
  prepaidOffer: PrepaidOffer | null
  payment: PaymentChoice
  codFeePaise: number
}): PricedOrder {
  const values = input.lines.map((line) => line.totalPaise)
  const subtotalPaise = values.reduce((a, b) => a + b, 0)
  const couponDiscountPaise = input.coupon?.discountPaise ?? 0
  const couponShares =
    couponDiscountPaise > 0
      ? apportion(
          couponDiscountPaise,
          values.map((v, i) => (input.coupon!.eligible[i] ? v : 0)),
        )
      : values.map(() => 0)
  const afterCoupon = values.map((v, i) => v - couponShares[i]!)
  const goodsAfterCouponPaise = subtotalPaise - couponDiscountPaise
  const prepaid = input.payment === 'online' ? prepaidDiscountPaise(input.prepaidOffer, goodsAfterCouponPaise) : 0
  const prepaidShares = prepaid > 0 ? apportion(prepaid, afterCoupon) : values.map(() => 0)
  const deliveryPaise = deliveryChargePaise(goodsAfterCouponPaise, input.deliveryRule, subtotalPaise > 0, input.parcel)
  const codFeePaise = input.payment === 'cod' ? input.codFeePaise : 0
  return {
    subtotalPaise,
    couponDiscountPaise,
    prepaidDiscountPaise: prepaid,
    deliveryPaise,
    codFeePaise,
    totalPaise: goodsAfterCouponPaise - prepaid + deliveryPaise + codFeePaise,
    lineDiscountsPaise: couponShares.map((share, i) => share + prepaidShares[i]!),
  }
}
