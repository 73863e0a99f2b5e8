import Razorpay from 'razorpay'
// Razorpay's official Node SDK (razorpay@2.9.8), used here as a check the stand-in did not write itself.
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type PaymentEntity, startRazorpayStandIn, type WebhookEvent } from './razorpay-standin'

const KEY_ID = 'rzp_test_standin'
const KEY_SECRET = 'standin-key-secret'
const WEBHOOK_SECRET = 'standin-webhook-secret'

describe('the Razorpay stand-in, checked against Razorpay’s own SDK and documentation', () => {
  let standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>
  const auth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${standIn.url}${path}`, {
      method,
      headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }
  const newOrder = async (amount = 50_000) =>
    (await call('POST', '/v1/orders', { amount, currency: 'INR', receipt: `rcpt-${amount}` })).body.id as string
  /** The documented error object (https://razorpay.com/docs/errors/) with its validation defaults. */
  const documentedError = (description: string, field: string | null = null) => ({
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field,
    },
  })

  beforeAll(async () => {
    standIn = await startRazorpayStandIn(KEY_ID, KEY_SECRET)
  })
  afterAll(async () => {
    await standIn?.close()
  })
  beforeEach(() => {
    standIn.state.mode = 'ok'
    standIn.state.failNext = 0
    standIn.state.failPaths = undefined
    standIn.state.refundsProcessImmediately = false
  })

  describe('signatures, as the SDK checks them', () => {
    it('signs every webhook so validateWebhookSignature accepts it, and a tampered body or wrong secret is refused', async () => {
      const orderId = await newOrder()
      const payment = standIn.pay(orderId, { status: 'captured' })
      const refund = (await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 10_000 })).body
      const cases: Array<[WebhookEvent, Parameters<typeof standIn.webhook>[1], string[]]> = [
        ['payment.authorized', { payment }, ['payment']],
        ['payment.captured', { payment }, ['payment']],
        ['payment.failed', { payment: standIn.pay(orderId, { status: 'failed' }) }, ['payment']],
        ['order.paid', { payment }, ['payment', 'order']],
        ['refund.created', { refund: refund as never }, ['refund', 'payment']],
        ['refund.processed', { refund: refund as never }, ['refund', 'payment']],
        ['refund.failed', { refund: refund as never }, ['refund', 'payment']],
      ]
      for (const [event, entities, contains] of cases) {
        const { rawBody, headers } = standIn.webhook(event, entities, WEBHOOK_SECRET)
        expect(headers['content-type']).toBe('application/json')
        expect(validateWebhookSignature(rawBody, headers['x-razorpay-signature'], WEBHOOK_SECRET)).toBe(true)
        expect(validateWebhookSignature(rawBody, headers['x-razorpay-signature'], 'another-secret')).toBe(false)
        const tampered = rawBody.replace(/"amount":(\d+)/, (_, n) => `"amount":${Number(n) + 1}`)
        expect(tampered).not.toBe(rawBody)
        expect(validateWebhookSignature(tampered, headers['x-razorpay-signature'], WEBHOOK_SECRET)).toBe(false)
        // The documented payload: entity, account_id, event, contains, payload.<name>.entity, created_at.
        const parsed = JSON.parse(rawBody)
        expect(Object.keys(parsed)).toEqual(['entity', 'account_id', 'event', 'contains', 'payload', 'created_at'])
        expect(parsed).toMatchObject({ entity: 'event', event, contains })
        expect(parsed.account_id).toMatch(/^acc_[A-Za-z0-9]{14}$/)
        expect(Object.keys(parsed.payload).sort()).toEqual([...contains].sort())
        for (const name of contains) expect(parsed.payload[name].entity.entity).toBe(name)
        expect(parsed.created_at).toBeGreaterThan(1_600_000_000)
      }
      const failed = JSON.parse(standIn.webhook('payment.failed', cases[2]![1], WEBHOOK_SECRET).rawBody).payload.payment.entity
      expect(failed).toMatchObject({
        status: 'failed',
        captured: false,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment failed',
        error_source: 'bank',
        error_step: 'payment_authorization',
        error_reason: 'payment_failed',
      })
      const paid = JSON.parse(standIn.webhook('order.paid', { payment }, WEBHOOK_SECRET).rawBody).payload.order.entity
      expect(paid).toMatchObject({ id: orderId, entity: 'order', status: 'paid', amount_paid: payment.amount, amount_due: 0, attempts: 2 })
      expect(paid).not.toHaveProperty('payments')
    })

    it('gives each webhook a fresh x-razorpay-event-id unless one is passed, to replay an event', async () => {
      const payment = standIn.pay(await newOrder(), { status: 'captured' })
      const a = standIn.webhook('payment.captured', { payment }, WEBHOOK_SECRET)
      const b = standIn.webhook('payment.captured', { payment }, WEBHOOK_SECRET)
      expect(a.headers['x-razorpay-event-id']).not.toBe(b.headers['x-razorpay-event-id'])
      expect(
        standIn.webhook('payment.captured', { payment }, WEBHOOK_SECRET, { eventId: 'evt_replayed001' }).headers['x-razorpay-event-id'],
      ).toBe('evt_replayed001')
      expect(
        standIn.webhook('payment.captured', { payment, eventId: 'evt_replayed002' }, WEBHOOK_SECRET).headers['x-razorpay-event-id'],
      ).toBe('evt_replayed002')
    })

    it('produces a Checkout signature validatePaymentVerification accepts, and refuses a tampered one', async () => {
      const orderId = await newOrder()
      const payment = standIn.pay(orderId)
      const success = standIn.checkoutSuccess(payment.id)
      expect(success).toMatchObject({ razorpay_order_id: orderId, razorpay_payment_id: payment.id })
      expect(validatePaymentVerification({ order_id: orderId, payment_id: payment.id }, success.razorpay_signature, KEY_SECRET)).toBe(true)
      expect(
        validatePaymentVerification({ order_id: orderId, payment_id: 'pay_Forged00000001' }, success.razorpay_signature, KEY_SECRET),
      ).toBe(false)
      expect(validatePaymentVerification({ order_id: orderId, payment_id: payment.id }, success.razorpay_signature, WEBHOOK_SECRET)).toBe(
        false,
      )
    })
  })

  describe('the REST API over HTTP', () => {
    it('checks Basic auth on every endpoint', async () => {
      const res = await fetch(`${standIn.url}/v1/payments`, {
        headers: { authorization: `Basic ${Buffer.from(`${KEY_ID}:wrong`).toString('base64')}` },
      })
      expect(res.status).toBe(401)
      expect((await res.json()).error).toMatchObject({ code: 'BAD_REQUEST_ERROR' })
    })

    it('answers full payment entities for an order and for one payment', async () => {
      const orderId = await newOrder(25_000)
      const payment = standIn.pay(orderId)
      const list = await call('GET', `/v1/orders/${orderId}/payments`)
      expect(list.status).toBe(200)
      expect(list.body).toMatchObject({ entity: 'collection', count: 1 })
      expect(list.body.items[0]).toEqual(payment)
      expect(payment).toMatchObject({
        entity: 'payment',
        amount: 25_000,
        currency: 'INR',
        status: 'authorized',
        order_id: orderId,
        captured: false,
        amount_refunded: 0,
        refund_status: null,
      })
      expect((await call('GET', `/v1/payments/${payment.id}`)).body).toEqual(payment)
      expect(await call('GET', '/v1/payments/pay_Missing000000001')).toEqual({
        status: 400,
        body: documentedError('The id provided does not exist'),
      })
    })

    it('captures an authorized payment once; a second capture or a wrong amount gets the documented error', async () => {
      const orderId = await newOrder(40_000)
      const payment = standIn.pay(orderId)
      expect(await call('POST', `/v1/payments/${payment.id}/capture`, { amount: 39_999, currency: 'INR' })).toEqual({
        status: 400,
        body: documentedError('Capture amount must be equal to the amount authorized.', 'amount'),
      })
      const first = await call('POST', `/v1/payments/${payment.id}/capture`, { amount: 40_000, currency: 'INR' })
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ id: payment.id, status: 'captured', captured: true })
      expect(standIn.payments.get(payment.id)).toMatchObject({ status: 'captured', captured: true })
      expect(standIn.orders.get(orderId)).toMatchObject({ status: 'paid', amount_paid: 40_000, amount_due: 0 })
      const second = await call('POST', `/v1/payments/${payment.id}/capture`, { amount: 40_000, currency: 'INR' })
      expect(second).toEqual({
        status: 400,
        body: documentedError('Your payment has been declined as the order is already paid. Please initiate the payment with a new order.'),
      })
      const failed = standIn.pay(orderId, { status: 'failed', errorDescription: 'Payment was cancelled by the customer' })
      expect(failed.error_description).toBe('Payment was cancelled by the customer')
      const ofFailed = await call('POST', `/v1/payments/${failed.id}/capture`, { amount: 40_000, currency: 'INR' })
      expect(ofFailed.status).toBe(400)
      expect(ofFailed.body.error.code).toBe('BAD_REQUEST_ERROR')
    })

    it('makes a refund idempotent on X-Refund-Idempotency: the same key twice gives one refund', async () => {
      const payment = standIn.pay(await newOrder(30_000), { status: 'captured' })
      const headers = { 'x-refund-idempotency': '550e8400-e29b-41d4-a716-446655440000' }
      const body = { amount: 10_000, speed: 'optimum', notes: { reason: 'damaged jar' }, receipt: 'return-1' }
      const first = await call('POST', `/v1/payments/${payment.id}/refund`, body, headers)
      const again = await call(
        'POST',
        `/v1/payments/${payment.id}/refund`,
        { receipt: 'return-1', notes: { reason: 'damaged jar' }, speed: 'optimum', amount: 10_000 },
        headers,
      )
      expect(first.status).toBe(200)
      expect(again).toEqual(first)
      expect(first.body).toMatchObject({
        entity: 'refund',
        amount: 10_000,
        currency: 'INR',
        payment_id: payment.id,
        notes: { reason: 'damaged jar' },
        receipt: 'return-1',
        status: 'pending',
        speed_requested: 'optimum',
        speed_processed: null,
        acquirer_data: { arn: null },
        batch_id: null,
      })
      expect([...standIn.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1)
      expect(standIn.payments.get(payment.id)).toMatchObject({ amount_refunded: 10_000, refund_status: 'partial', status: 'captured' })
      // The same key with another body is the documented 409.
      const other = await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 5_000 }, headers)
      expect(other.status).toBe(409)
      expect(other.body.error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        description: 'Different request with the same idempotency key has already been processed.',
      })
      expect((await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 5_000 }, { 'x-refund-idempotency': 'short' })).status).toBe(
        400,
      )
      // Without a key, the rest (the default amount) is refunded and the payment is fully refunded.
      const rest = await call('POST', `/v1/payments/${payment.id}/refund`, {})
      expect(rest.body).toMatchObject({ amount: 20_000, status: 'pending', speed_requested: 'normal' })
      expect(standIn.payments.get(payment.id)).toMatchObject({ amount_refunded: 30_000, refund_status: 'full', status: 'refunded' })
      const list = await call('GET', `/v1/payments/${payment.id}/refunds`)
      expect(list.body).toMatchObject({ entity: 'collection', count: 2 })
      expect(list.body.items.map((r: { id: string }) => r.id)).toEqual([rest.body.id, first.body.id])
      expect((await call('GET', `/v1/payments/${payment.id}/refunds/${first.body.id}`)).body).toEqual(first.body)
      expect((await call('GET', `/v1/refunds/${rest.body.id}`)).body).toEqual(rest.body)
    })

    it('refuses a refund above what is left, of a fully refunded payment, or of a payment not captured, with the documented errors', async () => {
      const orderId = await newOrder(20_000)
      const payment = standIn.pay(orderId, { status: 'captured' })
      expect(await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 20_001 })).toEqual({
        status: 400,
        body: documentedError('The refund amount provided is greater than amount captured.', 'amount'),
      })
      expect((await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 15_000 })).status).toBe(200)
      // What is left is 5,000: 5,001 is above it.
      expect(await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 5_001 })).toEqual({
        status: 400,
        body: documentedError('The refund amount provided is greater than amount captured.', 'amount'),
      })
      expect((await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 5_000 })).status).toBe(200)
      expect(await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 100 })).toEqual({
        status: 400,
        body: documentedError('The payment has been fully refunded already.'),
      })
      expect(standIn.refunds.size).toBeGreaterThanOrEqual(2)
      const authorized = standIn.pay(orderId)
      const notCaptured = await call('POST', `/v1/payments/${authorized.id}/refund`, { amount: 100 })
      expect(notCaptured.status).toBe(400)
      expect(notCaptured.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', source: 'business', metadata: {} })
      expect(await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 100, reason: 'x' })).toEqual({
        status: 400,
        body: documentedError('reason is not required and should not be sent', 'reason'),
      })
    })

    it('settles refunds: pending until settled, processed at once when asked, a failed one no longer counted', async () => {
      const payment = standIn.pay(await newOrder(10_000), { status: 'captured' })
      const pending = (await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 4_000 })).body
      expect(pending.status).toBe('pending')
      expect(standIn.settleRefund(pending.id, 'failed')).toMatchObject({ status: 'failed', speed_processed: null })
      expect(standIn.payments.get(payment.id)).toMatchObject({ amount_refunded: 0, refund_status: null, status: 'captured' })
      const normal = (await call('POST', `/v1/payments/${payment.id}/refund`, { amount: 4_000 })).body
      expect(standIn.settleRefund(normal.id, 'processed')).toMatchObject({ status: 'processed', speed_processed: 'normal' })
      expect((await call('GET', `/v1/refunds/${normal.id}`)).body.acquirer_data.arn).toMatch(/^\d{14}$/)
      expect(() => standIn.settleRefund(normal.id, 'failed')).toThrow(/already processed/)
      standIn.state.refundsProcessImmediately = true
      const instant = (await call('POST', `/v1/payments/${payment.id}/refund`, { speed: 'optimum' })).body
      expect(instant).toMatchObject({ amount: 6_000, status: 'processed', speed_requested: 'optimum', speed_processed: 'instant' })
      expect(standIn.payments.get(payment.id)).toMatchObject({ amount_refunded: 10_000, refund_status: 'full', status: 'refunded' })
    })

    it('lists payments created in [from, to], newest first, with count and skip', async () => {
      const orderId = await newOrder(1_000)
      const base = 1_900_000_000
      const made = [0, 10, 20, 30, 40].map((offset) => standIn.pay(orderId, { createdAt: base + offset }))
      const ids = (r: { body: Record<string, any> }) => r.body.items.map((p: PaymentEntity) => p.id)
      const between = await call('GET', `/v1/payments?from=${base + 10}&to=${base + 30}`)
      expect(between.status).toBe(200)
      expect(between.body).toMatchObject({ entity: 'collection', count: 3 })
      expect(ids(between)).toEqual([made[3]!.id, made[2]!.id, made[1]!.id])
      expect(ids(await call('GET', `/v1/payments?from=${base}&to=${base + 40}&count=2&skip=1`))).toEqual([made[3]!.id, made[2]!.id])
      expect((await call('GET', '/v1/payments?count=101')).status).toBe(400)
      expect(await call('GET', '/v1/payments?from=12')).toEqual({
        status: 400,
        body: documentedError('from must be between 946684800 and 4765046400', 'from'),
      })
      // count defaults to 10.
      for (let i = 0; i < 12; i++) standIn.pay(orderId, { createdAt: base + 100 + i })
      expect((await call('GET', `/v1/payments?from=${base}`)).body.count).toBe(10)
    })

    it('answers the next calls with a documented 5xx on failNext, and the paths matching failPaths always', async () => {
      const orderId = await newOrder()
      standIn.pay(orderId)
      standIn.state.failNext = 2
      for (let i = 0; i < 2; i++) {
        const blip = await call('GET', `/v1/orders/${orderId}/payments`)
        expect(blip.status).toBe(500)
        expect(blip.body.error).toMatchObject({ code: 'SERVER_ERROR', source: 'internal', metadata: {} })
      }
      expect((await call('GET', `/v1/orders/${orderId}/payments`)).status).toBe(200)
      standIn.state.failPaths = new RegExp(`/v1/orders/${orderId}/`)
      for (let i = 0; i < 3; i++) expect((await call('GET', `/v1/orders/${orderId}/payments`)).status).toBe(502)
      expect((await call('GET', '/v1/payments')).status).toBe(200)
    })

    it('answers the official SDK client, pointed at the stand-in', async () => {
      // The SDK hard-codes its host: the Razorpay constructor passes hostUrl 'https://api.razorpay.com' to its API
      // object and takes no option for it (node_modules/razorpay/dist/razorpay.js). Its requests go through an axios
      // instance at `api.rq`, a field of the (typed, public) `api` property but not a documented option; setting its
      // baseURL here lets one call travel the SDK's own request and error path. The rest of this file uses fetch.
      const sdk = new Razorpay({ key_id: KEY_ID, key_secret: KEY_SECRET })
      ;(sdk.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = standIn.url
      const payment = standIn.pay(await newOrder(12_300))
      const captured = await sdk.payments.capture(payment.id, 12_300, 'INR')
      expect(captured).toMatchObject({ id: payment.id, status: 'captured', captured: true })
      const refund = await sdk.payments.refund(payment.id, { amount: 300, speed: 'normal' })
      expect(refund).toMatchObject({ entity: 'refund', amount: 300, payment_id: payment.id, status: 'pending' })
      await expect(sdk.payments.capture(payment.id, 12_300, 'INR')).rejects.toMatchObject({
        statusCode: 400,
        error: { code: 'BAD_REQUEST_ERROR' },
      })
    })
  })
})
