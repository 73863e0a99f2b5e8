import crypto from 'node:crypto'
import type { Database } from '~/db/client.server'
import { appSecret, sameSecret } from '../settings/app-secrets.server'

/**
 * The token in a cash-on-delivery order's confirmation link (decision 043): an HMAC of the order's id with the
 * shop's secret for it (codConfirmationSecret, the same on every instance), so the link needs no
 * account and no stored token, and cannot be made for another order. That it works once is the order's state: it
 * confirms only an order still awaiting confirmation.
 */
export function codConfirmationToken(secret: string, orderId: string) {
  return crypto.createHmac('sha256', secret).update(`cod-confirmation:${orderId}`).digest('base64url')
}

/** Whether `token` is the one made for this order (compared in constant time). */
export function isCodConfirmationToken(secret: string, orderId: string, token: string | null | undefined) {
  return !!token && sameSecret(token, codConfirmationToken(secret, orderId))
}

/** The shop's secret for the confirmation links, made once and the same on every instance. */
export function codConfirmationSecret(db: Database) {
  return appSecret(db, 'cod-confirmation')
}
