import { line } from '../mail/mail-text'
import { formatRupees } from '../money/money'
import type { ShopSettings } from '../settings/shop-settings'
import { trackOrderUrl } from '../tracking/track-link'
import { type OrderForMail, orderSummary } from '../orders/order-mails'
import { type NumberedOrder, orderNumberLabel } from '../orders/order-number'

// The mails of a cash-on-delivery order (decision 043), beside the other order mails' rules: every typed value on a
// line of its own (mail-templates.test.ts).

/** The mail a COD order sends when it is placed: what it costs, and the link that confirms it. */
export function codOrderPlacedMail(order: OrderForMail, shopUrl: string, settings: ShopSettings, confirmUrl: string) {
  const hours = settings.payments.cod.confirmWithinHours
  return {
    recipient: order.email,
    subject: line`Please confirm your order ${orderNumberLabel(order)} (cash on delivery)`,
    text: [
      line`Thank you for your order from ${settings.shopName}!`,
      '',
      line`Order number: ${orderNumberLabel(order)}`,
      line`You will pay ${formatRupees(order.totalPaise)} in cash when it is delivered.`,
      '',
      'Please confirm the order, so that we pack it:',
      confirmUrl,
      '',
      line`If it is not confirmed within ${hours} hours it is cancelled, and nothing is owed. We may also call you to confirm it.`,
      '',
      orderSummary(order),
      '',
      line`Follow your order: ${trackOrderUrl(shopUrl, orderNumberLabel(order))}`,
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}

/** The owner's notice of a new COD order, to call the customer if it is not confirmed. */
export function ownerCodOrderNotice(order: OrderForMail, settings: ShopSettings) {
  return {
    recipient: settings.email,
    subject: line`New cash-on-delivery order ${orderNumberLabel(order)} (${formatRupees(order.totalPaise)}), waiting for confirmation`,
    text: [
      line`Order ${orderNumberLabel(order)} from ${order.email} is to be paid in cash on delivery.`,
      'The customer has been asked to confirm it from the mail; you may confirm it from the order page after a call.',
      '',
      orderSummary(order),
    ].join('\n'),
  }
}

/** The customer's mail when their COD order cancelled itself, nobody having confirmed it in time. */
export function codCancelledMail(order: NumberedOrder & { email: string }, reason: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: line`Your order ${orderNumberLabel(order)} has been cancelled`,
    text: [
      line`Your cash-on-delivery order ${orderNumberLabel(order)} from ${settings.shopName} has been cancelled: ${reason.toLowerCase()}. Nothing is owed.`,
      '',
      'You are welcome to order again at any time.',
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}
