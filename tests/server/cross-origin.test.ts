import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink } from '../support/smtp-sink'
import { startTestServer, type TestServer } from '../support/test-server'
import { chennaiAddress } from '../support/test-address'
import { formTokenFor, withFormToken } from '../support/http-browser'
import { formTokenRefusalMessage } from '~/http/form-token'

// Another site's page, in the admin's browser, asks the shop for every change it can make: all are refused
// by the one guard in server/app.ts (docs/decisions/010-cross-origin-guard.md) and nothing changes. The forms among
// them, sent from the shop's own origin without this browser's form token, are refused too (decision 034).

const ADMIN = 'owner@example.com'
const CUSTOMER = 'customer@example.com'
const PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a brand new password'
const EVIL = 'https://evil.example'
const REFUSAL = 'This request came from another site and was refused.'

type Fixtures = { productId: string; orderId: string; resetToken: string }
type Body = { json: unknown } | { form: Record<string, string> } | { multipart: Record<string, string> }
/** One changing request. `:productId` and `:resetToken` in the path are filled in; `endsSession` ones get a session of their own. */
type Endpoint = { path: string; label?: string; body: (f: Fixtures) => Body; endsSession?: boolean }

const message = (via: string) => ({
  name: 'Cross Site',
  email: 'visitor@example.in',
  phone: '+91 98400 11223',
  message: `Sent through ${via}.`,
})
const product = (name: string) => ({
  name,
  description: 'Black pepper from Wayanad.',
  category: 'spices',
  price: '149.50',
  stockCount: '12',
})
const ADDRESS = chennaiAddress

