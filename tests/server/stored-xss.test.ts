import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { sharedShopAdmin, sharedTestServer, type SharedTestServer } from '../support/test-server'

// Stored cross-site scripting: what customers and admins type is shown as text on every page that shows it,
// in the HTML and in the data React Router embeds in it. Path traversal in media and product URLs is a 404.

const ADMIN = sharedShopAdmin(import.meta.url)
const SCRIPT = '<script>alert("xss")</script>'
const IMG = '"><img src=x onerror=alert(1)>'
const PAYLOAD = `${SCRIPT}${IMG}`

let server: SharedTestServer
let admin: Browser
let customer: Browser
let productPath = ''
let orderId = ''

/** Markup an attacker would need the page to contain, anywhere: as HTML or inside the embedded data's script. */
function expectNoLiveMarkup(html: string, where: string) {
  expect(html, where).not.toContain('<script>alert(')
  expect(html, where).not.toContain('<img src=x onerror')
  expect(html, where).not.toMatch(/<\/script><img/i)
}

beforeAll(async () => {
  server = await sharedTestServer()
  admin = new Browser(server.url)
  customer = new Browser(server.url)
  expect((await admin.signUp(ADMIN)).status).toBe(200)
  expect((await customer.signUp('mallory@stored-xss.example.in', { username: `Mallory${IMG}`.slice(0, 50) })).status).toBeLessThan(500)

  const form = new FormData()
  for (const [k, v] of Object.entries({
    name: `Pepper ${SCRIPT}`.slice(0, 100),
    description: `Hot ${PAYLOAD}`,
    category: 'spices',
    price: '99',
    stockCount: '5',
  }))
    form.set(k, v)
  form.set('csrf_token', await admin.formToken())
  const added = await fetch(`${server.url}/api/admin/products`, {
    method: 'POST',
    headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: server.url },
    body: form,
  })
  expect(added.status, await added.clone().text()).toBe(200)
  const product = ((await added.json()) as { product: { id: string; url: string } }).product
  productPath = product.url

  expect(
    (
      await customer.send('/api/contact', {
        json: { name: `Eve ${IMG}`.slice(0, 60), email: 'eve@stored-xss.example.in', phone: '9876543210', message: `Hello ${PAYLOAD}` },
      })
    ).status,
  ).toBeLessThan(300)
  const address = {
    fullName: `Eve ${IMG}`.slice(0, 60),
    buildingNumber: SCRIPT.slice(0, 30),
    streetName: `Road ${IMG}`,
    city: 'Salem',
    postalCode: '636001',
    state: 'Tamil Nadu',
    phoneNumber: '9876543210',
    alternateNumber: '',
  }
  const created = await customer.send('/api/payment/createOrder', {
    json: { items: [{ productId: product.id, quantity: 1 }], shippingAddress: address, email: 'mallory@stored-xss.example.in' },
  })
  expect(created.status, created.text).toBe(201)
  orderId = JSON.parse(created.text).orderId
  expect((await customer.send('/api/payment/test/complete', { json: { orderId } })).status).toBe(200)
}, 150_000)
afterAll(async () => server?.stop())

describe('stored scripts are shown as text', () => {
  it('on the shop’s pages', async () => {
    for (const path of [productPath, '/Spices', '/product?category=spices', `/order-success?order=${orderId}`]) {
      const answer = await customer.send(path)
      expect(answer.status, path).toBe(200)
      expectNoLiveMarkup(answer.text, path)
    }
    // The product page does show the name, escaped.
    const page = await customer.send(productPath)
    expect(page.text).toContain('Pepper &lt;script&gt;')
  })

  it('on the admin’s pages', async () => {
    for (const path of [
      '/dash',
      '/Delete?q=Pepper',
      '/dash/orders?status=all',
      `/dash/orders/${orderId}`,
      '/dash/messages?show=all',
      '/dash/outbox?show=all',
      '/dash/users',
    ]) {
      const answer = await admin.send(path)
      expect(answer.status, path).toBe(200)
      expectNoLiveMarkup(answer.text, path)
    }
    expect((await admin.send('/dash/messages?show=all')).text).toContain('Hello &lt;script&gt;')
  })

  it('in the JSON API, which is served as JSON and never sniffed as HTML', async () => {
    const answer = await fetch(`${server.url}/api/products?category=spices`)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await answer.text()).toContain('Pepper <script>')
  })
})

describe('path traversal', () => {
  it('answers 404 for media and product paths that try to climb out', async () => {
    for (const path of [
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e%2f%2e%2e%2fpackage.json',
      '/media/..%5c..%5cpackage.json',
      '/media/....//....//package.json',
      '/product/..%2F..%2Fpackage.json',
      '/product/x/..%2F..%2Fserver.js',
      '/assets/..%2F..%2Fpackage.json',
    ]) {
      const answer = await fetch(`${server.url}${path}`)
      expect(answer.status, path).toBe(404)
      expect(await answer.text(), path).not.toContain('"dependencies"')
    }
  })
})
