import type { DeliveryZone } from '../shipping/zones'
import type { DeliveryRule, WeightSlabs } from './delivery-settings'

/**
 * The part of the delivery rule a charge needs. The mode and slabs may be absent (a rule written before they
 * existed): the flat rule then applies.
 */
export type ChargeRule = Pick<DeliveryRule, 'deliveryChargePaise' | 'freeDeliveryFromPaise'> &
  Partial<Pick<DeliveryRule, 'deliveryMode' | 'deliverySlabs'>>

/**
 * What is being delivered where: the parcel's weight (from the server's packs) and the zone of the delivery PIN,
 * null while no PIN is known.
 */
export type ParcelRoute = { weightGrams: number; zone: DeliveryZone | null }

/** A zone's charge for a parcel of this weight: up to 500 g, up to 1 kg, then each further 500 g or part of it. */
export function slabChargePaise(slabs: WeightSlabs, weightGrams: number) {
  if (weightGrams <= 500) return slabs.upTo500gPaise
  if (weightGrams <= 1_000) return slabs.upTo1kgPaise
  return slabs.upTo1kgPaise + Math.ceil((weightGrams - 1_000) / 500) * slabs.eachFurther500gPaise
}

/**
 * The charge before the free-delivery threshold is looked at. With slabs and no PIN known yet, the cheapest zone's
 * charge for the weight: the cart shows it marked "from" (deliveryChargeIsFrom), a price no PIN goes below.
 */
function chargeForParcel(rule: ChargeRule, parcel: ParcelRoute | undefined) {
  if (rule.deliveryMode !== 'slabs' || !rule.deliverySlabs) return rule.deliveryChargePaise
  const weightGrams = parcel?.weightGrams ?? 0
  const zone = parcel?.zone
  if (zone) return slabChargePaise(rule.deliverySlabs[zone], weightGrams)
  return Math.min(...Object.values(rule.deliverySlabs).map((slabs) => slabChargePaise(slabs, weightGrams)))
}

/**
 * The delivery charge, as the owner sets it at /dash/settings; the caller passes the shop's settings of the moment.
 * The flat rule (the spec's section 9: ₹40 below a ₹350 subtotal, free from ₹350) ignores the parcel; weight slabs
 * price it by its weight and zone. Either way delivery is free from the threshold. `hasGoods`: an empty cart is
 * charged nothing, but a cart a coupon made free still is (the subtotal after the coupon is then 0).
 */
export function deliveryChargePaise(subtotalPaise: number, rule: ChargeRule, hasGoods = subtotalPaise > 0, parcel?: ParcelRoute) {
  return hasGoods && subtotalPaise < rule.freeDeliveryFromPaise ? chargeForParcel(rule, parcel) : 0
}

/** Whether the charge shown is only where it starts: weight slabs while no delivery PIN is known. */
export function deliveryChargeIsFrom(rule: ChargeRule, parcel: ParcelRoute | undefined) {
  return rule.deliveryMode === 'slabs' && !!rule.deliverySlabs && !parcel?.zone
}

/** How much more the cart needs for free delivery: 0 when it has it (or is empty, or delivery costs nothing). */
export function moreForFreeDeliveryPaise(subtotalPaise: number, rule: ChargeRule, parcel?: ParcelRoute) {
  return deliveryChargePaise(subtotalPaise, rule, subtotalPaise > 0, parcel) > 0 ? rule.freeDeliveryFromPaise - subtotalPaise : 0
}

export function orderTotals(subtotalPaise: number, rule: ChargeRule, parcel?: ParcelRoute) {
  const deliveryPaise = deliveryChargePaise(subtotalPaise, rule, subtotalPaise > 0, parcel)
  return { subtotalPaise, deliveryPaise, totalPaise: subtotalPaise + deliveryPaise }
}
