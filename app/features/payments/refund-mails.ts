import { orderNumberLabel } from '../orders/order-number'
import { line } from '../mail/mail-text'
import { formatRupeesAndPaise } from '../money/money'
import type { ShopSettings } from '../settings/shop-settings'
import { trackOrderUrl } from '../tracking/track-link'
import type { RefundSpeed } from './provider'

/** How long the money takes, in Razorpay's words for each speed (https://razorpay.com/docs/payments/refunds/). */
export function refundTiming(speed: RefundSpeed) {
  return speed === 'optimum'
    ? 'It is sent as an instant refund where your bank allows it (usually within minutes), otherwise within 5–7 working days.'
    : 'Banks usually take 5–7 working days to show it in your account.'
}

export function refundMail(
  order: { number: number; email: string },
  refund: { amountPaise: number; speed: RefundSpeed; reason: string },
  shopUrl: string,
  settings: ShopSettings,
) {
  return {
    recipient: order.email,
    subject: line`Refund of ${formatRupeesAndPaise(refund.amountPaise)} for your order ${orderNumberLabel(order.number)}`,
    text: [
      line`We have refunded ${formatRupeesAndPaise(refund.amountPaise)} for your order ${orderNumberLabel(order.number)} from ${settings.shopName}.`,
      line`Reason: ${refund.reason}`,
      '',
      line`The money goes back the way you paid (card, UPI, net banking or wallet). ${refundTiming(refund.speed)}`,
      line`Your order's page, with its invoice and credit note: ${trackOrderUrl(shopUrl, orderNumberLabel(order.number))}`,
      '',
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}
