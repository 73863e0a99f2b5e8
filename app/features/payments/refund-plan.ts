import { type RefundItems, refundItemsTotal } from '../invoices/credit-note-document'
import { lineDescription } from '../invoices/line-description'
import { formatRupeesAndPaise } from '../money/money'

// What a refund the owner asks for gives back, checked against what the order was and what earlier refunds gave back
// (decision 033). Pure: the same rules for the admin's form and the server, and tested without a database.

export type RefundRequest =
  /** Everything not refunded yet. */
  | { kind: 'whole' }
  /** Some goods (with quantities), and the delivery charge or not; and a cash-on-delivery order's fee, when ticked. */
  | { kind: 'lines'; lines: Array<{ productId: string; size: string; quantity: number }>; delivery: boolean; codFee?: boolean }
  /** An amount, not tied to goods. */
  | { kind: 'amount'; amountPaise: number }

export type OrderForRefund = {
  totalPaise: number
  deliveryPaise: number
  /** A cash-on-delivery order's fee (decision 043), given back like the delivery charge (decision 069); absent: 0. */
  codFeePaise?: number
  /** `discountPaise`: the line's part of the order's discounts (decision 042); absent or 0 for an undiscounted line. */
  lines: Array<{ productId: string; size: string; name: string; quantity: number; unitPricePaise: number; discountPaise?: number }>
}

/** Razorpay's smallest refund: ₹1 (https://razorpay.com/docs/api/refunds/create-normal/, "minimum value is 100"). */
export const MIN_REFUND_PAISE = 100

export type RefundPlan = { ok: true; items: RefundItems; amountPaise: number } | { ok: false; error: string }

const key = (l: { productId: string; size: string }) => `${l.productId}:${l.size}`

/**
 * The part of a line's discount that goes with refunding `units` more of it, when `refundedUnits` of it went back
 * before with `refundedDiscount` of its discount. In proportion, in integers: after n of q units the discount given
 * back is ⌊discount × n / q⌋, so the units refunded last take the remainder and a line refunded in any number of goes
 * gives back exactly what was paid for it. Never more than those units' value, nor than the discount left.
 */
export function refundDiscountPart(
  line: { quantity: number; unitPricePaise: number; discountPaise?: number },
  refundedUnits: number,
  refundedDiscount: number,
  units: number,
) {
  const discount = line.discountPaise ?? 0
  if (discount === 0 || units === 0) return 0
  const after = refundedUnits + units
  const upTo = after >= line.quantity ? discount : Number((BigInt(discount) * BigInt(after)) / BigInt(line.quantity))
  return Math.max(0, Math.min(upTo - refundedDiscount, discount - refundedDiscount, line.unitPricePaise * units))
}

/**
 * What is left to refund of an order after `prior` refunds: money, each line's quantity and discount (so its value as
 * paid, `paidPaise`), and the delivery charge.
 */
export function refundableOf(order: OrderForRefund, prior: Array<{ amountPaise: number; items: RefundItems }>) {
  const refundedUnits = new Map<string, number>()
  const refundedDiscount = new Map<string, number>()
  let deliveryRefunded = 0
  let codFeeRefunded = 0
  let money = 0
  let amountOnly = false
  for (const refund of prior) {
    money += refund.amountPaise
    deliveryRefunded += refund.items.deliveryPaise
    codFeeRefunded += refund.items.codFeePaise ?? 0
    if (refund.items.amountPaise > 0) amountOnly = true
    for (const line of refund.items.lines) {
      refundedUnits.set(key(line), (refundedUnits.get(key(line)) ?? 0) + line.quantity)
      refundedDiscount.set(key(line), (refundedDiscount.get(key(line)) ?? 0) + (line.discountPaise ?? 0))
    }
  }
  return {
    moneyPaise: order.totalPaise - money,
    deliveryPaise: order.deliveryPaise - deliveryRefunded,
    codFeePaise: (order.codFeePaise ?? 0) - codFeeRefunded,
    lines: order.lines.map((l) => {
      const quantity = l.quantity - (refundedUnits.get(key(l)) ?? 0)
      const discountPaise = Math.max(0, (l.discountPaise ?? 0) - (refundedDiscount.get(key(l)) ?? 0))
      return {
        ...l,
        /** Units not refunded yet. */
        quantity,
        /** The part of the line's discount not given back yet. */
        discountPaise,
        /** What was paid for the units left: their price less the discount left. */
        paidPaise: l.unitPricePaise * quantity - discountPaise,
        /** Units and discount refunded before, for the next refund's share of the discount. */
        refundedUnits: refundedUnits.get(key(l)) ?? 0,
        refundedDiscountPaise: refundedDiscount.get(key(l)) ?? 0,
      }
    }),
    /** An earlier refund was of an amount: lines and money no longer match, so "the rest" is refunded as money. */
    amountOnly,
  }
}

