import { m } from '~/i18n/paraglide/messages.js'
import { oneLineValues, questionsLine } from '../mail/mail-text'
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
    subject: m.mail_cod_confirm_subject(oneLineValues({ number: orderNumberLabel(order) })),
    text: [
      m.mail_thanks_for_order(oneLineValues({ shopName: settings.shopName })),
      '',
      m.mail_order_number(oneLineValues({ number: orderNumberLabel(order) })),
      m.mail_cod_you_will_pay(oneLineValues({ total: formatRupees(order.totalPaise) })),
      '',
      m.mail_cod_please_confirm(),
      confirmUrl,
      '',
      m.mail_cod_confirm_within(oneLineValues({ hours })),
      '',
      orderSummary(order),
      '',
      m.mail_follow_order(oneLineValues({ link: trackOrderUrl(shopUrl, orderNumberLabel(order)) })),
      questionsLine(settings),
    ].join('\n'),
  }
}

/** The owner's notice of a new COD order, to call the customer if it is not confirmed. */
export function ownerCodOrderNotice(order: OrderForMail, settings: ShopSettings) {
  return {
    recipient: settings.email,
    subject: m.mail_owner_cod_subject(oneLineValues({ number: orderNumberLabel(order), total: formatRupees(order.totalPaise) })),
    text: [
      m.mail_owner_cod_order(oneLineValues({ number: orderNumberLabel(order), email: order.email })),
      m.mail_owner_cod_asked(),
      '',
      orderSummary(order),
    ].join('\n'),
  }
}

/** Why a COD order cancelled itself, for its history and (lower-cased) its mail: nobody confirmed it within the hours. */
export function codNotConfirmedReason(hours: number) {
  return m.mail_cod_not_confirmed({ hours })
}

/** The customer's mail when their COD order cancelled itself, nobody having confirmed it in time. */
export function codCancelledMail(order: NumberedOrder & { email: string }, reason: string, settings: ShopSettings) {
  return {
    recipient: order.email,
    subject: m.mail_order_cancelled_subject(oneLineValues({ number: orderNumberLabel(order) })),
    text: [
      m.mail_cod_cancelled(oneLineValues({ number: orderNumberLabel(order), shopName: settings.shopName, reason: reason.toLowerCase() })),
      '',
      m.mail_order_again(),
      questionsLine(settings),
    ].join('\n'),
  }
}
