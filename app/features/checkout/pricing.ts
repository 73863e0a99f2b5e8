import type { DeliveryRule } from './delivery-settings'

/**
 * The delivery charge (the spec's section 9: ₹40 below a ₹350 subtotal, free from ₹350), as the owner sets it at
 * /dash/settings; the caller passes the shop's settings of the moment. `hasGoods`: an empty cart is charged nothing,
 * but a cart a coupon made free still is (the subtotal after the coupon is then 0).
 */
export function deliveryChargePaise(subtotalPaise: number, rule: DeliveryRule, hasGoods = subtotalPaise > 0) {
  return hasGoods && subtotalPaise < rule.freeDeliveryFromPaise ? rule.deliveryChargePaise : 0
}

/** How much more the cart needs for free delivery: 0 when it has it (or is empty, or delivery costs nothing). */
export function moreForFreeDeliveryPaise(subtotalPaise: number, rule: DeliveryRule) {
  return deliveryChargePaise(subtotalPaise, rule) > 0 ? rule.freeDeliveryFromPaise - subtotalPaise : 0
}

export function orderTotals(subtotalPaise: number, rule: DeliveryRule) {
  const deliveryPaise = deliveryChargePaise(subtotalPaise, rule)
  return { subtotalPaise, deliveryPaise, totalPaise: subtotalPaise + deliveryPaise }
}