type LineLeft = ReturnType<typeof refundableOf>['lines'][number]

/** `units` of a line as a refund's line: at its unit price, with their part of its discount (only when it has one). */
function refundLine(line: LineLeft, order: OrderForRefund, units: number): RefundItems['lines'][number] {
  const original = order.lines.find((l) => key(l) === key(line))!
  const discountPaise = refundDiscountPart(original, line.refundedUnits, line.refundedDiscountPaise, units)
  return {
    productId: line.productId,
    size: line.size,
    name: line.name,
    quantity: units,
    unitPricePaise: line.unitPricePaise,
    ...(discountPaise > 0 ? { discountPaise } : {}),
  }
}

export function planRefund(
  order: OrderForRefund,
  prior: Array<{ amountPaise: number; items: RefundItems }>,
  request: RefundRequest,
): RefundPlan {
  const left = refundableOf(order, prior)
  if (left.moneyPaise <= 0) return { ok: false, error: 'This order has been refunded in full already.' }
  let items: RefundItems
  if (request.kind === 'whole') {
    items = left.amountOnly
      ? { lines: [], deliveryPaise: 0, amountPaise: left.moneyPaise }
      : {
          lines: left.lines.filter((l) => l.quantity > 0).map((l) => refundLine(l, order, l.quantity)),
          deliveryPaise: left.deliveryPaise,
          amountPaise: 0,
          // Only when there is one, so an online order's refund reads as before.
          ...(left.codFeePaise > 0 ? { codFeePaise: left.codFeePaise } : {}),
        }
  } else if (request.kind === 'lines') {
    const lines: RefundItems['lines'] = []
    for (const asked of request.lines) {
      if (asked.quantity === 0) continue
      const line = left.lines.find((l) => key(l) === key(asked))
      if (!line) return { ok: false, error: 'One of the items is not in this order.' }
      if (!Number.isInteger(asked.quantity) || asked.quantity < 0)
        return { ok: false, error: `Give a whole number of ${line.name} to refund.` }
      if (lines.some((l) => key(l) === key(asked))) return { ok: false, error: `${lineDescription(line)} is asked for twice.` }
      if (asked.quantity > line.quantity) {
        return { ok: false, error: `Only ${line.quantity} × ${lineDescription(line)} can still be refunded.` }
      }
      lines.push(refundLine(line, order, asked.quantity))
    }
    if (request.delivery && left.deliveryPaise <= 0)
      return { ok: false, error: 'The delivery charge has been refunded already, or there was none.' }
    if (request.codFee && left.codFeePaise <= 0)
      return { ok: false, error: 'The cash-on-delivery fee has been refunded already, or there was none.' }
    if (lines.length === 0 && !request.delivery && !request.codFee)
      return { ok: false, error: 'Choose the items (or the delivery charge) to refund.' }
    items = {
      lines,
      deliveryPaise: request.delivery ? left.deliveryPaise : 0,
      amountPaise: 0,
      ...(request.codFee ? { codFeePaise: left.codFeePaise } : {}),
    }
  } else {
    if (!Number.isSafeInteger(request.amountPaise) || request.amountPaise < MIN_REFUND_PAISE) {
      return { ok: false, error: `A refund is at least ${formatRupeesAndPaise(MIN_REFUND_PAISE)}.` }
    }
    items = { lines: [], deliveryPaise: 0, amountPaise: request.amountPaise }
  }
  const amountPaise = refundItemsTotal(items)
  if (amountPaise > left.moneyPaise) {
    // Discounted goods are refunded at what was paid for them, which is what the owner sees on the form.
    const asPaid = items.lines.some((l) => (l.discountPaise ?? 0) > 0) ? ' (the goods as paid, after their discounts)' : ''
    return {
      ok: false,
      error: `That is ${formatRupeesAndPaise(amountPaise)}${asPaid}, more than the ${formatRupeesAndPaise(left.moneyPaise)} left to refund on this order.`,
    }
  }
  if (amountPaise < MIN_REFUND_PAISE) return { ok: false, error: `A refund is at least ${formatRupeesAndPaise(MIN_REFUND_PAISE)}.` }
  return { ok: true, items, amountPaise }
}

/** The name of a line's quantity field in the admin's refund form: `qty:<productId>:<size>`. */
export function lineField(line: { productId: string; size: string }) {
  return `qty:${line.productId}:${line.size}`
}
