let shopUrl = 'http://localhost:3000'

/**
 * The shop's public address (PUBLIC_URL) for links in mails, set once at start (shop.server.ts), as the media
 * base is; mails are written deep in transactions that have no request to ask.
 */
export function setShopUrl(url: string) {
  shopUrl = url.replace(/\/+$/, '')
}

/**
 * Where a customer follows an order without an account. Only the order number is in the link: the e-mail or
 * phone that proves the order is theirs is typed on the page, so it never sits in a URL or a log.
 */
export function trackOrderUrl(orderLabel: string) {
  return `${shopUrl}/track?order=${encodeURIComponent(orderLabel)}`
}

/**
 * The link in a cash-on-delivery order's mail that confirms it (decision 043). It opens a page with a button: a
 * mail scanner that follows links confirms nothing.
 */
export function codConfirmationUrl(orderId: string, token: string) {
  return `${shopUrl}/order/confirm/${encodeURIComponent(orderId)}?t=${encodeURIComponent(token)}`
}
