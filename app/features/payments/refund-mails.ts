import { formatIndiaDate } from '../dates/india-time'
import { type NumberedOrder, orderNumberLabel } from '../orders/order-number'
import { oneLineValues, questionsLine } from '../mail/mail-text'
import { formatRupeesAndPaise } from '../money/money'
import type { ShopSettings } from '../settings/shop-settings'
import { trackOrderUrl } from '../tracking/track-link'
import type { RefundSpeed } from './provider'
import type { OutsideRefundMethod } from './refund-methods'
import { m } from '~/i18n/paraglide/messages.js'

/** How long the money takes, in Razorpay's words for each speed (https://razorpay.com/docs/payments/refunds/). */
export function refundTiming(speed: RefundSpeed) {
  return speed === 'optimum' ? m.mail_refund_timing_instant() : m.mail_refund_timing_normal()
}

/** A refund the owner paid outside the provider (a cash-on-delivery order, decision 069): how, its reference and day. */
export type PaidOutside = { method: OutsideRefundMethod; reference: string; paidOn: string }

/** How the money went back: through the provider the way they paid, or by the owner's UPI or bank transfer. */
function howItWentBack(refund: { speed: RefundSpeed } | { paidBy: PaidOutside }) {
  if ('speed' in refund) return m.mail_refund_way_you_paid(oneLineValues({ timing: refundTiming(refund.speed) }))
  const { method, reference, paidOn } = refund.paidBy
  const day = formatIndiaDate(paidOn)
  return method === 'upi'
    ? m.mail_refund_by_upi(oneLineValues({ day, reference }))
    : m.mail_refund_by_bank(oneLineValues({ day, reference }))
}

export function refundMail(
  order: NumberedOrder & { email: string },
  refund: { amountPaise: number; reason: string } & ({ speed: RefundSpeed } | { paidBy: PaidOutside }),
  shopUrl: string,
  settings: ShopSettings,
) {
  return {
    recipient: order.email,
    subject: m.mail_refund_subject(oneLineValues({ amount: formatRupeesAndPaise(refund.amountPaise), number: orderNumberLabel(order) })),
    text: [
      m.mail_refund_done(
        oneLineValues({ amount: formatRupeesAndPaise(refund.amountPaise), number: orderNumberLabel(order), shopName: settings.shopName }),
      ),
      m.mail_reason(oneLineValues({ reason: refund.reason })),
      '',
      howItWentBack(refund),
      m.mail_refund_order_page(oneLineValues({ link: trackOrderUrl(shopUrl, orderNumberLabel(order)) })),
      '',
      questionsLine(settings),
    ].join('\n'),
  }
}
