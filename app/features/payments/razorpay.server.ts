import { z } from '~/zod'
import { type PaymentProvider, type ProviderPayment, type ProviderRefund, PaymentProviderError } from './provider'

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
  return { id: entity.id, paymentId: entity.payment_id, amountPaise: entity.amount, status: entity.status, speedProcessed: entity.speed_processed ?? null }
}

/**
 * A 4xx from Razorpay: it refused the request as it stands (https://razorpay.com/docs/errors/), so asking again will
 * not help; `description` is Razorpay's own words for the owner.
 */
export class PaymentProviderRefusal extends PaymentProviderError {
  constructor(readonly status: number, readonly description: string) {
    super(`Razorpay refused: ${description}`)
  }
}
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

/** A small typed client for the Orders and Payments API calls we make (the official SDK hard-codes its host). */
export function razorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const timeoutMs = settings.timeoutMs ?? 10_000
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`
  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown, headers: Record<string, string> = {}, ms = timeoutMs): Promise<T> {
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
        const parsed = errorBody.safeParse((() => { try { return JSON.parse(text) } catch { return null } })())
        if (parsed.success) throw new PaymentProviderRefusal(response.status, parsed.data.error.description.slice(0, 300))
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
      return fromRazorpayPayment(await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`, paymentEntity, undefined, {}, options?.timeoutMs))
    },
    // https://razorpay.com/docs/api/refunds/create-normal/ and /create-instant/; the key: /normal-refunds-idempotent/.
    async refundPayment({ paymentId, amountPaise, speed, idempotencyKey, notes }) {
      const refund = await call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, refundEntity, { amount: amountPaise, speed, notes }, { 'X-Refund-Idempotency': idempotencyKey })
      if (refund.amount !== amountPaise || refund.payment_id !== paymentId) throw new PaymentProviderError('Razorpay answered with another refund')
      return fromRazorpayRefund(refund)
    },
    // https://razorpay.com/docs/api/refunds/fetch-specific-refund-payment/
    async fetchRefund(paymentId, refundId) {
      return fromRazorpayRefund(await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`, refundEntity))
    },
    // https://razorpay.com/docs/api/payments/capture/: the amount must be the authorised one.
    async capturePayment(paymentId, amountPaise, currency, options) {
      return fromRazorpayPayment(await call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/capture`, paymentEntity, { amount: amountPaise, currency }, {}, options?.timeoutMs))
    },
  }
}
