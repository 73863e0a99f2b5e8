import { m } from '~/i18n/paraglide/messages.js'
import { oneLineValues, questionsLine } from '../mail/mail-text'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { formatRupees } from '../money/money'
import type { ShopSettings } from '../settings/shop-settings'
import { trackOrderUrl } from '../tracking/track-link'
import { shortDayLabel } from './day-label'
import { type NumberedOrder, orderNumberLabel } from '../orders/order-number'

type OrderToTell = NumberedOrder & { email: string; shippingAddress: unknown }
type ParcelToTell = { courier: string | null; awb: string | null }

function greeting(order: OrderToTell) {
  const name = (order.shippingAddress as ShippingAddress).fullName
  return name ? m.mail_hello_name(oneLineValues({ name })) : m.mail_hello()
}

/** The out-for-delivery mail's line for a cash-on-delivery order: the amount to have ready. */
export function cashReadyLine(totalPaise: number) {
  return m.mail_keep_cash_ready({ amount: formatRupees(totalPaise) })
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
    subject: m.mail_out_for_delivery_subject(oneLineValues({ number: orderNumberLabel(order) })),
    text: [
      greeting(order),
      '',
      parcel.courier
        ? m.mail_out_for_delivery_with(
            oneLineValues({ number: orderNumberLabel(order), shopName: settings.shopName, courier: parcel.courier }),
          )
        : m.mail_out_for_delivery(oneLineValues({ number: orderNumberLabel(order), shopName: settings.shopName })),
      ...(cashLine ? [cashLine] : []),
      ...(parcel.awb ? [m.mail_tracking_number(oneLineValues({ number: parcel.awb }))] : []),
      m.mail_follow_order(oneLineValues({ link: trackOrderUrl(shopUrl, orderNumberLabel(order)) })),
      '',
      questionsLine(settings),
    ].join('\n'),
  }
}

export function deliveredMail(order: OrderToTell, shopUrl: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: m.mail_delivered_subject(oneLineValues({ number: orderNumberLabel(order) })),
    text: [
      greeting(order),
      '',
      m.mail_delivered(oneLineValues({ number: orderNumberLabel(order), shopName: settings.shopName })),
      m.mail_delivered_anything_wrong(oneLineValues({ link: trackOrderUrl(shopUrl, orderNumberLabel(order)) })),
      '',
      questionsLine(settings),
    ].join('\n'),
  }
}

/** Who was asked to try again (the courier by name, when known), and when (the day, when set). */
function reattemptLine(number: string, courier: string | null, on: string | null) {
  const day = on ? shortDayLabel(on) : null
  if (courier !== null) {
    return day
      ? m.mail_reattempt_courier_on_day(oneLineValues({ number, courier, day }))
      : m.mail_reattempt_courier_soon(oneLineValues({ number, courier }))
  }
  return day ? m.mail_reattempt_on_day(oneLineValues({ number, day })) : m.mail_reattempt_soon(oneLineValues({ number }))
}

/** The owner asked the courier to try again after a failed delivery. */
export function reattemptMail(order: OrderToTell, parcel: ParcelToTell, on: string | null, shopUrl: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: m.mail_reattempt_subject(oneLineValues({ number: orderNumberLabel(order) })),
    text: [
      greeting(order),
      '',
      reattemptLine(orderNumberLabel(order), parcel.courier, on),
      m.mail_keep_phone_near(),
      m.mail_follow_order(oneLineValues({ link: trackOrderUrl(shopUrl, orderNumberLabel(order)) })),
      '',
      questionsLine(settings),
    ].join('\n'),
  }
}
