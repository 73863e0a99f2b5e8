/** The spec's delivery rule (section 9): ₹40 below a ₹350 subtotal, free from ₹350. */
export const FREE_DELIVERY_FROM_PAISE = 35_000
export const DELIVERY_CHARGE_PAISE = 4_000

export function deliveryChargePaise(subtotalPaise: number) {
  return subtotalPaise > 0 && subtotalPaise < FREE_DELIVERY_FROM_PAISE ? DELIVERY_CHARGE_PAISE : 0
}

/** How much more the cart needs for free delivery: 0 when it has it (or is empty). */
export function moreForFreeDeliveryPaise(subtotalPaise: number) {
  return deliveryChargePaise(subtotalPaise) > 0 ? FREE_DELIVERY_FROM_PAISE - subtotalPaise : 0
}

export function orderTotals(subtotalPaise: number) {
  const deliveryPaise = deliveryChargePaise(subtotalPaise)
  return { subtotalPaise, deliveryPaise, totalPaise: subtotalPaise + deliveryPaise }
}
