import { line } from '../mail/mail-text'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import type { ShopSettings } from '../settings/shop-settings'
import { trackOrderUrl } from '../tracking/track-link'
import { shortDayLabel } from './day-label'
import { type NumberedOrder, orderNumberLabel } from '../orders/order-number'

type OrderToTell = NumberedOrder & { email: string; shippingAddress: unknown }
type ParcelToTell = { courier: string | null; awb: string | null }

function greeting(order: OrderToTell) {
  const name = (order.shippingAddress as ShippingAddress).fullName
  return name ? line`Hello ${name},` : 'Hello,'
}

function signOff(settings: ShopSettings) {
  return line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`
}

/** The courier has the parcel on its last leg: someone should be home (and, for COD, have the cash ready). */
export function outForDeliveryMail(
  order: OrderToTell & { paymentMethod: string; totalPaise: number },
  parcel: ParcelToTell,
  shopUrl: string,
  settings: ShopSettings,
  cashLine: string | null,
) {
  return {
    recipient: order.email,
    subject: line`Your order ${orderNumberLabel(order)} is out for delivery today`,
    text: [
      greeting(order),
      '',
      line`Your order ${orderNumberLabel(order)} from ${settings.shopName} is out for delivery today${parcel.courier ? line` with ${parcel.courier}` : ''}.`,
      ...(cashLine ? [cashLine] : []),
      ...(parcel.awb ? [line`Tracking number: ${parcel.awb}`] : []),
      line`Follow your order: ${trackOrderUrl(shopUrl, orderNumberLabel(order))}`,
      '',
      signOff(settings),
    ].join('\n'),
  }
}

export function deliveredMail(order: OrderToTell, shopUrl: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: line`Your order ${orderNumberLabel(order)} has been delivered`,
    text: [
      greeting(order),
      '',
      line`Your order ${orderNumberLabel(order)} from ${settings.shopName} has been delivered. We hope you enjoy it.`,
      line`If anything is wrong with it, reply to this mail or see your order: ${trackOrderUrl(shopUrl, orderNumberLabel(order))}`,
      '',
      signOff(settings),
    ].join('\n'),
  }
}

/** The owner asked the courier to try again after a failed delivery. */
export function reattemptMail(order: OrderToTell, parcel: ParcelToTell, on: string | null, shopUrl: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: line`We will try to deliver your order ${orderNumberLabel(order)} again`,
    text: [
      greeting(order),
      '',
      line`The courier could not deliver your order ${orderNumberLabel(order)}. We have asked ${parcel.courier ?? 'them'} to try again${on ? line` on ${shortDayLabel(on)}` : ' soon'}.`,
      'Please keep your phone with you so the delivery person can reach you.',
      line`Follow your order: ${trackOrderUrl(shopUrl, orderNumberLabel(order))}`,
      '',
      signOff(settings),
    ].join('\n'),
  }
}
