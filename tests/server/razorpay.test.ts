import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRazorpayStandIn } from '../support/razorpay-standin'
import { startTestServer, type TestServer } from '../support/test-server'

const KEY_ID = 'rzp_test_standin'
const KEY_SECRET = 'standin-key-secret'
const WEBHOOK_SECRET = 'standin-webhook-secret'
const sign = (secret: string, message: string) => crypto.createHmac('sha256', secret).update(message).digest('hex')

const address = {
  fullName: 'Arjun Reddy',
  city: 'Hyderabad',
  postalCode: '500001',
  state: 'Telangana',
  phoneNumber: '09123456789',
}

describe('Razorpay flow against a loopback stand-in of its Orders API', () => {
  let razorpay: Awaited<ReturnType<typeof startRazorpayStandIn>>
  let server: TestServer
  let productId: string
  let pricePaise: number
  beforeAll(async () => {
    razorpay = await startRazorpayStandIn(KEY_ID, KEY_SECRET)
    server = await startTestServer({
      env: {
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_BASE: razorpay.url,
      },
    })
    const { products } = await (await fetch(`${server.url}/api/products`)).json()
    const product = products.find((p: { price?: number; stockCount: number }) => p.price !== undefined && p.stockCount >= 5)
    productId = product.id
    pricePaise = Math.round(product.price * 100)
  })
  afterAll(async () => {
    await server?.stop()
    await razorpay?.close()
  })

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  const createOrder = async () => {
    const res = await post('/api/payment/createOrder', { items: [{ productId, quantity: 2 }], shippingAddress: address, email: 'arjun@example.in' })
    return { res, body: await res.json(), cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' }
  }

  it('creates the Razorpay order for the server-computed total in paise', async () => {
    const { res, body } = await createOrder()
    expect(res.status).toBe(201)
    const expected = 2 * pricePaise + (2 * pricePaise < 35000 ? 4000 : 0)
    expect(body).toMatchObject({ provider: 'razorpay', keyId: KEY_ID, currency: 'INR', amount: expected })
    const sent = razorpay.state.requests.findLast((r) => r.path === '/v1/orders')!
    expect(sent.body).toMatchObject({ amount: expected, currency: 'INR' })
    expect(razorpay.orders.get(body.id)?.amount).toBe(expected)
  })

  it('marks the order paid on a valid checkout signature, computed over the stored order id', async () => {
    const { body, cookie } = await createOrder()
    const paymentId = 'pay_browser01'
    const res = await post('/api/payment/verify', {
      orderId: body.orderId,
      razorpay_order_id: body.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(KEY_SECRET, `${body.id}|${paymentId}`),
    })
    expect(res.status).toBe(200)
    expect((await (await fetch(`${server.url}/api/orders/${body.orderId}`, { headers: { cookie } })).json()).status).toBe('paid')
  })

  it('confirms by webhook when the customer closed the window, and a replayed webhook changes nothing', async () => {
    const { body, cookie } = await createOrder()
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_hook01', order_id: body.id, status: 'captured', amount: body.amount } } },
    })
    const headers = { 'x-razorpay-signature': sign(WEBHOOK_SECRET, raw), 'x-razorpay-event-id': `evt_${body.orderId}` }
    const first = await post('/api/payment/webhook', raw, headers)
    expect(first.status).toBe(200)
    expect((await first.json()).outcome).toBe('paid')
    const replay = await post('/api/payment/webhook', raw, headers)
    expect(replay.status).toBe(200)
    expect((await replay.json()).outcome).toBe('duplicate')
    expect((await (await fetch(`${server.url}/api/orders/${body.orderId}`, { headers: { cookie } })).json()).status).toBe('paid')
  })

  it('refuses a webhook signed with the wrong secret', async () => {
    const raw = JSON.stringify({ event: 'order.paid', payload: {} })
    const res = await post('/api/payment/webhook', raw, { 'x-razorpay-signature': sign('wrong', raw) })
    expect(res.status).toBe(400)
  })

  it('tells the customer clearly when Razorpay is down, holds the stock, and succeeds on retry', async () => {
    razorpay.state.mode = 'error'
    const key = `retry-${crypto.randomBytes(8).toString('hex')}`
    const body = { items: [{ productId, quantity: 1 }], shippingAddress: address, email: 'arjun@example.in', checkoutKey: key }
    const failed = await post('/api/payment/createOrder', body)
    expect(failed.status).toBe(502)
    expect((await failed.json()).error).toMatch(/payment service is not answering/)
    const cookie = failed.headers.get('set-cookie')!.split(';')[0]!
    razorpay.state.mode = 'ok'
    const retried = await post('/api/payment/createOrder', body, { cookie })
    expect(retried.status).toBe(201)
    expect((await retried.json()).id).toMatch(/^order_/)
  })

  it('has no test-payment endpoint when Razorpay is configured', async () => {
    expect((await post('/api/payment/test/complete', { orderId: 'abcdefghijkl' })).status).toBe(404)
  })
})
