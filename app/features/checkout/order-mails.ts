import { formatRupees } from '../money/money'
import type { ShopSettings } from '../settings/shop-settings'
import { trackOrderUrl } from '../tracking/track-link'
import type { ShippingAddress } from './checkout-schemas'

export type OrderForMail = {
  number: number
  email: string
  shippingAddress: ShippingAddress
  subtotalPaise: number
  deliveryPaise: number
  totalPaise: number
  lines: Array<{ name: string; size: string; quantity: number; unitPricePaise: number }>
}

export function orderNumberLabel(number: number) {
  return `KO-${number}`
}

function summary(order: OrderForMail) {
  const a = order.shippingAddress
  const lines = order.lines.map(
    (l) => `  ${l.quantity} × ${l.name}${l.size !== 'one' ? ` (${l.size})` : ''}  ${formatRupees(l.unitPricePaise * l.quantity)}`,
  )
  return [
    ...lines,
    '',
    `Subtotal: ${formatRupees(order.subtotalPaise)}`,
    `Delivery: ${order.deliveryPaise ? formatRupees(order.deliveryPaise) : 'Free'}`,
    `Total paid: ${formatRupees(order.totalPaise)}`,
    '',
    'Shipping to:',
    `  ${a.fullName}`,
    ...[a.buildingNumber, a.streetName].filter(Boolean).map((l) => `  ${l}`),
    `  ${a.city}, ${a.state} ${a.postalCode}`,
    `  Phone: ${a.phoneNumber}${a.alternateNumber ? `, ${a.alternateNumber}` : ''}`,
  ].join('\n')
}

export function customerConfirmationMail(order: OrderForMail, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: `Your order ${orderNumberLabel(order.number)} is confirmed`,
    text: [
      `Thank you for your order from ${settings.shopName}!`,
      '',
      `Order number: ${orderNumberLabel(order.number)}`,
      '',
      summary(order),
      '',
      'We will deliver your order within about 7 days.',
      `Follow your order and download its tax invoice: ${trackOrderUrl(orderNumberLabel(order.number))}`,
      `(Enter this e-mail address or your phone number there.)`,
      '',
      `Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}

export function ownerOrderNotice(order: OrderForMail, settings: ShopSettings, warning?: string) {
  return {
    recipient: settings.email,
    subject: `New paid order ${orderNumberLabel(order.number)} (${formatRupees(order.totalPaise)})`,
    text: [
      ...(warning ? [`ATTENTION: ${warning}`, ''] : []),
      `Order ${orderNumberLabel(order.number)} from ${order.email} has been paid.`,
      '',
      summary(order),
    ].join('\n'),
  }
}

type OrderToTell = { number: number; email: string; shippingAddress: unknown; lines: OrderForMail['lines'] }

export function orderShippedMail(order: OrderToTell, shipment: { courier: string; trackingNumber: string }, settings: ShopSettings) {
  const a = order.shippingAddress as ShippingAddress
  return {
    recipient: order.email,
    subject: `Your order ${orderNumberLabel(order.number)} is on its way`,
    text: [
      `Good news${a.fullName ? `, ${a.fullName}` : ''}: your order ${orderNumberLabel(order.number)} from ${settings.shopName} has been shipped.`,
      '',
      `Courier: ${shipment.courier}`,
      `Tracking number: ${shipment.trackingNumber}`,
      `Follow your order: ${trackOrderUrl(orderNumberLabel(order.number))}`,
      '',
      ...order.lines.map((l) => `  ${l.quantity} × ${l.name}${l.size !== 'one' ? ` (${l.size})` : ''}`),
      '',
      `Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}

export function orderCancelledMail(order: OrderToTell, reason: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: `Your order ${orderNumberLabel(order.number)} has been cancelled`,
    text: [
      `We are sorry: your order ${orderNumberLabel(order.number)} from ${settings.shopName} has been cancelled.`,
      ...(reason ? ['', `Reason: ${reason}`] : []),
      '',
      'The amount you paid will be refunded to the way you paid; banks usually take 5–7 working days.',
      `Your order's page: ${trackOrderUrl(orderNumberLabel(order.number))}`,
      `Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}
