import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A loopback stand-in for the parts of Razorpay's REST API the shop uses. It is written from Razorpay's own
 * documentation, not from what our code expects: every endpoint names the page it follows, entities carry the fields
 * those pages document, and errors use the documented error object
 *   { "error": { "code", "description", "source", "step", "reason", "metadata", "field" } }
 * (https://razorpay.com/docs/errors/) with the status the endpoint's page gives. Where a page is silent on a detail,
 * a comment says so and the behaviour chosen is the one closest to what the pages describe.
 */

/**
 * `ok` answers like Razorpay; `error` answers 500; `hang` never answers; `slow` answers after `state.slowMs`;
 * `drop` closes the connection without answering; `truncate` sends the headers and half the body, then closes.
 */
export type StandInMode = 'ok' | 'error' | 'hang' | 'slow' | 'drop' | 'truncate'

/** The error object every failing call answers with (https://razorpay.com/docs/errors/). */
export type RazorpayErrorBody = {
  error: {
    code: string
    description: string
    source: string | null
    step: string | null
    reason: string | null
    metadata: Record<string, unknown>
    field: string | null
  }
}

/** Notes as Razorpay sends them: a key-value object, or `[]` when there are none (as the documented samples show). */
export type Notes = Record<string, string> | []

/** The Payments entity (https://razorpay.com/docs/api/payments/entity/). */
export type PaymentEntity = {
  id: string
  entity: 'payment'
  amount: number
  currency: string
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed'
  order_id: string | null
  invoice_id: string | null
  international: boolean
  method: string
  amount_refunded: number
  refund_status: 'partial' | 'full' | null
  captured: boolean
  description: string | null
  card_id: string | null
  bank: string | null
  wallet: string | null
  vpa: string | null
  email: string
  contact: string
  notes: Notes
  fee: number | null
  tax: number | null
  error_code: string | null
  error_description: string | null
  error_source: string | null
  error_step: string | null
  error_reason: string | null
  acquirer_data: Record<string, string | null>
  created_at: number
}

/** The Refunds entity (https://razorpay.com/docs/api/refunds/entity/). */
export type RefundEntity = {
  id: string
  entity: 'refund'
  amount: number
  currency: string
  payment_id: string
  notes: Notes
  receipt: string | null
  acquirer_data: { arn: string | null }
  created_at: number
  batch_id: string | null
  status: 'pending' | 'processed' | 'failed'
  /**
   * The pages say it is shown "once the refund moves to the processed state"; they are silent on its value before
   * that, so it is null while the refund is pending (and stays null if it fails).
   */
  speed_processed: 'normal' | 'instant' | null
  speed_requested: 'normal' | 'optimum'
}

/** The Orders entity (https://razorpay.com/docs/api/orders/entity/). */
export type OrderEntity = {
  id: string
  entity: 'order'
  amount: number
  amount_paid: number
  amount_due: number
  currency: string
  receipt: string | null
  offer_id: string | null
  status: 'created' | 'attempted' | 'paid'
  attempts: number
  notes: Notes
  created_at: number
}

/** An order as the stand-in keeps it: the documented entity plus the payments made on it. */
export type StandInOrder = OrderEntity & { payments: PaymentEntity[] }

/** The webhook events the stand-in can build (https://razorpay.com/docs/webhooks/payments/, /orders/, /refunds/). */
export type WebhookEvent =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed'

export type PayOptions = {
  status?: 'authorized' | 'captured' | 'failed'
  /** Defaults to the order's amount. */
  amount?: number
  /** Defaults to the order's currency. */
  currency?: string
  /** `card`, `netbanking`, `wallet`, `upi` (documented values); default `upi`. */
  method?: string
  /** For a `failed` payment; default `Payment failed`, as in the documented payment.failed sample. */
  errorDescription?: string
  /** Unix seconds; default now. Lets a test place payments in time for GET /v1/payments?from=&to=. */
  createdAt?: number
}

const now = () => Math.floor(Date.now() / 1000)
/** Razorpay ids are a prefix and 14 base-62 characters (for example `pay_29QQoUBi66xm2f`). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const newId = (prefix: string) => {
  const bytes = crypto.randomBytes(14)
  return `${prefix}${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`
}
const clone = <T>(value: T): T => structuredClone(value)

/** The documented validation error (for example the capture page's `The amount must be an integer.`). */
const badRequest = (description: string, field: string | null = null): RazorpayErrorBody => ({
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
/** "The id provided does not exist", 400, as on the fetch and refund pages. */
const noSuchId = () => badRequest('The id provided does not exist')
/**
 * A 5xx. The docs describe `source: internal` as "Technical errors at Razorpay's server", `step`/`metadata` as not
 * applicable to API errors, and the message "We are facing some trouble completing your request at the moment. Please
 * try again shortly." (https://razorpay.com/docs/errors/x/). They are silent on the code names per status: SERVER_ERROR
 * for 500 and GATEWAY_ERROR for 502 are chosen as the closest to that description.
 */
const serverError = (code: 'SERVER_ERROR' | 'GATEWAY_ERROR'): RazorpayErrorBody => ({
  error: {
    code,
    description: 'We are facing some trouble completing your request at the moment. Please try again shortly.',
    source: 'internal',
    step: 'NA',
    reason: 'NA',
    metadata: {},
    field: null,
  },
})

/** An integer amount, given as a number or (as the SDK examples on the refund pages send it) a string of digits. */
function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value)
  return undefined
}

/** JSON with sorted keys, so two bodies that say the same thing compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * A stand-in for Razorpay's REST API on loopback (the real one cannot be reached from tests). It checks Basic auth,
 * records what it was asked, and answers like Razorpay's documentation says; `mode`, `failNext` and `failPaths` make
 * it fail in the ways the real one can.
 */
export async function startRazorpayStandIn(keyId: string, keySecret: string) {
  const orders = new Map<string, StandInOrder>()
  const payments = new Map<string, PaymentEntity>()
  const refunds = new Map<string, RefundEntity>()
  /** X-Refund-Idempotency key → what it was first used for. */
  const idempotency = new Map<string, { paymentId: string; body: string; refundId: string }>()
  /** Creation order, to sort payments made in the same second newest first. */
  const sequence = new WeakMap<object, number>()
  let nextSequence = 0
  const accountId = newId('acc_')
  const state = {
    mode: 'ok' as StandInMode,
    /** How long `slow` waits before answering. */
    slowMs: 15_000,
    requests: [] as Array<{ method: string; path: string; body: unknown; headers: http.IncomingHttpHeaders }>,
    /** The next this-many calls (of any kind) are answered 500 SERVER_ERROR, doing nothing: a blip. */
    failNext: 0,
    /** Calls whose path (with its query) matches are always answered 502 GATEWAY_ERROR, doing nothing. */
    failPaths: undefined as RegExp | undefined,
    /** A new refund is `pending` until `settleRefund`; with this set it is `processed` at once. */
    refundsProcessImmediately: false,
  }
  const timers = new Set<NodeJS.Timeout>()
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`

  const orderEntity = (order: StandInOrder): OrderEntity => {
    const { payments: _payments, ...entity } = order
    return clone(entity)
  }
  const collection = <T>(items: T[]) => ({ entity: 'collection' as const, count: items.length, items: clone(items) })

  /**
   * from/to/count/skip as Fetch All Payments documents them (https://razorpay.com/docs/api/payments/fetch-all-payments/):
   * unix seconds, count default 10 and at most 100. The page documents `from must be between 946684800 and 4765046400`;
   * it is silent on the text for a count out of range, so the wording of the settlements page's documented
   * `The count must be at least 1.` is used for both ends.
   */
  function listQuery(url: URL): { from?: number; to?: number; count: number; skip: number } | RazorpayErrorBody {
    const values: Record<'from' | 'to' | 'count' | 'skip', number | undefined> = {
      from: undefined,
      to: undefined,
      count: undefined,
      skip: undefined,
    }
    for (const name of ['from', 'to', 'count', 'skip'] as const) {
      const raw = url.searchParams.get(name)
      if (raw === null || raw === '') continue
      const value = integerOf(raw)
      if (value === undefined) return badRequest(`The ${name} must be an integer.`, name)
      values[name] = value
    }
    for (const name of ['from', 'to'] as const) {
      const value = values[name]
      if (value !== undefined && (value < 946684800 || value > 4765046400))
        return badRequest(`${name} must be between 946684800 and 4765046400`, name)
    }
    const count = values.count ?? 10
    if (count < 1) return badRequest('The count must be at least 1.', 'count')
    if (count > 100) return badRequest('The count may not be greater than 100.', 'count')
    return { from: values.from, to: values.to, count, skip: values.skip ?? 0 }
  }
  /** Items created in [from, to], newest first, then skip and count. */
  function page<T extends { created_at: number }>(items: T[], q: { from?: number; to?: number; count: number; skip: number }) {
    return items
      .filter((i) => (q.from === undefined || i.created_at >= q.from) && (q.to === undefined || i.created_at <= q.to))
      .sort((a, b) => b.created_at - a.created_at || (sequence.get(b) ?? 0) - (sequence.get(a) ?? 0))
      .slice(q.skip, q.skip + q.count)
  }

  /** The payment's amount_refunded/refund_status/status from its refunds that have not failed. */
  function recountRefunds(payment: PaymentEntity) {
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_id === payment.id && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0)
    payment.amount_refunded = refunded
    payment.refund_status = refunded === 0 ? null : refunded >= payment.amount ? 'full' : 'partial'
    // "A payment moves to the refunded state only when the entire amount is refunded to the customer. In case of
    // partial refunds, the payment remains in the captured state" (https://razorpay.com/docs/payments/refunds/issue/).
    if (payment.captured) payment.status = refunded >= payment.amount ? 'refunded' : 'captured'
  }
  function processRefund(refund: RefundEntity) {
    refund.status = 'processed'
    // The create-instant page: optimum is processed instantly when possible; in a stand-in it always is.
    refund.speed_processed = refund.speed_requested === 'optimum' ? 'instant' : 'normal'
    // acquirer_data carries the bank's reference "when a refund is processed" (refund entity page); a 14-digit ARN
    // as in the documented samples.
    refund.acquirer_data = { arn: String(crypto.randomInt(10 ** 13, 10 ** 14)) }
  }

  /** Capture: https://razorpay.com/docs/api/payments/capture/ */
  function capturePayment(payment: PaymentEntity, body: Record<string, unknown>): [number, unknown] {
    if (payment.status !== 'authorized') {
      if (payment.captured) {
        // The page lists this error text for a payment that "has already been captured", 400.
        return [
          400,
          badRequest('Your payment has been declined as the order is already paid. Please initiate the payment with a new order.'),
        ]
      }
      // The page says only "Attempting to capture a payment whose status is not authorized will produce an error"
      // and gives no text for a failed or created payment; this one is chosen in the documented shape.
      return [400, badRequest(`Only an authorized payment can be captured; this payment is ${payment.status}.`)]
    }
    const amount = integerOf(body.amount)
    if (body.amount === undefined || body.amount === null) return [400, badRequest('The amount field is required.', 'amount')]
    if (amount === undefined) return [400, badRequest('The amount must be an integer.', 'amount')]
    // Documented: "Capture amount must be equal to the amount authorized.", 400.
    if (amount !== payment.amount) return [400, badRequest('Capture amount must be equal to the amount authorized.', 'amount')]
    // currency is documented as mandatory; the page gives no error text for it missing or different.
    if (typeof body.currency !== 'string') return [400, badRequest('The currency field is required.', 'currency')]
    if (body.currency !== payment.currency) return [400, badRequest('The currency must be the currency of the payment.', 'currency')]
    payment.status = 'captured'
    payment.captured = true
    // "fee: Fee (including GST) charged by Razorpay", "tax: GST charged"; null until captured, as in the samples.
    payment.fee = Math.ceil(payment.amount * 0.02)
    payment.tax = Math.round((payment.fee * 18) / 118)
    markOrderPaid(payment)
    return [200, clone(payment)]
  }
  /** "After the successful capture of the payment, the order moves to the paid state" (orders entity page). */
  function markOrderPaid(payment: PaymentEntity) {
    const order = payment.order_id ? orders.get(payment.order_id) : undefined
    if (!order) return
    order.status = 'paid'
    order.amount_paid = payment.amount
    order.amount_due = Math.max(0, order.amount - payment.amount)
  }

  /**
   * Create a refund: https://razorpay.com/docs/api/refunds/create-normal/ and
   * https://razorpay.com/docs/api/refunds/create-instant/ (speed `optimum`), made idempotent by the X-Refund-Idempotency
   * header as https://razorpay.com/docs/api/refunds/normal-refunds-idempotent/ and
   * https://razorpay.com/docs/api/refunds/instant-refunds-idempotent/ describe.
   */
  function createRefund(payment: PaymentEntity, body: Record<string, unknown>, idempotencyKey: string | undefined): [number, unknown] {
    if (idempotencyKey !== undefined) {
      // Both documented, 400.
      if (idempotencyKey.length < 10) return [400, badRequest('The idempotency key must be at least 10 characters long.')]
      if (!/^[A-Za-z0-9_-]+$/.test(idempotencyKey)) {
        return [400, badRequest('The idempotency key must only contain alphanumeric characters, underscores, and hyphens')]
      }
      const seen = idempotency.get(idempotencyKey)
      if (seen) {
        // "When retrying a request, the request body must be the same as the first request": the same refund back;
        // a different one is the documented 409 (whose sample has source/step/reason "NA").
        if (seen.paymentId === payment.id && seen.body === canonical(body)) return [200, clone(refunds.get(seen.refundId)!)]
        return [
          409,
          {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'Different request with the same idempotency key has already been processed.',
              source: 'NA',
              step: 'NA',
              reason: 'NA',
              metadata: {},
              field: null,
            },
          },
        ]
      }
    }
    // Documented: "{any Extra field} is/are not required and should not be sent.", 400.
    const extra = Object.keys(body).filter((k) => !['amount', 'speed', 'notes', 'receipt'].includes(k))
    if (extra.length)
      return [400, badRequest(`${extra.join(', ')} ${extra.length > 1 ? 'are' : 'is'} not required and should not be sent`, extra[0]!)]
    const speed = body.speed ?? 'normal'
    // The pages document only `normal` and `optimum`; they give no text for another value.
    if (speed !== 'normal' && speed !== 'optimum') return [400, badRequest('The selected speed is invalid.', 'speed')]
    if (!payment.captured) {
      // "You can initiate refunds only on those payments that are in captured state" (https://razorpay.com/docs/api/refunds/);
      // the pages give no error text for it, so this one is chosen in the documented shape.
      return [400, badRequest('Refunds can be made only on captured payments.')]
    }
    const left = payment.amount - payment.amount_refunded
    // Documented: "The payment has been fully refunded already.", 400.
    if (left <= 0) return [400, badRequest('The payment has been fully refunded already.')]
    // "If the amount parameter is not passed, the entire payment amount will be refunded": what is left of it.
    const amount = body.amount === undefined || body.amount === null ? left : integerOf(body.amount)
    if (amount === undefined) return [400, badRequest('The amount must be an integer.', 'amount')]
    // Documented for normal refunds ("The amount must be at least INR 1.00."); instant refunds of ₹1 or lower "are
    // now supported" (create-instant page), so optimum has no floor above zero.
    if (speed === 'normal' && amount < 100) return [400, badRequest(`The amount must be at least ${payment.currency} 1.00.`, 'amount')]
    if (amount < 1) return [400, badRequest('The amount must be at least 1.', 'amount')]
    // Documented: "The refund amount provided is greater than amount captured.", 400 ("amount captured" less what is
    // already refunded, since partial refunds may not sum past the captured amount: https://razorpay.com/docs/payments/refunds/issue/).
    if (amount > left) return [400, badRequest('The refund amount provided is greater than amount captured.', 'amount')]
    const refund: RefundEntity = {
      id: newId('rfnd_'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: body.notes && typeof body.notes === 'object' && !Array.isArray(body.notes) ? clone(body.notes as Record<string, string>) : [],
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      // "pending: This state indicates that Razorpay is attempting to process the refund."
      status: 'pending',
      speed_processed: null,
      speed_requested: speed,
    }
    if (state.refundsProcessImmediately) processRefund(refund)
    refunds.set(refund.id, refund)
    sequence.set(refund, nextSequence++)
    recountRefunds(payment)
    if (idempotencyKey !== undefined) idempotency.set(idempotencyKey, { paymentId: payment.id, body: canonical(body), refundId: refund.id })
    return [200, clone(refund)]
  }

  function route(method: string, url: URL, body: Record<string, unknown>, headers: http.IncomingHttpHeaders): [number, unknown] {
    const path = url.pathname
    let m: RegExpMatchArray | null
    const id = (i: number) => decodeURIComponent(m![i]!)

    // Create an order: https://razorpay.com/docs/api/orders/create/ (answers the Orders entity). It takes the body as
    // sent, as it always has here; the shop's tests rely on that.
    if (method === 'POST' && path === '/v1/orders') {
      const order: StandInOrder = {
        id: newId('order_'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        amount_due: body.amount as number,
        currency: body.currency as string,
        receipt: (body.receipt as string | undefined) ?? null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: (body.notes as Record<string, string> | undefined) ?? [],
        created_at: now(),
        payments: [],
      }
      orders.set(order.id, order)
      return [200, orderEntity(order)]
    }
    // Fetch payments for an order: https://razorpay.com/docs/api/orders/fetch-payments/ ("all the authorised or failed
    // payments for that order"), as full payment entities.
    if (method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)\/payments$/))) {
      const order = orders.get(id(1))
      if (!order) return [400, noSuchId()]
      return [200, collection(order.payments)]
    }
    // Fetch all payments: https://razorpay.com/docs/api/payments/fetch-all-payments/
    if (method === 'GET' && path === '/v1/payments') {
      const q = listQuery(url)
      if ('error' in q) return [400, q]
      return [200, collection(page([...payments.values()], q))]
    }
    // Fetch a payment with id: https://razorpay.com/docs/api/payments/fetch-with-id/ ("The id provided does not exist", 400).
    if (method === 'GET' && (m = path.match(/^\/v1\/payments\/([^/]+)$/))) {
      const payment = payments.get(id(1))
      return payment ? [200, clone(payment)] : [400, noSuchId()]
    }
    // Capture a payment: https://razorpay.com/docs/api/payments/capture/
    if (method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/capture$/))) {
      const payment = payments.get(id(1))
      return payment ? capturePayment(payment, body) : [400, noSuchId()]
    }
    // Create a normal or instant refund: https://razorpay.com/docs/api/refunds/create-normal/,
    // https://razorpay.com/docs/api/refunds/create-instant/ (the "{payment_id} is not a valid id" error for an unknown id).
    if (method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refund$/))) {
      const payment = payments.get(id(1))
      if (!payment) return [400, badRequest(`${id(1)} is not a valid id`)]
      const key = headers['x-refund-idempotency']
      return createRefund(payment, body, Array.isArray(key) ? key[0] : key)
    }
    // Fetch multiple refunds for a payment: https://razorpay.com/docs/api/refunds/fetch-multiple-refund-payment/
    // (from/to/count/skip; "by default, only the last 10 refunds": newest first, like Fetch All Payments, though the
    // page's sample lists its two refunds oldest first).
    if (method === 'GET' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refunds$/))) {
      const payment = payments.get(id(1))
      if (!payment) return [400, noSuchId()]
      const q = listQuery(url)
      if ('error' in q) return [400, q]
      return [
        200,
        collection(
          page(
            [...refunds.values()].filter((r) => r.payment_id === payment.id),
            q,
          ),
        ),
      ]
    }
    // Fetch a specific refund for a payment: https://razorpay.com/docs/api/refunds/fetch-specific-refund-payment/
    if (method === 'GET' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refunds\/([^/]+)$/))) {
      const refund = refunds.get(id(2))
      return refund && refund.payment_id === id(1) ? [200, clone(refund)] : [400, noSuchId()]
    }
    // Fetch a refund with id: https://razorpay.com/docs/api/refunds/fetch-with-id/
    if (method === 'GET' && (m = path.match(/^\/v1\/refunds\/([^/]+)$/))) {
      const refund = refunds.get(id(1))
      return refund ? [200, clone(refund)] : [400, noSuchId()]
    }
    // "The requested URL was not found on the server.", 400, on every endpoint page (a wrong URL or method).
    return [400, badRequest('The requested URL was not found on the server.')]
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks).toString()
    let body: unknown
    let unreadable = false
    if (raw) {
      try {
        body = JSON.parse(raw)
      } catch {
        body = raw
        unreadable = true
      }
    }
    state.requests.push({ method: req.method!, path: req.url!, body, headers: { ...req.headers } })
    if (state.mode === 'hang') return // never answers
    // The connection closed with no answer at all, as when a proxy or the provider's server falls over.
    if (state.mode === 'drop') return req.socket.destroy()
    const mode = state.mode
    const send = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload)
      if (mode === 'truncate') {
        // Headers and half the body, then the connection is cut.
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
        res.write(text.slice(0, Math.floor(text.length / 2)))
        return void setImmediate(() => res.socket?.destroy())
      }
      const answer = () => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(text)
      }
      if (mode !== 'slow') return answer()
      // Does the work now and answers late: the order exists at the provider though the caller gave up.
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (!res.destroyed) answer()
      }, state.slowMs)
      timers.add(timer)
    }
    if (state.mode === 'error') return send(500, serverError('SERVER_ERROR'))
    if (state.failNext > 0) {
      state.failNext--
      return send(500, serverError('SERVER_ERROR'))
    }
    if (state.failPaths && req.url!.search(state.failPaths) !== -1) return send(502, serverError('GATEWAY_ERROR'))
    // Basic auth with the key id and secret (https://razorpay.com/docs/api/authentication/). The endpoint pages give
    // "The API {key/secret} provided is invalid." with code "4xx"; 401 is the one chosen.
    if (req.headers.authorization !== expectedAuth) return send(401, badRequest('The API key/secret provided is invalid.'))
    // The pages are silent on a body that is not JSON; a 400 in the documented shape.
    if (unreadable || (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))) {
      return send(400, badRequest('The request body is not valid JSON.'))
    }
    const [status, payload] = route(req.method!, new URL(req.url!, 'http://stand-in'), (body ?? {}) as Record<string, unknown>, req.headers)
    send(status, payload)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo

  /** A payment made on an order, as Checkout would leave it; returns the payment entity. */
  function pay(orderId: string, options: PayOptions = {}): PaymentEntity {
    const order = orders.get(orderId)
    if (!order) throw new Error(`The stand-in has no order ${orderId}`)
    const status = options.status ?? 'authorized'
    const method = options.method ?? 'upi'
    const failed = status === 'failed'
    const payment: PaymentEntity = {
      id: newId('pay_'),
      entity: 'payment',
      amount: options.amount ?? order.amount,
      currency: options.currency ?? order.currency,
      status,
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      description: null,
      card_id: method === 'card' ? newId('card_') : null,
      bank: method === 'netbanking' ? 'HDFC' : null,
      wallet: method === 'wallet' ? 'payzapp' : null,
      vpa: method === 'upi' ? 'gaurav.kumar@exampleupi' : null,
      email: 'gaurav.kumar@example.com',
      contact: '+919000090000',
      notes: [],
      fee: null,
      tax: null,
      // As in the documented payment.failed sample.
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? (options.errorDescription ?? 'Payment failed') : null,
      error_source: failed ? 'bank' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      acquirer_data:
        method === 'upi'
          ? { rrn: String(crypto.randomInt(10 ** 11, 10 ** 12)) }
          : method === 'netbanking'
            ? { bank_transaction_id: null }
            : {},
      created_at: options.createdAt ?? now(),
    }
    if (status === 'captured') {
      payment.fee = Math.ceil(payment.amount * 0.02)
      payment.tax = Math.round((payment.fee * 18) / 118)
    }
    payments.set(payment.id, payment)
    sequence.set(payment, nextSequence++)
    order.payments.push(payment)
    // "attempts: The number of payment attempts, successful and failed"; "attempted" from the first attempt.
    order.attempts += 1
    if (order.status === 'created') order.status = 'attempted'
    if (status === 'captured') markOrderPaid(payment)
    return clone(payment)
  }

  return {
    url: `http://127.0.0.1:${port}`,
    state,
    orders,
    /** Payments by id (the live entities the API answers from). */
    payments,
    /** Refunds by id (the live entities the API answers from). */
    refunds,
    /** Records a captured payment on an order, as if the customer paid but the webhook never came. */
    capture(orderId: string) {
      return pay(orderId, { status: 'captured' })
    },
    pay,
    /**
     * What Checkout hands the browser after a successful payment on an order: razorpay_payment_id, razorpay_order_id,
     * and razorpay_signature = hex HMAC-SHA256 of `order_id + "|" + payment_id` keyed with the key secret
     * (https://razorpay.com/docs/payments/payment-gateway/s2s-integration/test-s2s/best-practices/security/,
     * https://razorpay.com/docs/payments/payment-gateway/s2s-integration/json/v2/build-integration/single-integration-api/).
     */
    checkoutSuccess(paymentId: string) {
      const payment = payments.get(paymentId)
      if (!payment?.order_id) throw new Error(`The stand-in has no payment ${paymentId} on an order`)
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: payment.order_id,
        razorpay_signature: crypto.createHmac('sha256', keySecret).update(`${payment.order_id}|${payment.id}`).digest('hex'),
      }
    },
    /**
     * Moves a pending refund to `processed` or `failed` (refund entity page). The docs are silent on what a failed
     * refund does to the payment; since nothing went back to the customer it no longer counts in amount_refunded.
     */
    settleRefund(refundId: string, outcome: 'processed' | 'failed') {
      const refund = refunds.get(refundId)
      if (!refund) throw new Error(`The stand-in has no refund ${refundId}`)
      if (refund.status !== 'pending') throw new Error(`Refund ${refundId} is already ${refund.status}`)
      if (outcome === 'processed') processRefund(refund)
      else refund.status = 'failed'
      recountRefunds(payments.get(refund.payment_id)!)
      return clone(refund)
    },
    /**
     * A webhook as Razorpay would POST it: the body built as the documented payloads are
     * (https://razorpay.com/docs/webhooks/payments/, https://razorpay.com/docs/webhooks/orders/,
     * https://razorpay.com/docs/webhooks/refunds/): entity "event", account_id, event, contains,
     * payload.{payment|order|refund}.entity, created_at; signed as https://razorpay.com/docs/webhooks/validate-test/
     * says: X-Razorpay-Signature = hex HMAC-SHA256 of the raw body keyed with the webhook secret, and
     * x-razorpay-event-id "unique per event" (a fresh one each call unless `eventId` is given, to replay one event).
     * Entities are snapshots taken now; a payment or order left out is looked up from the refund or payment given.
     */
    webhook(
      event: WebhookEvent,
      entities: { payment?: PaymentEntity; order?: OrderEntity; refund?: RefundEntity; eventId?: string },
      webhookSecret: string,
      options: { eventId?: string; createdAt?: number } = {},
    ) {
      const payment = entities.payment ?? (entities.refund ? payments.get(entities.refund.payment_id) : undefined)
      const orderId = payment?.order_id
      const order = entities.order ?? (orderId ? orders.get(orderId) : undefined)
      let contains: Array<'payment' | 'order' | 'refund'>
      // payment.*: ["payment"]; order.paid: ["payment", "order"]; refund.*: ["refund", "payment"] (the samples).
      if (event.startsWith('payment.')) contains = ['payment']
      else if (event === 'order.paid') contains = ['payment', 'order']
      else if (event.startsWith('refund.')) contains = ['refund', 'payment']
      else throw new Error(`The stand-in builds no webhook for ${event}`)
      const snapshot = {
        payment: payment && clone(payment),
        order: order && orderEntity(order as StandInOrder),
        refund: entities.refund && clone(entities.refund),
      }
      const payload: Record<string, { entity: unknown }> = {}
      for (const name of contains) {
        if (!snapshot[name]) throw new Error(`A ${event} webhook needs a ${name}`)
        payload[name] = { entity: snapshot[name] }
      }
      const rawBody = JSON.stringify({
        entity: 'event',
        account_id: accountId,
        event,
        contains,
        payload,
        created_at: options.createdAt ?? now(),
      })
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': crypto.createHmac('sha256', webhookSecret).update(rawBody).digest('hex'),
          // The docs show no format; Razorpay ids are 14 base-62 characters.
          'x-razorpay-event-id': options.eventId ?? entities.eventId ?? newId(''),
        },
      }
    },
    close: () =>
      new Promise<void>((r) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
