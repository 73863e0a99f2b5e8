import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedTestServer, type SharedTestServer } from '../support/test-server'
import { chennaiAddress } from '../support/test-address'

type ApiProduct = {
  id: string
  name: string
  category: string
  stockCount: number
  price?: number
  prices?: Record<string, number>
  stockBySize?: Record<string, number>
}

const address = chennaiAddress

describe('checkout and payment API (test mode)', () => {
  let server: SharedTestServer
  let single: ApiProduct
  let sized: ApiProduct
  beforeAll(async () => {
    server = await sharedTestServer()
    const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as { products: ApiProduct[] }
    single = products.find((p) => p.price !== undefined && p.stockCount >= 5)!
    sized = products.find((p) => p.prices && (p.stockBySize?.['250g'] ?? 0) >= 2)!
  })
  afterAll(async () => server?.stop())

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const stock = async (id: string) => ((await (await fetch(`${server.url}/api/products/${id}`)).json()) as ApiProduct).stockCount

  it('quotes a cart from the database, whatever the browser kept', async () => {
    const res = await post('/api/cart/quote', { items: [{ productId: single.id, quantity: 2, price: 1 }] })
    expect(res.status).toBe(200)
    const quote = await res.json()
    expect(quote.lines[0].unitPricePaise).toBe(Math.round(single.price! * 100))
    expect(quote.subtotalPaise).toBe(Math.round(single.price! * 100) * 2)
    // What the cart says below the subtotal, priced here too.
    const subtotal = quote.subtotalPaise as number
    expect(quote.moreForFreeDeliveryPaise).toBe(subtotal < 35_000 ? 35_000 - subtotal : 0)
    expect(quote.deliveryPaise).toBe(subtotal < 35_000 ? 4_000 : 0)
  })

  it('creates an order priced by the server, ignoring any amount sent, and reserves the stock', async () => {
    const before = await stock(single.id)
    const res = await post('/api/payment/createOrder', {
      items: [{ productId: single.id, quantity: 1 }],
      shippingAddress: address,
      email: 'lakshmi@checkout-api.example.in',
      amount: 1,
      totalPrice: 1,
    })
    expect(res.status).toBe(201)
    const body = await res.json()
    const pricePaise = Math.round(single.price! * 100)
    expect(body).toMatchObject({ currency: 'INR', provider: 'test', amount: pricePaise + (pricePaise < 35000 ? 4000 : 0) })
    expect(body.id).toMatch(/^order_test_/)
    expect(body.orderId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(res.headers.get('set-cookie')).toMatch(/buyer=/)
    expect(await stock(single.id)).toBe(before - 1)
  })

  it('pays through the test provider and shows the order only to the browser that placed it', async () => {
    const created = await post('/api/payment/createOrder', {
      items: [{ productId: sized.id, size: '250g', quantity: 1 }],
      shippingAddress: address,
      email: 'lakshmi@checkout-api.example.in',
    })
    const cookie = created.headers.get('set-cookie')!.split(';')[0]!
    const { orderId } = await created.json()
    const paid = await post('/api/payment/test/complete', { orderId }, { cookie })
    expect(paid.status).toBe(200)
    const result = await paid.json()
    expect(result.status).toBe('paid')
    // The window's signed result also verifies (and changes nothing the second time).
    const verified = await post('/api/payment/verify', {
      orderId,
      razorpay_order_id: result.razorpay_order_id,
      razorpay_payment_id: result.razorpay_payment_id,
      razorpay_signature: result.razorpay_signature,
    })
    expect(verified.status).toBe(200)

    const mine = await fetch(`${server.url}/api/orders/${orderId}`, { headers: { cookie } })
    expect(mine.status).toBe(200)
    expect((await mine.json()).status).toBe('paid')
    expect((await fetch(`${server.url}/api/orders/${orderId}`)).status).toBe(404)
    expect((await fetch(`${server.url}/api/orders/${orderId}`, { headers: { cookie: `buyer=${'x'.repeat(32)}` } })).status).toBe(404)
  })

  it('refuses a forged signature with 400 and leaves the order unpaid', async () => {
    const created = await post('/api/payment/createOrder', {
      items: [{ productId: single.id, quantity: 1 }],
      shippingAddress: address,
      email: 'a@checkout-api.example.in',
    })
    const cookie = created.headers.get('set-cookie')!.split(';')[0]!
    const { orderId, id } = await created.json()
    const res = await post('/api/payment/verify', {
      orderId,
      razorpay_order_id: id,
      razorpay_payment_id: 'pay_forged',
      razorpay_signature: 'a'.repeat(64),
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(/could not be verified/)
    const order = await (await fetch(`${server.url}/api/orders/${orderId}`, { headers: { cookie } })).json()
    expect(order.status).toBe('pending_payment')
  })

  it('answers 409 with the short lines when stock runs out, reserving nothing', async () => {
    const before = await stock(single.id)
    const res = await post('/api/payment/createOrder', {
      items: [
        { productId: single.id, quantity: 1 },
        { productId: sized.id, size: '250g', quantity: 100 },
      ],
      shippingAddress: address,
      email: 'a@checkout-api.example.in',
    })
    expect(res.status).toBe(409)
    const body = await res.json()
    expect(body.shortLines).toEqual([expect.objectContaining({ productId: sized.id, size: '250g', requested: 100, reason: 'short' })])
    expect(await stock(single.id)).toBe(before)
  })

  it('finds the same order when the payment page reloads with its checkout key', async () => {
    const body = {
      items: [{ productId: single.id, quantity: 1 }],
      shippingAddress: address,
      email: 'a@checkout-api.example.in',
      checkoutKey: 'reload-test-key-000001',
    }
    const first = await post('/api/payment/createOrder', body)
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!
    const before = await stock(single.id)
    const second = await post('/api/payment/createOrder', body, { cookie })
    expect((await second.json()).orderId).toBe((await first.json()).orderId)
    expect(await stock(single.id)).toBe(before)
    // Another browser, with a buyer cookie of its own, cannot take over that checkout (a browser without one may be
    // this one whose answer was lost: tests/server/lost-answer.test.ts).
    const otherCookie = (await post('/api/payment/createOrder', { ...body, checkoutKey: 'reload-test-key-000002' })).headers
      .get('set-cookie')!
      .split(';')[0]!
    expect((await post('/api/payment/createOrder', body, { cookie: otherCookie })).status).toBe(409)
  })

  it('answers 422 with the limit when one order asks for more of a pack than the owner allows, reserving nothing', async () => {
    const before = await stock(single.id)
    const res = await post('/api/payment/createOrder', {
      items: [{ productId: single.id, quantity: Math.min(before, 11) }],
      shippingAddress: { ...address, phoneNumber: '9000000422' },
      email: 'bulk@checkout-api.example.in',
    })
    expect(before).toBeGreaterThanOrEqual(11)
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(body).toMatchObject({ limit: 'maxUnitsPerLine', max: 10 })
    expect(body.error).toMatch(/At most 10 units of one pack .* bulk purchase/)
    expect(await stock(single.id)).toBe(before)
  })

  it('extends the reservation for the browser that placed the order only', async () => {
    const created = await post('/api/payment/createOrder', {
      items: [{ productId: single.id, quantity: 1 }],
      shippingAddress: { ...address, phoneNumber: '9000000001' },
      email: 'hold@checkout-api.example.in',
    })
    const cookie = created.headers.get('set-cookie')!.split(';')[0]!
    const { orderId } = await created.json()
    const order = await (await fetch(`${server.url}/api/orders/${orderId}`, { headers: { cookie } })).json()
    const held = await post('/api/payment/hold', { orderId }, { cookie })
    expect(held.status).toBe(200)
    const { expiresAt } = await held.json()
    expect(new Date(expiresAt).getTime()).toBeGreaterThanOrEqual(new Date(order.expiresAt).getTime())
    expect((await post('/api/payment/hold', { orderId })).status).toBe(404)
    expect((await post('/api/payment/hold', { orderId: 'x' }, { cookie })).status).toBe(400)
    expect((await fetch(`${server.url}/api/payment/hold`)).status).toBe(405)
    await post('/api/payment/test/complete', { orderId }, { cookie })
    expect((await post('/api/payment/hold', { orderId }, { cookie })).status).toBe(409)
  })

  const badBodies: Array<[string, unknown, number]> = [
    ['missing items', { shippingAddress: address, email: 'a@checkout-api.example.in' }, 400],
    ['empty items', { items: [], shippingAddress: address, email: 'a@checkout-api.example.in' }, 400],
    [
      'negative quantity',
      { items: [{ productId: 'abc', quantity: -1 }], shippingAddress: address, email: 'a@checkout-api.example.in' },
      400,
    ],
    ['huge quantity', { items: [{ productId: 'abc', quantity: 1e9 }], shippingAddress: address, email: 'a@checkout-api.example.in' }, 400],
    [
      'quantity as text',
      { items: [{ productId: 'abc', quantity: '2' }], shippingAddress: address, email: 'a@checkout-api.example.in' },
      400,
    ],
    [
      'bad size',
      { items: [{ productId: 'abc', size: '2kg', quantity: 1 }], shippingAddress: address, email: 'a@checkout-api.example.in' },
      400,
    ],
    [
      'bad PIN code',
      {
        items: [{ productId: 'abc', quantity: 1 }],
        shippingAddress: { ...address, postalCode: '12345' },
        email: 'a@checkout-api.example.in',
      },
      400,
    ],
    [
      'a Chennai PIN code with Kerala',
      {
        items: [{ productId: 'abc', quantity: 1 }],
        shippingAddress: { ...address, postalCode: '600004', state: 'Kerala' },
        email: 'a@checkout-api.example.in',
      },
      400,
    ],
    [
      'no building number nor street',
      {
        items: [{ productId: 'abc', quantity: 1 }],
        shippingAddress: { ...address, buildingNumber: '', streetName: '' },
        email: 'a@checkout-api.example.in',
      },
      400,
    ],
    [
      'a state that is none of India’s',
      {
        items: [{ productId: 'abc', quantity: 1 }],
        shippingAddress: { ...address, state: 'Singapore' },
        email: 'a@checkout-api.example.in',
      },
      400,
    ],
    [
      'bad phone',
      {
        items: [{ productId: 'abc', quantity: 1 }],
        shippingAddress: { ...address, phoneNumber: '12345' },
        email: 'a@checkout-api.example.in',
      },
      400,
    ],
    [
      'blank name',
      { items: [{ productId: 'abc', quantity: 1 }], shippingAddress: { ...address, fullName: '   ' }, email: 'a@checkout-api.example.in' },
      400,
    ],
    ['bad e-mail', { items: [{ productId: 'abc', quantity: 1 }], shippingAddress: address, email: 'not-mail' }, 400],
    [
      'unknown product',
      { items: [{ productId: 'NoSuchProduct1', quantity: 1 }], shippingAddress: address, email: 'a@checkout-api.example.in' },
      409,
    ],
    ['not an object', [1, 2, 3], 400],
  ]
  it.each(badBodies)('refuses %s with a clear 4xx and no change', async (_name, body, status) => {
    const before = await stock(single.id)
    const res = await post('/api/payment/createOrder', body)
    expect(res.status).toBe(status)
    const answer = await res.json()
    expect(typeof answer.error).toBe('string')
    expect(JSON.stringify(answer)).not.toMatch(/at .*\.js:\d+/)
    expect(await stock(single.id)).toBe(before)
  })

  it('names the address fields in its messages', async () => {
    const res = await post('/api/payment/createOrder', {
      items: [{ productId: single.id, quantity: 1 }],
      shippingAddress: { ...address, fullName: '', postalCode: '', state: ' ' },
      email: 'a@checkout-api.example.in',
    })
    const { fieldErrors } = await res.json()
    expect(fieldErrors['shippingAddress.fullName']).toBe('Full Name is required')
    expect(fieldErrors['shippingAddress.postalCode']).toBe('Postal Code is required')
    expect(fieldErrors['shippingAddress.state']).toBe('State is required')
  })

  it('names both the PIN code and the state when they do not go together, and wants a street line (decision 035)', async () => {
    const before = await stock(single.id)
    const res = await post('/api/payment/createOrder', {
      items: [{ productId: single.id, quantity: 1 }],
      shippingAddress: { ...address, city: 'Chennai', postalCode: '600004', state: 'Kerala', buildingNumber: '', streetName: '' },
      email: 'a@checkout-api.example.in',
    })
    expect(res.status).toBe(400)
    const { fieldErrors } = await res.json()
    expect(fieldErrors['shippingAddress.postalCode']).toBe(
      'PIN code 600004 is in Tamil Nadu, not Kerala: check the PIN code and the state.',
    )
    expect(fieldErrors['shippingAddress.streetName']).toBe('Building Number or Street Name is required: the courier needs one of them')
    expect(await stock(single.id)).toBe(before)
  })

  it('refuses non-JSON, malformed JSON and oversized bodies', async () => {
    expect((await fetch(`${server.url}/api/payment/createOrder`, { method: 'POST', body: 'items=1' })).status).toBe(415)
    expect((await post('/api/payment/createOrder', '{"items": [')).status).toBe(400)
    expect((await post('/api/payment/createOrder', JSON.stringify({ pad: 'x'.repeat(100_000) }))).status).toBe(413)
    expect((await fetch(`${server.url}/api/payment/createOrder`)).status).toBe(405)
  })

  it('refuses webhooks without a valid signature', async () => {
    const res = await post('/api/payment/webhook', { event: 'payment.captured', payload: {} }, { 'x-razorpay-signature': 'b'.repeat(64) })
    expect(res.status).toBe(400)
  })

  it('refuses bad input to every other checkout endpoint with a clear 4xx and no change', async () => {
    const before = await stock(single.id)
    const cases: Array<[string, unknown, number]> = [
      ['/api/cart/quote', { items: 'all of them' }, 400],
      ['/api/cart/quote', { items: [{ productId: single.id, quantity: 0 }] }, 400],
      ['/api/cart/quote', { items: [{ productId: '../../etc/passwd', quantity: 1 }] }, 400],
      ['/api/payment/verify', {}, 400],
      ['/api/payment/verify', { orderId: 'AAAAAAAAAAAAAAAAAAAAAA', razorpay_payment_id: 'pay_1', razorpay_signature: 'x' }, 400],
      ['/api/payment/verify', { orderId: 12, razorpay_payment_id: ['pay'], razorpay_signature: null }, 400],
      ['/api/payment/test/complete', {}, 400],
      ['/api/payment/test/complete', { orderId: 'AAAAAAAAAAAAAAAAAAAAAA' }, 404],
      ['/api/payment/test/complete', { orderId: { $ne: null } }, 400],
      ['/api/payment/webhook', { event: 'order.paid' }, 400],
    ]
    for (const [path, body, status] of cases) {
      const res = await post(path, body)
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status)
      const answer = await res.json()
      expect(typeof answer.error, path).toBe('string')
    }
    for (const path of ['/api/cart/quote', '/api/payment/verify', '/api/payment/test/complete']) {
      expect((await fetch(`${server.url}${path}`, { method: 'POST', body: 'x' })).status, path).toBe(415)
      expect((await post(path, '{')).status, path).toBe(400)
    }
    expect((await fetch(`${server.url}/api/orders/not-an-id!`)).status).toBe(404)
    expect((await fetch(`${server.url}/api/orders/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404)
    expect(await stock(single.id)).toBe(before)
  })
})
