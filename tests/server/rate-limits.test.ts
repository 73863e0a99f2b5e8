import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'

// Rate limits against the built shop with RATE_LIMIT on (the default). TRUST_PROXY lets each test pick its
// client address through X-Forwarded-For (tests/support/http-browser.ts), as a proxy in front of the shop would.

const message = { name: 'Selvi Raman', email: 'selvi@example.in', phone: '+91 98400 11223', message: 'Do you ship to Ooty?' }
const address = {
  fullName: 'Arjun Reddy',
  buildingNumber: '7',
  streetName: 'Abids Road',
  city: 'Hyderabad',
  postalCode: '500001',
  state: 'Telangana',
  phoneNumber: '+91 91234 56789',
  alternateNumber: '',
}
const OWNER = 'owner@rate-limits.example.in'
const CONTACT_REFUSED = 'Too many messages from your connection. Please try again in 10 minutes.'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1', RATE_LIMIT: 'on', ADMIN_EMAILS: OWNER } })
}, 150_000)
afterAll(async () => {
  await server?.stop()
})

function expectRetryAfter(answer: { headers: Headers }, atLeast = 9 * 60) {
  const seconds = Number(answer.headers.get('retry-after'))
  expect(seconds).toBeGreaterThanOrEqual(atLeast)
  expect(seconds).toBeLessThanOrEqual(10 * 60)
}

describe('contact messages: 5 per 10 minutes per address', () => {
  it('takes five messages through the API, refuses the sixth with 429, Retry-After and a clear message', async () => {
    const visitor = new Browser(server.url, '203.0.113.10')
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push((await visitor.send('/api/contact', { json: { ...message, message: `Question ${i}` } })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200])

    const refused = await visitor.send('/api/contact', { json: message })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('content-type')).toContain('application/json')
    expect(JSON.parse(refused.text)).toEqual({ error: CONTACT_REFUSED })
    expectRetryAfter(refused)

    // Another address is not held back.
    expect((await new Browser(server.url, '203.0.113.11').send('/api/contact', { json: message })).status).toBe(200)
  })

  it('counts messages refused as invalid too: the limit is counted before the body is read (issue 14)', async () => {
    const careless = new Browser(server.url, '203.0.113.12')
    for (let i = 0; i < 5; i++)
      expect((await careless.send('/api/contact', { json: { ...message, email: 'not-an-address' } })).status).toBe(400)
    expect((await careless.send('/api/contact', { json: message })).status).toBe(429)
  })

  it('counts the form without JavaScript together with the API, and shows the message in the form, keeping what was typed', async () => {
    const visitor = new Browser(server.url, '203.0.113.13')
    for (let i = 0; i < 3; i++) expect((await visitor.send('/api/contact', { json: message })).status).toBe(200)
    for (let i = 0; i < 2; i++) {
      const sent = await visitor.send('/contact', { form: message })
      expect(sent.status).toBe(200)
      expect(sent.text).toContain('Thank you! Your message has been sent.')
    }
    const refused = await visitor.send('/contact', { form: { ...message, message: 'Still there?' } })
    expect(refused.status).toBe(429)
    expectRetryAfter(refused)
    expect(refused.text).toMatch(new RegExp(`role="alert"[^>]*>.*${CONTACT_REFUSED.replaceAll('.', '\\.')}`))
    expect(refused.text).not.toContain('Thank you! Your message has been sent.')
    expect(refused.text).toContain('Still there?')
    expect(refused.text).toContain(`value="${message.name}"`)
  })
})

describe('checkouts: 20 createOrder per 10 minutes per address', () => {
  it('takes twenty, refuses the twenty-first with 429, Retry-After and a clear message; another address still checks out', async () => {
    const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as {
      products: Array<{ id: string; price?: number; stockCount: number }>
    }
    const product = products.filter((p) => p.price !== undefined).sort((a, b) => b.stockCount - a.stockCount)[0]!
    const order = (email: string) => ({ json: { items: [{ productId: product.id, quantity: 1 }], shippingAddress: address, email } })

    const buyer = new Browser(server.url, '203.0.113.20')
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push((await buyer.send('/api/payment/createOrder', order(`buyer${i}@example.in`))).status)
    // 409 if the shelf ran out: still counted, and not a rate limit.
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true)
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(Math.min(20, product.stockCount))

    const refused = await buyer.send('/api/payment/createOrder', order('buyer20@example.in'))
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.text)).toEqual({
      error: 'Too many checkout attempts from your connection. Please wait 10 minutes and try again.',
    })
    expectRetryAfter(refused)

    const neighbour = await new Browser(server.url, '203.0.113.21').send('/api/payment/createOrder', order('neighbour@example.in'))
    expect([201, 409]).toContain(neighbour.status)
  })
})

