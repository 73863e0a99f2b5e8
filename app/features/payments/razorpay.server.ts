import { z } from '~/zod'
import {
  type BrowserSources,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  PaymentProviderRefusal,
  PaymentRejectedError,
  type ProviderPayment,
  type ProviderRefund,
  type ReturnedPayment,
  type WebhookDelivery,
} from './provider'
import { hmacSha256Hex, paymentSignature, signaturesMatch } from './signatures.server'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * Razorpay's Standard Checkout: checkout.js from checkout.razorpay.com (which loads more from cdn.razorpay.com),
 * its payment window an iframe on api.razorpay.com, its telemetry to lumberjack. As Razorpay lists them for its
 * own Magento plugin (etc/csp_whitelist.xml), plus checkout.razorpay.com and api.razorpay.com where the script
 * frames and calls them. Its payment window may use the Payment Request API for UPI apps and Google Pay, and WebOTP
 * to fill a card's one-time password; its netbanking and wallet steps open popups that report back to the page.
 */
export const RAZORPAY_SOURCES = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
  payment: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  otpCredentials: ['https://api.razorpay.com'],
  popups: true,
} as const satisfies BrowserSources

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js'

export type RazorpaySettings = {
  keyId: string
  keySecret: string
  webhookSecret: string
  /** https://api.razorpay.com in production; a loopback stand-in in tests. */
  apiBase: string
  /** How long one call may take before it is abandoned (default 10 s), so a slow Razorpay never holds a checkout. */
  timeoutMs?: number
}

const orderResponse = z.object({ id: z.string().min(1), amount: z.number(), currency: z.string() })
/** The payment entity: https://razorpay.com/docs/api/payments/ (only the fields the shop reads). */
const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().nullable().optional(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  amount: z.number().int(),
  currency: z.string(),
  error_description: z.string().nullable().optional(),
})
const paymentsResponse = z.object({ items: z.array(paymentEntity) })

/** The refund entity: https://razorpay.com/docs/api/refunds/entity/ (only the fields the shop reads). */
const refundEntity = z.object({
  id: z.string().min(1),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
  speed_processed: z.string().nullable().optional(),
})
export { refundEntity as razorpayRefundEntity }

export function fromRazorpayRefund(entity: z.infer<typeof refundEntity>): ProviderRefund {
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amountPaise: entity.amount,
    status: entity.status,
    speedProcessed: entity.speed_processed ?? null,
  }
}

// A 4xx from Razorpay (https://razorpay.com/docs/errors/) is a PaymentProviderRefusal, with Razorpay's own words.
export { PaymentProviderRefusal }
const errorBody = z.object({ error: z.object({ description: z.string() }) })

/** Razorpay's payment entity in the shop's words. */
export function fromRazorpayPayment(entity: z.infer<typeof paymentEntity>): ProviderPayment {
  return {
    id: entity.id,
    providerOrderId: entity.order_id ?? null,
    status: entity.status,
    amountPaise: entity.amount,
    currency: entity.currency,
    failureReason: entity.status === 'failed' ? (entity.error_description ?? 'The payment failed.') : null,
  }
}
export { paymentEntity as razorpayPaymentEntity }

/** What Razorpay's window hands back on payment (its `handler`), which the page posts with the order id. */
const returnedFields = z.object({
  razorpay_payment_id: z
    .string({ error: 'razorpay_payment_id is required' })
    .regex(/^[A-Za-z0-9_]{1,64}$/, 'razorpay_payment_id is malformed'),
  razorpay_signature: z.string({ error: 'razorpay_signature is required' }).max(128),
  /** Sent by the payment window; ignored: the signature is computed from the order id we stored. */
  razorpay_order_id: z.string().max(64).optional(),
})

/**
 * A webhook's body (https://razorpay.com/docs/webhooks/payloads/payments/ and .../orders/): the payment entity of
 * payment.* events and order.paid, the order entity of order.paid.
 */
