import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, signUpThroughApi } from '../support/http-browser'
import { sharedShopAdmin, sharedTestServer, type SharedTestServer } from '../support/test-server'

// The exact cases from issue 14 (item 5) that answered 500: text with a NUL or a lone surrogate, and a NUL in
// the admin's searches. Each must be a 400 with a message saying what is wrong, and nothing stored.

const ADMIN = sharedShopAdmin(import.meta.url)
const NUL = 'a\u0000b'

let server: SharedTestServer
let admin: Browser
let visitor: Browser
let productId = ''

const goodAddress = {
  fullName: 'Test Buyer',
  buildingNumber: '1',
  streetName: 'Main Road',
  city: 'Salem',
  postalCode: '636001',
  state: 'Tamil Nadu',
  phoneNumber: '9876543210',
  alternateNumber: '',
}
const goodContact = { name: 'Lakshmi', email: 'lakshmi@hostile-text.example.in', phone: '9876543210', message: 'Do you ship to Pune?' }

/** Takes the cookies of a sign-up made through the API into a test browser. */
function adopt(browser: Browser, cookies: string) {
  for (const pair of cookies.split('; ')) browser.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
}

beforeAll(async () => {
  server = await sharedTestServer()
  admin = new Browser(server.url)
  visitor = new Browser(server.url)
  adopt(admin, await signUpThroughApi(server.url, ADMIN))
  const { products } = (await (await fetch(`${server.url}/api/products?category=spices`)).json()) as {
    products: Array<{ id: string; stockCount: number }>
  }
  productId = products.find((p) => p.stockCount > 2)!.id
}, 150_000)
afterAll(async () => server?.stop())

describe('text the shop refuses with a 400', () => {
  it('a NUL in /api/contact’s name or message', async () => {
    for (const field of ['name', 'message']) {
      const answer = await visitor.send('/api/contact', { json: { ...goodContact, [field]: NUL } })
      expect(answer.status, field).toBe(400)
      expect(JSON.parse(answer.text).fieldErrors[field]).toMatch(/character/i)
    }
  })

  it('a NUL in the /contact form', async () => {
    for (const field of ['name', 'message']) {
      const answer = await visitor.send('/contact', { form: { ...goodContact, [field]: NUL } })
      expect(answer.status, field).toBe(400)
      expect(answer.text).toMatch(/character/i)
    }
  })

  it('a NUL in any createOrder address field, a lone surrogate in fullName', async () => {
    const cases: Array<[string, string]> = [
      ...Object.keys(goodAddress).map((field): [string, string] => [field, NUL]),
      ['fullName', 'Meena \ud800'],
      ['city', '\udc00Salem'],
    ]
    // The shop is shared with other files: what counts is that these cases added no order.
    const ordersNow = async () => {
      const text = (await admin.send('/dash/orders?status=all')).text
      return /No orders/.test(text) ? '0' : text.match(/\b(\d+) orders?\b/)?.[1]
    }
    const before = await ordersNow()
    expect(before).toBeDefined()
    for (const [field, value] of cases) {
      const answer = await visitor.send('/api/payment/createOrder', {
        json: {
          items: [{ productId, quantity: 1 }],
          shippingAddress: { ...goodAddress, [field]: value },
          email: 'buyer@hostile-text.example.in',
        },
      })
      expect(answer.status, `${field} ${JSON.stringify(value)}`).toBe(400)
      expect(JSON.parse(answer.text).fieldErrors[`shippingAddress.${field}`], field).toBeDefined()
    }
    expect(await ordersNow()).toBe(before)
  })

  it('a NUL, control characters or a script tag in update-user’s name; a long name', async () => {
    const customer = new Browser(server.url)
    adopt(customer, await signUpThroughApi(server.url, 'meena@hostile-text.example.in', 'Meena'))
    for (const name of [NUL, 'Meena\r\nBcc: x@evil.example', '<script>alert(1)</script>', 'x'.repeat(15_000), '\u0007bell']) {
      const answer = await customer.send('/api/auth/update-user', { json: { name } })
      expect(answer.status, JSON.stringify(name.slice(0, 40))).toBe(400)
    }
    const session = JSON.parse((await customer.send('/api/auth/get-session')).text)
    expect(session.user.name).toBe('Meena')
    // A good name still goes through, trimmed.
    expect((await customer.send('/api/auth/update-user', { json: { name: '  Meena K  ' } })).status).toBe(200)
    expect(JSON.parse((await customer.send('/api/auth/get-session')).text).user.name).toBe('Meena K')
  })

  it('q=%00 on the admin’s three searches', async () => {
    for (const path of ['/dash/orders?q=%00', '/dash/users?q=%00', '/Delete?q=%00', '/dash/orders.data?q=%00']) {
      const answer = await admin.send(path)
      expect(answer.status, path).toBe(400)
    }
    // An ordinary search still works.
    expect((await admin.send('/Delete?q=pepper')).status).toBe(200)
  })

  it('a NUL or a lone surrogate in the shop’s own search', async () => {
    for (const q of ['%00', 'pepper%00', '%ED%A0%80', 'a%C0%80']) {
      const answer = await visitor.send(`/search?q=${q}`)
      expect(answer.status, q).toBeLessThan(500)
    }
  })
})