// Every request that changes something (app/routes.ts: the routes with an action). One line per endpoint.
const ENDPOINTS: Endpoint[] = [
  { path: '/api/contact', body: () => ({ json: message('the API') }) },
  { path: '/contact', body: () => ({ form: message('the form') }) },
  { path: '/api/cart/quote', body: (f) => ({ json: { items: [{ productId: f.productId, quantity: 1 }] } }) },
  {
    path: '/api/payment/createOrder',
    body: (f) => ({ json: { items: [{ productId: f.productId, quantity: 2 }], shippingAddress: ADDRESS, email: CUSTOMER } }),
  },
  { path: '/api/payment/test/complete', body: (f) => ({ json: { orderId: f.orderId } }) },
  {
    path: '/api/payment/verify',
    body: (f) => ({
      json: { orderId: f.orderId, razorpay_order_id: 'order_test_x', razorpay_payment_id: 'pay_x', razorpay_signature: '0'.repeat(64) },
    }),
  },
  {
    path: '/Signup',
    body: () => ({ form: { email: 'newcomer@example.com', username: 'Newcomer', phone: '+91 98430 12345', password: PASSWORD } }),
  },
  {
    path: '/api/auth/sign-up/email',
    body: () => ({
      json: { email: 'newcomer2@example.com', password: PASSWORD, name: 'Newcomer', username: 'Newcomer', phone: '+91 98430 12345' },
    }),
  },
  { path: '/Signin', body: () => ({ form: { email: CUSTOMER, password: PASSWORD } }) },
  { path: '/api/auth/sign-in/email', body: () => ({ json: { email: CUSTOMER, password: PASSWORD } }) },
  { path: '/forgot-password', body: () => ({ form: { email: CUSTOMER } }) },
  {
    path: '/reset-password?token=:resetToken',
    body: (f) => ({ form: { token: f.resetToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
  },
  { path: '/my-orders', label: 'send the confirmation mail', body: () => ({ form: {} }) },
  { path: '/Admin', body: () => ({ multipart: product('Added From Elsewhere') }) },
  {
    path: '/Delete',
    label: 'update',
    body: (f) => ({ form: { intent: 'update', id: f.productId, ...product('Renamed From Elsewhere') } }),
  },
  { path: '/Delete', label: 'delete', body: (f) => ({ form: { intent: 'delete', id: f.productId } }) },
  { path: '/api/admin/products', body: () => ({ multipart: product('Added From Elsewhere') }) },
  {
    path: '/api/admin/products/:productId',
    label: 'update',
    body: () => ({ multipart: { intent: 'update', ...product('Renamed From Elsewhere') } }),
  },
  { path: '/api/admin/products/:productId', label: 'delete', body: () => ({ multipart: { intent: 'delete' } }) },
  { path: '/dash/orders/:orderId', label: 'pack', body: () => ({ form: { step: 'pack' } }) },
  { path: '/dash/orders/:orderId', label: 'cancel', body: () => ({ form: { step: 'cancel', confirm: 'yes' } }) },
  { path: '/dash/messages', body: () => ({ form: { messageId: '1', handled: 'true' } }) },
  { path: '/dash/outbox', body: () => ({ form: { mailId: '1' } }) },
  { path: '/dash/users', body: () => ({ form: { userId: 'no-such-account', role: 'admin' } }) },
  { path: '/dash/settings', body: () => ({ form: { gstin: '29AAGCB7383J1Z4', gstState: 'Karnataka' } }) },
  { path: '/dash/policies/terms', body: () => ({ form: { title: 'Terms From Elsewhere', body: 'Changed by another site.' } }) },
  { path: '/track', body: () => ({ form: { order: 'KO-1', contact: CUSTOMER } }) },
  { path: '/signout', body: () => ({ form: {} }), endsSession: true },
  { path: '/api/auth/sign-out', body: () => ({ json: {} }), endsSession: true },
]

/** What a page on another site can make a browser send: the browser adds these, the page cannot change them. */
const FOREIGN: Array<Record<string, string>> = [
  { origin: EVIL },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
]

let server: TestServer
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let adminCookie = ''
let buyerCookie = ''
const fixtures: Fixtures = { productId: '', orderId: '', resetToken: '' }
let productsBefore = 0

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

/** `token`: the form token a form or multipart body carries (none when left out). */
async function send(endpoint: Endpoint, headers: Record<string, string>, token?: string) {
  const body = endpoint.body(fixtures)
  const init: RequestInit & { headers: Record<string, string> } = { method: 'POST', headers: { ...headers }, redirect: 'manual' }
  if ('json' in body) {
    init.headers['content-type'] = 'application/json'
    init.body = JSON.stringify(body.json)
  } else if ('form' in body) {
    init.headers['content-type'] = 'application/x-www-form-urlencoded'
    init.body = new URLSearchParams(body.form)
    if (token !== undefined) init.body.set('csrf_token', token)
  } else {
    const form = new FormData()
    for (const [k, v] of Object.entries(body.multipart)) form.set(k, v)
    if (token !== undefined) form.set('csrf_token', token)
    init.body = form
  }
  const path = endpoint.path
    .replace(':productId', fixtures.productId)
    .replace(':orderId', fixtures.orderId)
    .replace(':resetToken', encodeURIComponent(fixtures.resetToken))
  const response = await fetch(`${server.url}${path}`, init)
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    cacheControl: response.headers.get('cache-control'),
    setCookies: response.headers.getSetCookie(),
    text: await response.text(),
  }
}

const refusedByGuard = (answer: { status: number; text: string }) => answer.status === 403 && answer.text.includes(REFUSAL)

async function signIn(email: string) {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
}

async function productCount() {
  const html = await (await fetch(`${server.url}/Delete`, { headers: { cookie: adminCookie } })).text()
  return Number(html.match(/(\d+) products?/)?.[1])
}

async function productNames() {
  const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as { products: Array<{ name: string }> }
  return products.map((p) => p.name)
}

const contactMails = () => smtp.received.filter((m) => /^New message from Cross Site/.test(m.subject))
const resetMails = () => smtp.received.filter((m) => m.to.includes(CUSTOMER) && /new password/i.test(m.subject))

beforeAll(async () => {
  smtp = await startSmtpSink()
  // Sign-in limits are tests/server/accounts.test.ts's business; here they would only slow the sign-ins down.
  server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN, SMTP_URL: smtp.url, RATE_LIMIT: 'off' } })
  for (const email of [ADMIN, CUSTOMER]) {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Tester', username: 'Tester', phone: '+91 98765 43210' }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    // Sign-up signs nobody in (docs/decisions/023-sign-up-does-not-tell.md).
    if (email === ADMIN) {
      const signedIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email, password: PASSWORD }),
      })
      adminCookie = (await withFormToken(server.url, cookiesOf(signedIn))).cookie
    }
  }

  // A product of the admin's, an unpaid order for it, and a live reset link for the customer: all things another site would like to change.
  const form = new FormData()
  for (const [k, v] of Object.entries(product('Target Pepper'))) form.set(k, v)
  form.set('csrf_token', await formTokenFor(server.url, adminCookie))
  const added = await fetch(`${server.url}/api/admin/products`, {
    method: 'POST',
    headers: { cookie: adminCookie, origin: server.url },
    body: form,
  })
  expect(added.status).toBe(200)
  fixtures.productId = ((await added.json()) as { product: { id: string } }).product.id

  const order = await fetch(`${server.url}/api/payment/createOrder`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ items: [{ productId: fixtures.productId, quantity: 1 }], shippingAddress: ADDRESS, email: CUSTOMER }),
  })
  expect(order.status, await order.clone().text()).toBe(201)
  buyerCookie = cookiesOf(order)
  fixtures.orderId = ((await order.json()) as { orderId: string }).orderId

  const visitor = await withFormToken(server.url)
  const forgot = await fetch(`${server.url}/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie: visitor.cookie },
    body: new URLSearchParams({ email: CUSTOMER, csrf_token: visitor.token }),
  })
  expect(forgot.status).toBe(200)
  const mail = await smtp.waitForMail(CUSTOMER, (m) => /new password/i.test(m.subject))
  fixtures.resetToken = decodeURIComponent(mail.text.match(/\/reset-password\?token=(\S+)/)![1]!)
  productsBefore = await productCount()
}, 120_000)
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

describe('forms posted from the shop’s own origin without this browser’s form token', () => {
  for (const endpoint of ENDPOINTS.filter((e) => !('json' in e.body(fixtures)))) {
    const name = `POST ${endpoint.path}${endpoint.label ? ` (${endpoint.label})` : ''}`
    it(`${name}: refused with 403, with the admin's cookie: no token, another browser's, a made-up one`, async () => {
      const stranger = await withFormToken(server.url)
      for (const token of [undefined, stranger.token, 'x'.repeat(43), '']) {
        const answer = await send(endpoint, { cookie: adminCookie, origin: server.url }, token)
        expect(answer.status, `${token}: ${answer.text.slice(0, 200)}`).toBe(403)
        expect(answer.cacheControl).toContain('no-store')
        expect(answer.text).toContain(formTokenRefusalMessage())
      }
      // The stranger's own token, sent without the stranger's cookie, is no better.
      const answer = await send(endpoint, { origin: server.url }, stranger.token)
      expect(answer.status).toBe(403)
    })
  }
})

describe('changes asked for by another site', () => {
  for (const endpoint of ENDPOINTS) {
    const name = `POST ${endpoint.path}${endpoint.label ? ` (${endpoint.label})` : ''}`
    it(`${name}: refused with 403 from another site, with the admin's cookie`, async () => {
      for (const foreign of FOREIGN) {
        const answer = await send(endpoint, { cookie: adminCookie, ...foreign })
        expect(answer.status, `${JSON.stringify(foreign)}: ${answer.text.slice(0, 200)}`).toBe(403)
        expect(answer.cacheControl).toBe('no-store')
        expect(answer.setCookies).toEqual([])
        if (endpoint.path.startsWith('/api/')) {
          expect(answer.type).toContain('application/json')
          expect(JSON.parse(answer.text)).toEqual({ error: REFUSAL })
        } else {
          expect(answer.text).toContain(REFUSAL)
        }
      }
    })
  }

  it('left everything as it was', async () => {
    // The product is there, unchanged, and no other was added.
    expect(await productCount()).toBe(productsBefore)
    const listed = (await (await fetch(`${server.url}/api/products/${fixtures.productId}`)).json()) as { name: string; stockCount: number }
    expect(listed).toMatchObject({ name: 'Target Pepper', stockCount: 11 })
    const names = await productNames()
    expect(names).not.toContain('Added From Elsewhere')
    expect(names).not.toContain('Renamed From Elsewhere')
    // The terms page is the template still.
    expect(await (await fetch(`${server.url}/policies/terms`)).text()).not.toContain('Changed by another site.')
    // The order is still unpaid.
    const order = (await (await fetch(`${server.url}/api/orders/${fixtures.orderId}`, { headers: { cookie: buyerCookie } })).json()) as {
      status: string
    }
    expect(order.status).toBe('pending_payment')
    // The admin is still signed in; the customer's password still works; no account was made.
    const session = (await (await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: adminCookie } })).json()) as {
      user?: { email: string }
    }
    expect(session.user?.email).toBe(ADMIN)
    expect((await signIn(CUSTOMER)).status).toBe(200)
    expect((await signIn('newcomer@example.com')).status).toBe(401)
    expect((await signIn('newcomer2@example.com')).status).toBe(401)
  })
})

