import { currentLanguage, pathInLanguage } from '~/i18n/language'
// Links in mails name the shop's public address (PUBLIC_URL), passed by whoever writes the mail: a route has it from
// the shop's config, a background job from where it was started (shop.server.ts). Never kept here, so no test or
// second shop in one process can change what another one's mails say. A page's link is in the language the mail is
// worded in (the order's, decision 074).

function base(shopUrl: string) {
  return shopUrl.replace(/\/+$/, '')
}

/**
 * Where a customer follows an order without an account. Only the order number is in the link: the e-mail or
 * phone that proves the order is theirs is typed on the page, so it never sits in a URL or a log.
 */
export function trackOrderUrl(shopUrl: string, orderLabel: string) {
  return `${base(shopUrl)}${pathInLanguage(`/track?order=${encodeURIComponent(orderLabel)}`, currentLanguage())}`
}

/**
 * The link in a cash-on-delivery order's mail that confirms it (decision 043). It opens a page with a button: a
 * mail scanner that follows links confirms nothing.
 */
export function codConfirmationUrl(shopUrl: string, orderId: string, token: string) {
  return `${base(shopUrl)}${pathInLanguage(`/order/confirm/${encodeURIComponent(orderId)}?t=${encodeURIComponent(token)}`, currentLanguage())}`
}