const webhookSchema = z.object({
  event: z.string().max(100),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    order: z.object({ entity: z.object({ id: z.string(), status: z.string() }) }).optional(),
    // refund.* (https://razorpay.com/docs/webhooks/refunds/): the notes carry our refund's id, set when it was asked.
    refund: z
      .object({ entity: refundEntity.extend({ notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional() }) })
      .optional(),
  }),
})

const PAYMENT_EVENTS: Record<string, Extract<PaymentEvent, { payment: ProviderPayment }>['kind']> = {
  'payment.captured': 'payment-captured',
  'order.paid': 'payment-captured',
  'payment.authorized': 'payment-authorized',
  'payment.failed': 'payment-failed',
}
const REFUND_EVENTS = { pending: 'refund-pending', processed: 'refund-processed', failed: 'refund-failed' } as const

/**
 * Razorpay's side of a checkout, shared with the test provider, which signs as Razorpay does: the checkout signature
 * (HMAC-SHA256 of `order_id|payment_id` with the key secret) and webhooks signed over the raw body with the webhook
 * secret, in x-razorpay-signature, their id in x-razorpay-event-id.
 */
export function razorpayProtocol(secrets: {
  keySecret: string
  webhookSecret: string
}): Pick<PaymentProvider, 'verifyReturn' | 'verifyWebhook' | 'parseWebhook'> {
  return {
    verifyReturn(providerOrderId, fields): ReturnedPayment {
      const parsed = returnedFields.safeParse(fields)
      if (!parsed.success) return { incomplete: parsed.error }
      const expected = paymentSignature(secrets.keySecret, providerOrderId, parsed.data.razorpay_payment_id)
      return signaturesMatch(expected, parsed.data.razorpay_signature) ? { paymentId: parsed.data.razorpay_payment_id } : { forged: true }
    },
    verifyWebhook({ rawBody, headers }: WebhookDelivery) {
      return signaturesMatch(hmacSha256Hex(secrets.webhookSecret, rawBody), headers.get('x-razorpay-signature'))
    },
    parseWebhook({ rawBody, headers }: WebhookDelivery) {
      let body: z.infer<typeof webhookSchema>
      try {
        body = webhookSchema.parse(JSON.parse(rawBody))
      } catch {
        throw new PaymentRejectedError('The webhook body is not a payment event we understand.')
      }
      const payment = body.payload.payment ? fromRazorpayPayment(body.payload.payment.entity) : null
      const providerOrderId = body.payload.order?.entity.id ?? payment?.providerOrderId ?? null
      const delivery = { eventId: headers.get('x-razorpay-event-id'), name: body.event, providerOrderId }
      const refund = body.payload.refund?.entity
      if (body.event.startsWith('refund.') && refund) {
        const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {}
        const shopRefundId = typeof notes.refundId === 'string' ? notes.refundId : null
        return { ...delivery, event: { kind: REFUND_EVENTS[refund.status], refund: fromRazorpayRefund(refund), shopRefundId } }
      }
      const kind = PAYMENT_EVENTS[body.event]
      return { ...delivery, event: kind && payment && providerOrderId ? { kind, payment } : null }
    },
  }
}

