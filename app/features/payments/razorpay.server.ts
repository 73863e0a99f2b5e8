import { z } from '~/zod'
import { type PaymentProvider, PaymentProviderError } from './provider'

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
const paymentsResponse = z.object({ items: z.array(z.object({ id: z.string(), status: z.string() })) })

/** A small typed client for the two Orders API calls we make (the official SDK hard-codes its host). */
export function razorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const timeoutMs = settings.timeoutMs ?? 10_000
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`
  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let response: Response
    try {
      response = await fetch(new URL(path, settings.apiBase), {
        method,
        headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new PaymentProviderError(`Razorpay did not answer within ${timeoutMs} ms`, err)
      throw new PaymentProviderError('Razorpay could not be reached', err)
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '')
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
    async listPayments(providerOrderId) {
      const result = await call('GET', `/v1/orders/${encodeURIComponent(providerOrderId)}/payments`, paymentsResponse)
      return result.items
    },
  }
}
