import { formatIndiaDate } from '../dates/india-time'
import { type NumberedOrder, orderNumberLabel } from '../orders/order-number'
import { line } from '../mail/mail-text'
import { formatRupeesAndPaise } from '../money/money'
import type { ShopSettings } from '../settings/shop-settings'
import { trackOrderUrl } from '../tracking/track-link'
import type { RefundSpeed } from './provider'
import type { OutsideRefundMethod } from './refund-methods'

/** How long the money takes, in Razorpay's words for each speed (https://razorpay.com/docs/payments/refunds/). */
export function refundTiming(speed: RefundSpeed) {
  return speed === 'optimum'
    ? 'It is sent as an instant refund where your bank allows it (usually within minutes), otherwise within 5–7 working days.'
    : 'Banks usually take 5–7 working days to show it in your account.'
}

/** A refund the owner paid outside the provider (a cash-on-delivery order, decision 069): how, its reference and day. */
export type PaidOutside = { method: OutsideRefundMethod; reference: string; paidOn: string }

/** How the money went back: through the provider the way they paid, or by the owner's UPI or bank transfer. */
function howItWentBack(refund: { speed: RefundSpeed } | { paidBy: PaidOutside }) {
  if ('speed' in refund) return line`The money goes back the way you paid (card, UPI, net banking or wallet). ${refundTiming(refund.speed)}`
  const { method, reference, paidOn } = refund.paidBy
  const day = formatIndiaDate(paidOn)
  return method === 'upi'
    ? line`We sent it to you by UPI on ${day}. Its UPI reference is ${reference}: your bank or UPI app shows the money with it.`
    : line`We sent it to your bank account by bank transfer on ${day}. Its reference (UTR) is ${reference}: your bank statement shows the money with it.`
}

export function refundMail(
  order: NumberedOrder & { email: string },
  refund: { amountPaise: number; reason: string } & ({ speed: RefundSpeed } | { paidBy: PaidOutside }),
  shopUrl: string,
  settings: ShopSettings,
) {
  return {
    recipient: order.email,
    subject: line`Refund of ${formatRupeesAndPaise(refund.amountPaise)} for your order ${orderNumberLabel(order)}`,
    text: [
      line`We have refunded ${formatRupeesAndPaise(refund.amountPaise)} for your order ${orderNumberLabel(order)} from ${settings.shopName}.`,
      line`Reason: ${refund.reason}`,
      '',
      howItWentBack(refund),
      line`Your order's page, with its invoice and credit note: ${trackOrderUrl(shopUrl, orderNumberLabel(order))}`,
      '',
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}