describe('sign-in (better-auth) under the same RATE_LIMIT switch', () => {
  it('refuses a burst of sign-ins with 429 and tells the form’s user how long to wait', async () => {
    expect((await new Browser(server.url, '203.0.113.30').signUp('guarded@example.in')).status).toBe(200)
    const attacker = new Browser(server.url, '203.0.113.31')
    const statuses: number[] = []
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await attacker.send('/api/auth/sign-in/email', { json: { email: 'guarded@example.in', password: `guess-${i}-wrong` } })).status,
      )
    expect(statuses).toEqual(Array(10).fill(401))
    const limited = await attacker.send('/api/auth/sign-in/email', { json: { email: 'guarded@example.in', password: 'correct-horse' } })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0)

    const form = await attacker.signIn('guarded@example.in')
    expect(form.status).toBe(429)
    expect(form.text).toMatch(/Too many attempts from your network\. Please wait \d+ (minutes|seconds) and try again\./)
    // The owner of the account, from home, still signs in.
    expect((await new Browser(server.url, '203.0.113.32').signIn('guarded@example.in')).status).toBe(200)
  })
})

describe('coupon codes: 10 codes the shop does not honour per 10 minutes per address (issue 19)', () => {
  it('counts only refused codes; past the limit no code is looked at, a good one neither, and the cart still prices', async () => {
    const owner = new Browser(server.url, '203.0.113.40')
    expect((await owner.signUp(OWNER)).status).toBe(200)
    expect(
      (await owner.send('/dash/coupons', { form: { intent: 'create', code: 'GOODONE', kind: 'percent', value: '10' } })).status,
    ).toBeLessThan(400)
    const { products } = (await (await fetch(`${server.url}/api/products?category=spices`)).json()) as {
      products: Array<{ id: string; stockCount: number }>
    }
    const items = [{ productId: products.find((p) => p.stockCount > 0)!.id, quantity: 1 }]
    const guesser = new Browser(server.url, '203.0.113.41')
    const quote = async (couponCode: string) => {
      const answer = await guesser.send('/api/cart/quote', { json: { items, couponCode } })
      expect(answer.status).toBe(200)
      return JSON.parse(answer.text) as { totalPaise: number; coupon: { applied: boolean; refusal?: string; message?: string } }
    }
    // A good code, priced again and again as a shopper changes the cart, is never counted.
    for (let i = 0; i < 12; i++) expect((await quote('goodone')).coupon.applied).toBe(true)
    for (let i = 0; i < 10; i++) expect((await quote(`GUESS${i}X`)).coupon).toMatchObject({ applied: false, refusal: 'not-valid' })
    const heldBack = await quote('GUESS99X')
    expect(heldBack.coupon).toEqual({
      applied: false,
      typed: 'GUESS99X',
      refusal: 'held-back',
      message: 'Too many codes tried from your connection. Please try again in 10 minutes.',
    })
    // A good code now reads the same as a wrong one: nothing is learnt from it. The cart is priced without it.
    const good = await quote('GOODONE')
    expect(good.coupon).toMatchObject({ applied: false, refusal: 'held-back' })
    const placed = await guesser.send('/api/payment/createOrder', {
      json: { items, shippingAddress: address, email: 'guesser@example.in', couponCode: 'GOODONE' },
    })
    expect(placed.status).toBe(429)
    expect(JSON.parse(placed.text)).toEqual({ error: 'Too many codes tried from your connection. Please try again in 10 minutes.' })
    // Another address is not held back.
    const other = new Browser(server.url, '203.0.113.42')
    const fresh = JSON.parse((await other.send('/api/cart/quote', { json: { items, couponCode: 'GOODONE' } })).text) as {
      coupon: { applied: boolean }
    }
    expect(fresh.coupon.applied).toBe(true)
  })
})
