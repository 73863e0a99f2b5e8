import { m } from '~/i18n/paraglide/messages.js'
import { line, oneLineValues, questionsLine } from '../mail/mail-text'
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
  return paymentMethod === 'cod' ? m.mail_to_pay_on_delivery() : m.mail_total_paid()
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
    ...orderMoneyLines(money, 'customer').map((l) => line`${mailMoneyLabel(l, money.paymentMethod)}: ${l.shown.replace('−', '-')}`),
    '',
    m.mail_shipping_to(),
    line`  ${a.fullName}`,
    ...streetLines(a).map((l) => line`  ${l}`),
    line`  ${a.city}, ${a.state} ${a.postalCode}`,
    `  ${m.mail_phone(oneLineValues({ phone: a.alternateNumber ? `${a.phoneNumber}, ${a.alternateNumber}` : a.phoneNumber }))}`,
  ].join('\n')
}

export function customerConfirmationMail(order: OrderForMail, shopUrl: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: m.mail_order_confirmed_subject(oneLineValues({ number: orderNumberLabel(order) })),
    text: [
      m.mail_thanks_for_order(oneLineValues({ shopName: settings.shopName })),
      '',
      m.mail_order_number(oneLineValues({ number: orderNumberLabel(order) })),
      '',
      orderSummary(order),
      '',
      order.promisedBy ? m.mail_delivery_expected_by({ day: shortDayLabel(order.promisedBy) }) : m.mail_delivery_within_days(),
      m.mail_follow_order_and_invoice(oneLineValues({ link: trackOrderUrl(shopUrl, orderNumberLabel(order)) })),
      m.mail_enter_email_or_phone_there(),
      '',
      questionsLine(settings),
    ].join('\n'),
  }
}

export function ownerOrderNotice(order: OrderForMail, settings: ShopSettings, warning?: string) {
  return {
    recipient: settings.email,
    subject: m.mail_owner_paid_order_subject(oneLineValues({ number: orderNumberLabel(order), total: formatRupees(order.totalPaise) })),
    text: [
      ...(warning ? [m.mail_owner_attention(oneLineValues({ warning })), ''] : []),
      m.mail_owner_order_paid(oneLineValues({ number: orderNumberLabel(order), email: order.email })),
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
    subject: m.mail_shipped_subject(oneLineValues({ number: orderNumberLabel(order) })),
    text: [
      a.fullName
        ? m.mail_shipped_named(oneLineValues({ name: a.fullName, number: orderNumberLabel(order), shopName: settings.shopName }))
        : m.mail_shipped(oneLineValues({ number: orderNumberLabel(order), shopName: settings.shopName })),
      '',
      m.mail_courier(oneLineValues({ courier: shipment.courier })),
      m.mail_tracking_number(oneLineValues({ number: shipment.trackingNumber })),
      m.mail_follow_order(oneLineValues({ link: trackOrderUrl(shopUrl, orderNumberLabel(order)) })),
      '',
      ...order.lines.map((l) => line`  ${l.quantity} × ${l.name}${l.size !== 'one' ? line` (${l.size})` : ''}`),
      '',
      questionsLine(settings),
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
    subject: m.mail_order_cancelled_subject(oneLineValues({ number: orderNumberLabel(order) })),
    text: [
      m.mail_cancelled_sorry(oneLineValues({ number: orderNumberLabel(order), shopName: settings.shopName })),
      ...(reason ? ['', m.mail_reason(oneLineValues({ reason }))] : []),
      '',
      nothingPaid
        ? m.mail_cancelled_nothing_paid()
        : refund
          ? m.mail_cancelled_refunding(
              oneLineValues({ amount: formatRupeesAndPaise(refund.amountPaise), timing: refundTiming(refund.speed) }),
            )
          : m.mail_cancelled_will_contact(),
      m.mail_order_page(oneLineValues({ link: trackOrderUrl(shopUrl, orderNumberLabel(order)) })),
      questionsLine(settings),
    ].join('\n'),
  }
}
