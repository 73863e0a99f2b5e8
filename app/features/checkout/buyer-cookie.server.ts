import crypto from 'node:crypto'
import { createCookie } from 'react-router'

/**
 * A random token in an httpOnly cookie marks the browser that placed an order, so that browser (and nobody
 * else) can read the order back without an account. Only its hash is stored with the order.
 */
const buyerCookie = createCookie('buyer', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 * 60 * 24 * 365 })

export async function readBuyerToken(request: Request): Promise<string | null> {
  const value = await buyerCookie.parse(request.headers.get('cookie'))
  return typeof value === 'string' && /^[A-Za-z0-9_-]{32}$/.test(value) ? value : null
}

/** The browser's token, making one when it has none; `setCookie` is the header to send when new. */
export async function ensureBuyerToken(request: Request) {
  const existing = await readBuyerToken(request)
  if (existing) return { token: existing, setCookie: null }
  const token = crypto.randomBytes(24).toString('base64url')
  const secure = new URL(request.url).protocol === 'https:'
  return { token, setCookie: await buyerCookie.serialize(token, { secure }) }
}
