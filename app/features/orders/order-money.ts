import { m } from '~/i18n/paraglide/messages.js'
import { formatRupees } from '../money/money'
import type { PaymentMethod } from './statuses'

/** What makes an order's (or a quote's) total: total = subtotal − coupon − online discount + delivery + COD fee (decision 042). */
export type OrderMoney = {
  subtotalPaise: number
  couponCode: string | null
  couponDiscountPaise: number
  prepaidDiscountPaise: number
  deliveryPaise: number
  codFeePaise: number
  totalPaise: number
  paymentMethod: PaymentMethod
}

/** Money given back so far: refunds that reached the customer, and those on their way (requested or pending). */
export type RefundedMoney = { refundedPaise: number; refundingPaise: number }

/**
 * Who reads the lines. `quote`: a customer before paying (cart, checkout); `customer`: a placed order (tracking, My orders,
 * mails); `owner`: the admin's order page, where each line says what the shop gave or charged.
 */
export type MoneyReader = 'quote' | 'customer' | 'owner'

export type MoneyLine = {
  kind: 'subtotal' | 'coupon' | 'prepaid' | 'delivery' | 'codFee' | 'total' | 'refunded' | 'refunding' | 'net'
  label: string
  /** The line's effect on what follows it, with its sign (discounts and refunds negative). Delivery may be 0 ("Free"). */
  amountPaise: number
  /** As a person reads it: "−₹64.90", "Free", "₹40". */
  shown: string
  /** The total, and what is left after refunds: the figures the lines above add up to. */
  sum: boolean
}

const minus = (paise: number) => `−${formatRupees(paise)}`

function totalLabel(order: OrderMoney, reader: MoneyReader) {
  if (order.paymentMethod !== 'cod') return m.orders_money_total()
  if (reader === 'quote') return m.orders_money_total_cod_quote()
  return reader === 'owner' ? m.orders_money_total_cod_owner() : m.orders_money_total_cod_customer()
}

/**
 * Every line that makes an order's total, in the order they add up, then the refunds and what the customer paid after
 * them (issue 39: a total is never shown without the lines that make it). Lines of zero are left out, except delivery,
 * which reads "Free". `sum` lines equal the sum of the plain lines above them.
 */
export function orderMoneyLines(order: OrderMoney, reader: MoneyReader, refunds?: RefundedMoney): MoneyLine[] {
  const lines: MoneyLine[] = [
    {
      kind: 'subtotal',
      label: m.orders_money_subtotal(),
      amountPaise: order.subtotalPaise,
      shown: formatRupees(order.subtotalPaise),
      sum: false,
    },
  ]
  if (order.couponDiscountPaise > 0) {
    lines.push({
      kind: 'coupon',
      label: order.couponCode ? m.orders_money_coupon_code({ code: order.couponCode }) : m.orders_money_coupon(),
      amountPaise: -order.couponDiscountPaise,
      shown: minus(order.couponDiscountPaise),
      sum: false,
    })
  }
  if (order.prepaidDiscountPaise > 0) {
    const label =
      reader === 'quote'
        ? m.orders_money_prepaid_quote()
        : reader === 'owner'
          ? m.orders_money_prepaid_owner()
          : m.orders_money_prepaid_customer()
    lines.push({ kind: 'prepaid', label, amountPaise: -order.prepaidDiscountPaise, shown: minus(order.prepaidDiscountPaise), sum: false })
  }
  lines.push({
    kind: 'delivery',
    label: m.orders_money_delivery(),
    amountPaise: order.deliveryPaise,
    shown: order.deliveryPaise ? formatRupees(order.deliveryPaise) : m.orders_money_free(),
    sum: false,
  })
  if (order.codFeePaise > 0)
    lines.push({
      kind: 'codFee',
      label: m.orders_money_cod_fee(),
      amountPaise: order.codFeePaise,
      shown: formatRupees(order.codFeePaise),
      sum: false,
    })
  lines.push({
    kind: 'total',
    label: totalLabel(order, reader),
    amountPaise: order.totalPaise,
    shown: formatRupees(order.totalPaise),
    sum: true,
  })

  const refunded = refunds?.refundedPaise ?? 0
  const refunding = refunds?.refundingPaise ?? 0
  if (refunded + refunding === 0) return lines
  if (refunded > 0)
    lines.push({ kind: 'refunded', label: m.orders_money_refunded(), amountPaise: -refunded, shown: minus(refunded), sum: false })
  if (refunding > 0)
    lines.push({ kind: 'refunding', label: m.orders_money_refunding(), amountPaise: -refunding, shown: minus(refunding), sum: false })
  const net = order.totalPaise - refunded - refunding
  lines.push({
    kind: 'net',
    label: reader === 'owner' ? m.orders_money_net_owner() : m.orders_money_net_customer(),
    amountPaise: net,
    shown: formatRupees(net),
    sum: true,
  })
  return lines
}

/** Adds up refunds by state: failed ones gave nothing back. */
export function refundedMoney(refunds: { amountPaise: number; status: string }[]): RefundedMoney {
  let refundedPaise = 0
  let refundingPaise = 0
  for (const refund of refunds) {
    if (refund.status === 'processed') refundedPaise += refund.amountPaise
    else if (refund.status === 'requested' || refund.status === 'pending') refundingPaise += refund.amountPaise
  }
  return { refundedPaise, refundingPaise }
}