/** A small typed client for the Orders and Payments API calls we make (the official SDK hard-codes its host). */
export function razorpayProvider(
  settings: RazorpaySettings,
): PaymentProvider & { keyId: string; keySecret: string; webhookSecret: string } {
  const timeoutMs = settings.timeoutMs ?? 10_000
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    headers: Record<string, string> = {},
    ms = timeoutMs,
  ): Promise<T> {
    let response: Response
    try {
      response = await fetch(new URL(path, settings.apiBase), {
        method,
        headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(ms),
      })
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new PaymentProviderError(`Razorpay did not answer within ${ms} ms`, err)
      throw new PaymentProviderError('Razorpay could not be reached', err)
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '')
      if (response.status >= 400 && response.status < 500 && response.status !== 401 && response.status !== 429) {
        const parsed = errorBody.safeParse(
          (() => {
            try {
              return JSON.parse(text)
            } catch {
              return null
            }
          })(),
        )
        if (parsed.success) throw new PaymentProviderRefusal(response.status, parsed.data.error.description.slice(0, 300), 'Razorpay')
      }
      throw new PaymentProviderError(`Razorpay answered ${response.status}: ${text.slice(0, 200)}`)
    }
    // A connection cut mid-answer (or the timeout striking while the body streams in) leaves no JSON to read.
    const parsed = schema.safeParse(await response.json().catch(() => null))
    if (!parsed.success) throw new PaymentProviderError('Razorpay sent an answer we do not understand')
    return parsed.data
  }
  return {
    name: 'razorpay',
    keyId: settings.keyId,
    keySecret: settings.keySecret,
    webhookSecret: settings.webhookSecret,
    browser: {
      kind: 'razorpay',
      script: RAZORPAY_CHECKOUT_SCRIPT,
      sources: RAZORPAY_SOURCES,
      payingNote: m.payments_razorpay_paying_note,
    },
    checkoutData: ({ providerOrderId, amountPaise }) => ({ keyId: settings.keyId, providerOrderId, amountPaise }),
    ...razorpayProtocol(settings),
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await call('POST', '/v1/orders', orderResponse, { amount: amountPaise, currency: 'INR', receipt, notes })
      if (order.amount !== amountPaise || order.currency !== 'INR') {
        throw new PaymentProviderError('Razorpay created an order for another amount')
      }
      return { providerOrderId: order.id }
    },
    // https://razorpay.com/docs/api/orders/fetch-payments/
    async listPayments(providerOrderId) {
      const result = await call('GET', `/v1/orders/${encodeURIComponent(providerOrderId)}/payments`, paymentsResponse)
      return result.items.map(fromRazorpayPayment)
    },
    // https://razorpay.com/docs/api/payments/fetch-all-payments/: `from`/`to` in Unix seconds, at most 100 a page.
    async listPaymentsBetween(from, to) {
      const all: ProviderPayment[] = []
      const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
      for (let skip = 0; ; skip += 100) {
        const page = await call('GET', `/v1/payments?from=${seconds(from)}&to=${seconds(to)}&count=100&skip=${skip}`, paymentsResponse)
        all.push(...page.items.map(fromRazorpayPayment))
        // A day of a small shop's payments is a page or two; 50 pages (5,000) is a bound, not an expectation.
        if (page.items.length < 100 || skip >= 4_900) return all
      }
    },
    // https://razorpay.com/docs/api/payments/fetch-with-id/
    async fetchPayment(paymentId, options) {
      return fromRazorpayPayment(
        await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`, paymentEntity, undefined, {}, options?.timeoutMs),
      )
    },
    // https://razorpay.com/docs/api/refunds/create-normal/ and /create-instant/; the key: /normal-refunds-idempotent/.
    async refundPayment({ paymentId, amountPaise, speed, idempotencyKey, notes }) {
      const refund = await call(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        refundEntity,
        { amount: amountPaise, speed, notes },
        { 'X-Refund-Idempotency': idempotencyKey },
      )
      if (refund.amount !== amountPaise || refund.payment_id !== paymentId)
        throw new PaymentProviderError('Razorpay answered with another refund')
      return fromRazorpayRefund(refund)
    },
    // https://razorpay.com/docs/api/refunds/fetch-specific-refund-payment/
    async fetchRefund(paymentId, refundId) {
      return fromRazorpayRefund(
        await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`, refundEntity),
      )
    },
    // https://razorpay.com/docs/api/payments/capture/: the amount must be the authorised one.
    async capturePayment(paymentId, amountPaise, currency, options) {
      return fromRazorpayPayment(
        await call(
          'POST',
          `/v1/payments/${encodeURIComponent(paymentId)}/capture`,
          paymentEntity,
          { amount: amountPaise, currency },
          {},
          options?.timeoutMs,
        ),
      )
    },
  }
}
