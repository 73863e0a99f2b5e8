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
  streetName: 'Abids Road',
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
    // `slow` answers after the shop's RAZORPAY_TIMEOUT_SECONDS (below) and well before a test's time runs out.
    razorpay.state.slowMs = 6_000
    server = await startTestServer({
      env: {
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_API_BASE: razorpay.url,
        // 3 s rather than the default 10 s: the slow stand-in (below) then costs this file 3 s, not 10.
        RAZORPAY_TIMEOUT_SECONDS: '3',
        // This file places more orders from one address than createOrder's rate limit allows a customer.
        RATE_LIMIT: 'off',
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
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const createOrder = async () => {
    const res = await post('/api/payment/createOrder', {
      items: [{ productId, quantity: 2 }],
      shippingAddress: address,
      email: 'arjun@example.in',
    })
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

  it('marks the order paid on a valid checkout signature, computed over the stored order id, once Razorpay has the payment captured', async () => {
    const { body, cookie } = await createOrder()
    // Razorpay's window hands the browser this, signed with the key secret; the payment is only authorized so far.
    const payment = razorpay.pay(body.id, { status: 'authorized' })
    const signed = razorpay.checkoutSuccess(payment.id)
    expect(signed.razorpay_signature).toBe(sign(KEY_SECRET, `${body.id}|${payment.id}`))
    const res = await post('/api/payment/verify', { orderId: body.orderId, ...signed })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, orderId: body.orderId, status: 'paid' })
    expect(razorpay.payments.get(payment.id)!.status).toBe('captured')
    expect((await (await fetch(`${server.url}/api/orders/${body.orderId}`, { headers: { cookie } })).json()).status).toBe('paid')
  })

  it('does not mark the order paid for a signed payment of another amount (409, and the owner is told)', async () => {
    const { body, cookie } = await createOrder()
    const payment = razorpay.pay(body.id, { status: 'captured', amount: 100 })
    const res = await post('/api/payment/verify', { orderId: body.orderId, ...razorpay.checkoutSuccess(payment.id) })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toMatch(/could not match this payment to your order/)
    expect((await (await fetch(`${server.url}/api/orders/${body.orderId}`, { headers: { cookie } })).json()).status).toBe('pending_payment')
  })

  it('answers 202 "checking" when Razorpay cannot be asked about a signed payment, and 402 for a failed one', async () => {
    const { body } = await createOrder()
    const payment = razorpay.pay(body.id, { status: 'captured' })
    razorpay.state.failNext = 1
    const checking = await post('/api/payment/verify', { orderId: body.orderId, ...razorpay.checkoutSuccess(payment.id) })
    expect(checking.status).toBe(202)
    expect(await checking.json()).toEqual({ ok: true, orderId: body.orderId, status: 'checking' })
    const orderBody = {
      items: [{ productId, quantity: 2 }],
      shippingAddress: address,
      email: 'arjun@example.in',
      checkoutKey: `failed-${crypto.randomBytes(8).toString('hex')}`,
    }
    const first = await post('/api/payment/createOrder', orderBody)
    const created = await first.json()
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!
    const failed = razorpay.pay(created.id, { status: 'failed', errorDescription: 'Payment declined by the bank.' })
    const refused = await post('/api/payment/verify', { orderId: created.orderId, ...razorpay.checkoutSuccess(failed.id) })
    expect(refused.status).toBe(402)
    // The next try of that order (the same checkout) says why the last one failed.
    const again = await post('/api/payment/createOrder', orderBody, { cookie })
    expect(again.status).toBe(201)
    expect(await again.json()).toMatchObject({ orderId: created.orderId, lastPaymentFailure: 'Payment declined by the bank.' })
  })

  it('confirms by webhook when the customer closed the window, and a replayed webhook changes nothing', async () => {
    const { body, cookie } = await createOrder()
    const payment = razorpay.pay(body.id, { status: 'captured' })
    const { rawBody: raw, headers } = razorpay.webhook('payment.captured', { payment }, WEBHOOK_SECRET)
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

  const stockOf = async () => ((await (await fetch(`${server.url}/api/products/${productId}`)).json()) as { stockCount: number }).stockCount
  const orderStatus = async (orderId: string, cookie: string) =>
    ((await (await fetch(`${server.url}/api/orders/${orderId}`, { headers: { cookie } })).json()) as { status: string }).status

  // The shop gives up on Razorpay after RAZORPAY_TIMEOUT_SECONDS (3 s here); `slow` answers after 6 s, `drop` closes
  // the connection unanswered, `truncate` cuts it mid-answer.
  for (const mode of ['slow', 'drop', 'truncate'] as const) {
    it(`with Razorpay ${mode}: a clear message the payment page shows, the stock held once, and a retry with the same key succeeds`, {
      timeout: 60_000,
    }, async () => {
      const stockBefore = await stockOf()
      razorpay.state.mode = mode
      const key = `${mode}-${crypto.randomBytes(8).toString('hex')}`
      const body = { items: [{ productId, quantity: 1 }], shippingAddress: address, email: 'arjun@example.in', checkoutKey: key }
      const started = Date.now()
      const failed = await post('/api/payment/createOrder', body)
      expect(Date.now() - started).toBeLessThan(5_900)
      expect(failed.status).toBe(502)
      // payment.tsx shows `error` in its alert, with "Try again".
      expect((await failed.json()).error).toBe(
        'The payment service is not answering right now. Your items are held for you; please try again in a minute.',
      )
      expect(await stockOf()).toBe(stockBefore - 1)
      const cookie = failed.headers.get('set-cookie')!.split(';')[0]!
      const attempts = razorpay.state.requests.filter((r) => r.path === '/v1/orders').length

      razorpay.state.mode = 'ok'
      const retried = await post('/api/payment/createOrder', body, { cookie })
      expect(retried.status).toBe(201)
      const order = await retried.json()
      expect(order).toMatchObject({ status: 'pending_payment', provider: 'razorpay' })
      expect(order.id).toMatch(/^order_/)
      expect(await stockOf()).toBe(stockBefore - 1)
      expect(await orderStatus(order.orderId, cookie)).toBe('pending_payment')
      // The same shop order (same receipt) asked for again, not a second one.
      const asked = razorpay.state.requests.filter((r) => r.path === '/v1/orders')
      expect(asked).toHaveLength(attempts + 1)
      expect((asked.at(-1)!.body as { receipt: string }).receipt).toBe((asked.at(-2)!.body as { receipt: string }).receipt)
    })
  }

  it('never marks an order paid on a bad signature, from the browser or a webhook', async () => {
    const { body, cookie } = await createOrder()
    const forged = await post('/api/payment/verify', {
      orderId: body.orderId,
      razorpay_order_id: body.id,
      razorpay_payment_id: 'pay_forged01',
      razorpay_signature: sign('not-the-key-secret', `${body.id}|pay_forged01`),
    })
    expect(forged.status).toBe(400)
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_forged02', order_id: body.id, status: 'captured', amount: body.amount } } },
    })
    for (const signature of [sign('not-the-webhook-secret', raw), '']) {
      const hook = await post('/api/payment/webhook', raw, {
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': `evt_forged_${body.orderId}`,
      })
      expect(hook.status).toBe(400)
    }
    expect(await orderStatus(body.orderId, cookie)).toBe('pending_payment')
  })

  it('has no test-payment endpoint when Razorpay is configured', async () => {
    expect((await post('/api/payment/test/complete', { orderId: 'abcdefghijkl' })).status).toBe(404)
  })
})
