import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { sharedShopAdmin, sharedTestServer, type SharedTestServer } from '../support/test-server'

// Random and hostile input to every JSON endpoint and every form action of the built shop (fast-check):
// the answer is always a 4xx (or a harmless 2xx for read-only calls), never a 5xx, and nothing in the
// database changes. A failing case is printed shrunk to its smallest form.

const ADMIN = sharedShopAdmin(import.meta.url)
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 40)

let server: SharedTestServer
let admin: Browser
let visitor: Browser
let orderId = ''
let productId = ''

/** What the shop holds, as the admin's pages count it: any change shows here. */
async function shopState() {
  const count = async (path: string, pattern: RegExp) => {
    const answer = await admin.send(path)
    expect(answer.status, path).toBe(200)
    return answer.text.match(pattern)?.[1] ?? '0'
  }
  return {
    products: await count('/Delete', /(\d+) products?/),
    orders: await count('/dash/orders?status=all', /(\d+) orders?/),
    mails: await count('/dash/outbox?show=all', /All \((\d+)\)/),
    messages: (await admin.send('/dash/messages?show=all')).text.split('mailto:').length,
    users: (await admin.send('/dash/users')).text.split('name="userId"').length,
    coupons: (await admin.send('/dash/coupons')).text.match(/Switch o(n|ff)/g)?.join(),
    order: (await admin.send(`/dash/orders/${orderId}`)).text.match(/Mark packed|Mark shipped|Mark delivered/g)?.join(),
    product: await (await fetch(`${server.url}/api/products/${productId}`)).text(),
  }
}

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '')
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ minLength: 2000, maxLength: 20_000 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    'NaN',
    '-1',
    '1e308',
    '0x10',
    '  ',
  ),
)
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -0, 1e308))
/** Any JSON at all, with hostile keys and values mixed in. */
const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(hostileKey, fc.string({ maxLength: 12 })), tie('value'), { maxKeys: 6 }),
  ),
})).value

/** Bodies that are not JSON, or JSON with duplicated keys that a careless parser would merge. */
const rawBody = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '{',
    '{"items": [',
    '[]',
    'null',
    '"x"',
    '{"items":[{"productId":"a","quantity":1,"quantity":-5}]}',
    '{"__proto__":{"admin":true}}',
  ),
)

/** A form with the endpoint's own field names and hostile ones, holding hostile values. */
const formOf = (fields: string[]) =>
  fc.dictionary(fc.oneof(fc.constantFrom(...fields), hostileKey), hostileString, { maxKeys: fields.length + 2 }).map((form) => {
    const out: Record<string, string> = {}
    // Own-property writes, so `__proto__` travels as a field name like any other.
    for (const [k, v] of Object.entries(form))
      Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true })
    return out
  })

function expectHandled(status: number, where: string) {
  expect(status, where).toBeGreaterThanOrEqual(200)
  expect(status, where).toBeLessThan(500)
}

beforeAll(async () => {
  server = await sharedTestServer()
  admin = new Browser(server.url)
  visitor = new Browser(server.url)
  expect((await admin.signUp(ADMIN)).status).toBe(200)
  const { products } = (await (await fetch(`${server.url}/api/products?category=spices`)).json()) as {
    products: Array<{ id: string; stockCount: number }>
  }
  productId = products.find((p) => p.stockCount > 2)!.id
  const address = {
    fullName: 'Test Buyer',
    buildingNumber: '1',
    streetName: 'Main Road',
    city: 'Salem',
    postalCode: '636001',
    state: 'Tamil Nadu',
    phoneNumber: '9876543210',
    alternateNumber: '',
  }
  const created = await visitor.send('/api/payment/createOrder', {
    json: { items: [{ productId, quantity: 1 }], shippingAddress: address, email: 'buyer@bad-input.example.in' },
  })
  orderId = JSON.parse(created.text).orderId
  expect((await visitor.send('/api/payment/test/complete', { json: { orderId } })).status).toBe(200)
}, 150_000)
afterAll(async () => server?.stop())

const JSON_ENDPOINTS = [
  '/api/contact',
  '/api/cart/quote',
  '/api/payment/createOrder',
  '/api/payment/verify',
  '/api/payment/test/complete',
  '/api/payment/webhook',
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
]

