import type { RefundItems } from '../invoices/credit-note-document'
import { formatRupeesAndPaise } from '../money/money'

// What a refund the owner asks for gives back, checked against what the order was and what earlier refunds gave back
// (decision 033). Pure: the same rules for the admin's form and the server, and tested without a database.

export type RefundRequest =
  /** Everything not refunded yet. */
  | { kind: 'whole' }
  /** Some goods (with quantities), and the delivery charge or not. */
  | { kind: 'lines'; lines: Array<{ productId: string; size: string; quantity: number }>; delivery: boolean }
  /** An amount, not tied to goods. */
  | { kind: 'amount'; amountPaise: number }

export type OrderForRefund = {
  totalPaise: number
  deliveryPaise: number
  lines: Array<{ productId: string; size: string; name: string; quantity: number; unitPricePaise: number }>
}

/** Razorpay's smallest refund: ₹1 (https://razorpay.com/docs/api/refunds/create-normal/, "minimum value is 100"). */
export const MIN_REFUND_PAISE = 100

export type RefundPlan = { ok: true; items: RefundItems; amountPaise: number } | { ok: false; error: string }

const key = (l: { productId: string; size: string }) => `${l.productId}:${l.size}`

/** What is left to refund of an order after `prior` refunds: money, each line's quantity, and the delivery charge. */
export function refundableOf(order: OrderForRefund, prior: Array<{ amountPaise: number; items: RefundItems }>) {
  const refundedUnits = new Map<string, number>()
  let deliveryRefunded = 0
  let money = 0
  let amountOnly = false
  for (const refund of prior) {
    money += refund.amountPaise
    deliveryRefunded += refund.items.deliveryPaise
    if (refund.items.amountPaise > 0) amountOnly = true
    for (const line of refund.items.lines) refundedUnits.set(key(line), (refundedUnits.get(key(line)) ?? 0) + line.quantity)
  }
  return {
    moneyPaise: order.totalPaise - money,
    deliveryPaise: order.deliveryPaise - deliveryRefunded,
    lines: order.lines.map((l) => ({ ...l, quantity: l.quantity - (refundedUnits.get(key(l)) ?? 0) })),
    /** An earlier refund was of an amount: lines and money no longer match, so "the rest" is refunded as money. */
    amountOnly,
  }
}

export function planRefund(order: OrderForRefund, prior: Array<{ amountPaise: number; items: RefundItems }>, request: RefundRequest): RefundPlan {
  const left = refundableOf(order, prior)
  if (left.moneyPaise <= 0) return { ok: false, error: 'This order has been refunded in full already.' }
  let items: RefundItems
  if (request.kind === 'whole') {
    items = left.amountOnly
      ? { lines: [], deliveryPaise: 0, amountPaise: left.moneyPaise }
      : { lines: left.lines.filter((l) => l.quantity > 0), deliveryPaise: left.deliveryPaise, amountPaise: 0 }
  } else if (request.kind === 'lines') {
    const lines: RefundItems['lines'] = []
    for (const asked of request.lines) {
      if (asked.quantity === 0) continue
      const line = left.lines.find((l) => key(l) === key(asked))
      if (!line) return { ok: false, error: 'One of the items is not in this order.' }
      if (!Number.isInteger(asked.quantity) || asked.quantity < 0) return { ok: false, error: `Give a whole number of ${line.name} to refund.` }
      if (asked.quantity > line.quantity) {
        return { ok: false, error: `Only ${line.quantity} × ${line.name}${line.size !== 'one' ? ` (${line.size})` : ''} can still be refunded.` }
      }
      lines.push({ productId: line.productId, size: line.size, name: line.name, quantity: asked.quantity, unitPricePaise: line.unitPricePaise })
    }
    if (request.delivery && left.deliveryPaise <= 0) return { ok: false, error: 'The delivery charge has been refunded already, or there was none.' }
    if (lines.length === 0 && !request.delivery) return { ok: false, error: 'Choose the items (or the delivery charge) to refund.' }
    items = { lines, deliveryPaise: request.delivery ? left.deliveryPaise : 0, amountPaise: 0 }
  } else {
    if (!Number.isSafeInteger(request.amountPaise) || request.amountPaise < MIN_REFUND_PAISE) {
      return { ok: false, error: `A refund is at least ${formatRupeesAndPaise(MIN_REFUND_PAISE)}.` }
    }
    items = { lines: [], deliveryPaise: 0, amountPaise: request.amountPaise }
  }
  const amountPaise = items.lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0) + items.deliveryPaise + items.amountPaise
  if (amountPaise > left.moneyPaise) {
    return { ok: false, error: `That is ${formatRupeesAndPaise(amountPaise)}, more than the ${formatRupeesAndPaise(left.moneyPaise)} left to refund on this order.` }
  }
  if (amountPaise < MIN_REFUND_PAISE) return { ok: false, error: `A refund is at least ${formatRupeesAndPaise(MIN_REFUND_PAISE)}.` }
  return { ok: true, items, amountPaise }
}

/** The name of a line's quantity field in the admin's refund form: `qty:<productId>:<size>`. */
export function lineField(line: { productId: string; size: string }) {
  return `qty:${line.productId}:${line.size}`
}
