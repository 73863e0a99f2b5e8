import { line } from '../mail/mail-text'
import { formatRupees, formatRupeesAndPaise } from '../money/money'
import { refundTiming } from '../payments/refund-mails'
import type { ShopSettings } from '../settings/shop-settings'
import { trackOrderUrl } from '../tracking/track-link'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { streetLines } from '../checkout/address-lines'
import { type NumberedOrder, orderNumberLabel } from './order-number'
import { type MoneyLine, type OrderMoney, orderMoneyLines } from './order-money'
import type { PaymentMethod } from './statuses'
import { shortDayLabel } from '../shipping/day-label'

export type OrderForMail = NumberedOrder & {
  email: string
  shippingAddress: ShippingAddress
  subtotalPaise: number
  deliveryPaise: number
  totalPaise: number
  /** Absent on orders placed before offers (issue 19): no discount, paid online. */
  paymentMethod?: PaymentMethod
  couponCode?: string | null
  couponDiscountPaise?: number
  prepaidDiscountPaise?: number
  codFeePaise?: number
  /** The day (India) the customer was promised delivery by; absent or null on orders placed before dates by PIN. */
  promisedBy?: string | null
  lines: Array<{ name: string; size: string; quantity: number; unitPricePaise: number }>
}

/** The order row's fields a mail shows, as they are stored. */
export function mailableOrder(
  order: Omit<OrderForMail, 'lines' | 'shippingAddress'> & { shippingAddress: unknown },
  lines: OrderForMail['lines'],
): OrderForMail {
  const {
    number,
    numberPrefix,
    email,
    subtotalPaise,
    deliveryPaise,
    totalPaise,
    paymentMethod,
    couponCode,
    couponDiscountPaise,
    prepaidDiscountPaise,
    codFeePaise,
    promisedBy,
  } = order
  const shippingAddress = order.shippingAddress as ShippingAddress
  return {
    number,
    numberPrefix,
    email,
    shippingAddress,
    subtotalPaise,
    deliveryPaise,
    totalPaise,
    paymentMethod,
    couponCode,
    couponDiscountPaise,
    prepaidDiscountPaise,
    codFeePaise,
    promisedBy,
    lines,
  }
}

/** A mail goes out before the money changes hands: it says what is paid, or what is to be paid at the door. */
function mailMoneyLabel(money: MoneyLine, paymentMethod: PaymentMethod) {
  if (money.kind !== 'total') return money.label
  return paymentMethod === 'cod' ? 'To pay in cash on delivery' : 'Total paid'
}

/** The lines, the money (with each discount and fee) and the address, as every order mail shows them. */
export function orderSummary(order: OrderForMail) {
  const a = order.shippingAddress
  const money: OrderMoney = {
    ...order,
    couponCode: order.couponCode ?? null,
    couponDiscountPaise: order.couponDiscountPaise ?? 0,
    prepaidDiscountPaise: order.prepaidDiscountPaise ?? 0,
    codFeePaise: order.codFeePaise ?? 0,
    paymentMethod: order.paymentMethod ?? 'online',
  }
  const lines = order.lines.map(
    (l) => line`  ${l.quantity} × ${l.name}${l.size !== 'one' ? line` (${l.size})` : ''}  ${formatRupees(l.unitPricePaise * l.quantity)}`,
  )
  return [
    ...lines,
    '',
    ...orderMoneyLines(money, 'customer').map((m) => line`${mailMoneyLabel(m, money.paymentMethod)}: ${m.shown.replace('−', '-')}`),
    '',
    'Shipping to:',
    line`  ${a.fullName}`,
    ...streetLines(a).map((l) => line`  ${l}`),
    line`  ${a.city}, ${a.state} ${a.postalCode}`,
    line`  Phone: ${a.phoneNumber}${a.alternateNumber ? line`, ${a.alternateNumber}` : ''}`,
  ].join('\n')
}

export function customerConfirmationMail(order: OrderForMail, shopUrl: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: line`Your order ${orderNumberLabel(order)} is confirmed`,
    text: [
      line`Thank you for your order from ${settings.shopName}!`,
      '',
      line`Order number: ${orderNumberLabel(order)}`,
      '',
      orderSummary(order),
      '',
      order.promisedBy
        ? `We expect to deliver your order by ${shortDayLabel(order.promisedBy)}.`
        : 'We will deliver your order within about 7 days.',
      line`Follow your order and download its tax invoice: ${trackOrderUrl(shopUrl, orderNumberLabel(order))}`,
      `(Enter this e-mail address or your phone number there.)`,
      '',
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}

export function ownerOrderNotice(order: OrderForMail, settings: ShopSettings, warning?: string) {
  return {
    recipient: settings.email,
    subject: line`New paid order ${orderNumberLabel(order)} (${formatRupees(order.totalPaise)})`,
    text: [
      ...(warning ? [line`ATTENTION: ${warning}`, ''] : []),
      line`Order ${orderNumberLabel(order)} from ${order.email} has been paid.`,
      '',
      orderSummary(order),
    ].join('\n'),
  }
}

type OrderToTell = NumberedOrder & { email: string; shippingAddress: unknown; lines: OrderForMail['lines'] }

export function orderShippedMail(
  order: OrderToTell,
  shipment: { courier: string; trackingNumber: string },
  shopUrl: string,
  settings: ShopSettings,
) {
  const a = order.shippingAddress as ShippingAddress
  return {
    recipient: order.email,
    subject: line`Your order ${orderNumberLabel(order)} is on its way`,
    text: [
      line`Good news${a.fullName ? line`, ${a.fullName}` : ''}: your order ${orderNumberLabel(order)} from ${settings.shopName} has been shipped.`,
      '',
      line`Courier: ${shipment.courier}`,
      line`Tracking number: ${shipment.trackingNumber}`,
      line`Follow your order: ${trackOrderUrl(shopUrl, orderNumberLabel(order))}`,
      '',
      ...order.lines.map((l) => line`  ${l.quantity} × ${l.name}${l.size !== 'one' ? line` (${l.size})` : ''}`),
      '',
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}

export function orderCancelledMail(
  order: OrderToTell,
  reason: string,
  shopUrl: string,
  settings: ShopSettings,
  refund: { amountPaise: number; speed: 'normal' | 'optimum' } | null = null,
  /** A cash-on-delivery order not yet delivered: nothing was paid, so nothing is owed back. */
  nothingPaid = false,
) {
  return {
    recipient: order.email,
    subject: line`Your order ${orderNumberLabel(order)} has been cancelled`,
    text: [
      line`We are sorry: your order ${orderNumberLabel(order)} from ${settings.shopName} has been cancelled.`,
      ...(reason ? ['', line`Reason: ${reason}`] : []),
      '',
      nothingPaid
        ? 'Nothing was paid for it, so nothing is owed.'
        : refund
          ? line`We are refunding ${formatRupeesAndPaise(refund.amountPaise)} to the way you paid. ${refundTiming(refund.speed)} A separate mail confirms it once the payment service has taken it.`
          : line`We will contact you about the amount you paid.`,
      line`Your order's page: ${trackOrderUrl(shopUrl, orderNumberLabel(order))}`,
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}