const FORMS: Array<{ path: () => string; fields: string[]; as: 'visitor' | 'admin' }> = [
  { path: () => '/contact', fields: ['name', 'email', 'phone', 'message'], as: 'visitor' },
  { path: () => '/Signup', fields: ['email', 'username', 'phone', 'password'], as: 'visitor' },
  { path: () => '/Signin', fields: ['email', 'password', 'rememberMe', 'redirectTo'], as: 'visitor' },
  { path: () => '/forgot-password', fields: ['email'], as: 'visitor' },
  { path: () => '/reset-password?token=x', fields: ['token', 'password', 'confirmPassword'], as: 'visitor' },
  { path: () => '/Admin', fields: ['name', 'description', 'category', 'price', 'stockCount', 'price250g', 'stock250g'], as: 'admin' },
  { path: () => '/Delete', fields: ['intent', 'id', 'name', 'price', 'stockCount', 'category'], as: 'admin' },
  { path: () => '/api/admin/products', fields: ['name', 'description', 'category', 'price', 'stockCount'], as: 'admin' },
  { path: () => `/api/admin/products/${productId}`, fields: ['intent', 'name', 'price', 'stockCount', 'category'], as: 'admin' },
  { path: () => `/dash/orders/${orderId}`, fields: ['step', 'courier', 'trackingNumber', 'reason', 'confirm'], as: 'admin' },
  { path: () => '/dash/messages', fields: ['messageId', 'handled'], as: 'admin' },
  { path: () => '/dash/outbox', fields: ['mailId'], as: 'admin' },
  { path: () => '/dash/users', fields: ['userId', 'role'], as: 'admin' },
  { path: () => '/dash/settings', fields: ['gstin', 'gstState'], as: 'admin' },
  {
    path: () => '/dash/coupons',
    fields: [
      'intent',
      'code',
      'kind',
      'value',
      'minOrder',
      'maxDiscount',
      'validFrom',
      'validUntil',
      'totalUses',
      'usesPerCustomer',
      'products',
    ],
    as: 'admin',
  },
  { path: () => '/dash/coupons', fields: ['intent', 'code', 'active'], as: 'admin' },
  { path: () => '/track', fields: ['order', 'contact'], as: 'visitor' },
]

describe('random and hostile input', () => {
  it('JSON endpoints answer every body with a 4xx and change nothing', async () => {
    const before = await shopState()
    for (const path of JSON_ENDPOINTS) {
      await fc.assert(
        fc.asyncProperty(hostileJson, async (body) => {
          const answer = await visitor.send(path, { json: body })
          expectHandled(answer.status, `${path} ${JSON.stringify(body)?.slice(0, 200)}`)
          expect(answer.text).not.toMatch(/at \S+ \(.*:\d+:\d+\)/)
        }),
        { numRuns: RUNS },
      )
      await fc.assert(
        fc.asyncProperty(rawBody, async (body) => {
          const answer = await visitor.send(path, { headers: { 'content-type': 'application/json' }, method: 'POST', raw: body })
          expectHandled(answer.status, `${path} raw ${body.slice(0, 200)}`)
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      )
    }
    expect(await shopState()).toEqual(before)
  }, 300_000)

  it('form actions answer every form with a 4xx (or their page) and change nothing', async () => {
    const before = await shopState()
    for (const form of FORMS) {
      const browser = form.as === 'admin' ? admin : visitor
      await fc.assert(
        fc.asyncProperty(formOf(form.fields), async (fields) => {
          const answer = await browser.send(form.path(), { form: fields })
          expectHandled(answer.status, `${form.path()} ${JSON.stringify(fields).slice(0, 200)}`)
        }),
        { numRuns: RUNS },
      )
    }
    expect(await shopState()).toEqual(before)
  }, 300_000)

  it('read endpoints answer unknown and odd ids and queries without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostileString, async (text) => {
        const id = encodeURIComponent(text.slice(0, 300))
        for (const path of [
          `/api/products/${id}`,
          `/api/products?category=${id}`,
          `/api/orders/${id}`,
          `/api/orders/${id}/invoice`,
          `/track?order=${id}`,
          `/product/${id}`,
          `/product/x/${id}`,
          `/dash/orders/${id}`,
          `/media/${id}`,
        ]) {
          const answer = await admin.send(path)
          expectHandled(answer.status, path.slice(0, 200))
        }
      }),
      { numRuns: RUNS },
    )
  }, 300_000)

  it('refuses bodies over the limit early with 413', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(200_000) })
    for (const path of ['/api/contact', '/api/cart/quote', '/api/payment/createOrder', '/api/auth/sign-in/email']) {
      const answer = await visitor.send(path, { headers: { 'content-type': 'application/json' }, method: 'POST', raw: big })
      expect(answer.status, path).toBe(413)
    }
  })
})
