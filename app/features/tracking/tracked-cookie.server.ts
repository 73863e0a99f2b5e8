import { createCookie } from 'react-router'
import type { Database } from '~/db/client.server'
import { appSecret } from '../settings/app-secrets.server'

/**
 * After the order number and e-mail or phone matched on /track, this browser may see that order (and download its
 * invoice) for an hour without typing them again: a signed cookie names the order and when it was matched. The
 * e-mail or phone is never stored in it, nor put in a URL.
 */
const MAX_AGE_SECONDS = 60 * 60

const secrets = new WeakMap<Database, Promise<string>>()
async function trackedCookie(db: Database) {
  let secret = secrets.get(db)
  if (!secret) {
    secret = appSecret(db, 'tracked-order-cookie')
    secrets.set(db, secret)
    secret.catch(() => secrets.delete(db))
  }
  return createCookie('tracked', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: MAX_AGE_SECONDS, secrets: [await secret] })
}

/** The Set-Cookie header that lets this browser see `orderId` for the next hour. */
export async function trackedOrderCookie(db: Database, request: Request, orderId: string, now = Date.now()) {
  const secure = new URL(request.url).protocol === 'https:'
  return (await trackedCookie(db)).serialize({ orderId, at: now }, { secure })
}

/** The order this browser matched on /track within the hour, or null. */
export async function readTrackedOrder(db: Database, request: Request, now = Date.now()): Promise<string | null> {
  const header = request.headers.get('cookie')
  if (!header || !/(^|;\s*)tracked=/.test(header)) return null
  const value: unknown = await (await trackedCookie(db)).parse(header)
  if (typeof value !== 'object' || value === null) return null
  const { orderId, at } = value as { orderId?: unknown; at?: unknown }
  // The cookie's Max-Age is the browser's to keep; the time inside it is ours.
  if (typeof orderId !== 'string' || typeof at !== 'number' || at > now || now - at > MAX_AGE_SECONDS * 1000) return null
  return orderId
}