describe('the same requests from the shop’s own pages', () => {
  for (const endpoint of ENDPOINTS) {
    const name = `POST ${endpoint.path}${endpoint.label ? ` (${endpoint.label})` : ''}`
    it(`${name}: passes the origin check`, async () => {
      let cookie = adminCookie
      if (endpoint.endsSession) {
        const signedIn = await signIn(ADMIN)
        expect(signedIn.status).toBe(200)
        cookie = (await withFormToken(server.url, cookiesOf(signedIn))).cookie
      }
      const token = await formTokenFor(server.url, cookie)
      const own: Array<Record<string, string>> = [{ origin: server.url }, { origin: server.url, 'sec-fetch-site': 'same-origin' }]
      for (const headers of own) {
        const answer = await send(endpoint, { cookie, ...headers }, token)
        expect(refusedByGuard(answer), `${answer.status} ${answer.text.slice(0, 200)}`).toBe(false)
        expect(answer.status).toBeLessThan(500)
      }
    })
  }

  it('did what was asked: products added, messages and reset mails sent', async () => {
    // /Admin and /api/admin/products each added one product, twice.
    expect((await productNames()).filter((n) => n === 'Added From Elsewhere')).toHaveLength(4)
    await expect.poll(() => contactMails().length, { timeout: 20_000 }).toBe(4)
    // The one asked for before, and the two just now: none from another site.
    await expect.poll(() => resetMails().length, { timeout: 20_000 }).toBe(3)
  })
})

describe('Razorpay’s webhook', () => {
  it('is not refused for its Origin: its signature is what is checked', async () => {
    for (const foreign of FOREIGN) {
      const response = await fetch(`${server.url}/api/payment/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...foreign },
        body: JSON.stringify({ event: 'payment.captured', payload: {} }),
      })
      const text = await response.text()
      expect(response.status, text).toBe(400)
      expect(text).not.toContain(REFUSAL)
    }
  })
})

describe('requests that are no browser’s', () => {
  it('pass without Origin or Sec-Fetch-Site, as curl and servers send them', async () => {
    const response = await fetch(`${server.url}/api/cart/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: fixtures.productId, quantity: 1 }] }),
    })
    expect(response.status).toBe(200)
  })
})
