import { describe, expect, it } from 'vitest'
import { isAllowedOrigin } from './same-origin.server'

const SHOP = 'https://kaadu.example'
const check = (method: string, path: string, headers: Record<string, string | string[] | undefined>, ownOrigin = SHOP) =>
  isAllowedOrigin({ method, path, headers, ownOrigin })

describe('isAllowedOrigin', () => {
  it('lets the shop’s own pages post', () => {
    expect(check('POST', '/contact', { origin: SHOP, 'sec-fetch-site': 'same-origin' })).toBe(true)
    expect(check('POST', '/contact', { origin: SHOP })).toBe(true)
    // The same origin spelt with its default port, as a proxy might put it.
    expect(check('POST', '/contact', { origin: SHOP }, 'https://kaadu.example:443')).toBe(true)
    expect(check('DELETE', '/api/admin/products/x', { 'sec-fetch-site': 'same-origin' })).toBe(true)
  })

  it('refuses changes another site’s page asks for', () => {
    expect(check('POST', '/Delete', { origin: 'https://evil.example' })).toBe(false)
    expect(check('POST', '/Delete', { origin: 'http://kaadu.example' })).toBe(false)
    expect(check('POST', '/Delete', { origin: 'https://kaadu.example:8443' })).toBe(false)
    expect(check('POST', '/Delete', { origin: 'https://shop.kaadu.example' })).toBe(false)
    expect(check('put', '/api/admin/products', { origin: 'https://evil.example' })).toBe(false)
    expect(check('PATCH', '/api/contact', { origin: 'https://evil.example' })).toBe(false)
  })

  it('refuses what the browser marks as from another site, with or without Origin', () => {
    expect(check('POST', '/signout', { 'sec-fetch-site': 'cross-site' })).toBe(false)
    // A sibling subdomain is another site's page to the shop.
    expect(check('POST', '/signout', { 'sec-fetch-site': 'same-site' })).toBe(false)
    expect(check('POST', '/signout', { 'sec-fetch-site': 'Cross-Site', origin: SHOP })).toBe(false)
  })

  it('treats Origin: null and other unreadable origins as foreign', () => {
    for (const origin of ['null', '', 'kaadu.example', 'file:///tmp/x.html', `${SHOP}, https://evil.example`]) {
      expect(check('POST', '/api/contact', { origin }), origin).toBe(false)
    }
    expect(check('POST', '/api/contact', { origin: [SHOP, SHOP] })).toBe(false)
  })

  it('refuses every Origin when the shop’s own origin is unknown', () => {
    expect(check('POST', '/api/contact', { origin: 'http://undefined' }, 'http://')).toBe(false)
  })

  it('lets requests with neither header through: they are not a browser’s and carry no shopper’s cookies', () => {
    expect(check('POST', '/api/contact', {})).toBe(true)
    expect(check('POST', '/api/contact', { 'sec-fetch-site': 'none' })).toBe(true)
  })

  it('never stops reading', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(check(method, '/Delete', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).toBe(true)
    }
  })

  it('lets Razorpay’s webhook through from anywhere, and only that address with POST', () => {
    expect(check('POST', '/api/payment/webhook', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).toBe(true)
    expect(check('PUT', '/api/payment/webhook', { origin: 'https://evil.example' })).toBe(false)
    expect(check('POST', '/api/payment/verify', { origin: 'https://evil.example' })).toBe(false)
    expect(check('POST', '/api/payment/webhook/x', { origin: 'https://evil.example' })).toBe(false)
  })
})
