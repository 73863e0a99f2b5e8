import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * `ok` answers like Razorpay; `error` answers 500; `hang` never answers; `slow` answers after `state.slowMs`;
 * `drop` closes the connection without answering; `truncate` sends the headers and half the body, then closes.
 */
export type StandInMode = 'ok' | 'error' | 'hang' | 'slow' | 'drop' | 'truncate'

/**
 * A stand-in for Razorpay's Orders API on loopback (the real one cannot be reached from tests). It checks Basic
 * auth, records what it was asked, and answers like Razorpay; `mode` makes it fail in the ways the real one can.
 */
export async function startRazorpayStandIn(keyId: string, keySecret: string) {
  const orders = new Map<string, { id: string; amount: number; currency: string; receipt: string; payments: Array<{ id: string; status: string }> }>()
  const state = {
    mode: 'ok' as StandInMode,
    /** How long `slow` waits before answering. */
    slowMs: 15_000,
    requests: [] as Array<{ method: string; path: string; body: unknown }>,
  }
  const timers = new Set<NodeJS.Timeout>()
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined
    state.requests.push({ method: req.method!, path: req.url!, body })
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
        res.end(JSON.stringify(payload))
      }
      if (mode !== 'slow') return answer()
      // Does the work now and answers late: the order exists at the provider though the caller gave up.
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (!res.destroyed) answer()
      }, state.slowMs)
      timers.add(timer)
    }
    if (state.mode === 'error') return send(500, { error: { code: 'SERVER_ERROR', description: 'stand-in failure' } })
    if (req.headers.authorization !== expectedAuth) return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } })
    if (req.method === 'POST' && req.url === '/v1/orders') {
      const id = `order_${crypto.randomBytes(7).toString('hex')}`
      const order = { id, amount: body.amount, currency: body.currency, receipt: body.receipt, payments: [] }
      orders.set(id, order)
      return send(200, { id, entity: 'order', amount: body.amount, currency: body.currency, receipt: body.receipt, status: 'created' })
    }
    const paymentsMatch = req.url?.match(/^\/v1\/orders\/([^/]+)\/payments$/)
    if (req.method === 'GET' && paymentsMatch) {
      const order = orders.get(decodeURIComponent(paymentsMatch[1]!))
      if (!order) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } })
      return send(200, { entity: 'collection', count: order.payments.length, items: order.payments })
    }
    send(404, { error: { code: 'NOT_FOUND' } })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    orders,
    /** Records a captured payment on an order, as if the customer paid but the webhook never came. */
    capture(orderId: string) {
      const payment = { id: `pay_${crypto.randomBytes(7).toString('hex')}`, status: 'captured' }
      orders.get(orderId)!.payments.push(payment)
      return payment
    },
    close: () =>
      new Promise<void>((r) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
