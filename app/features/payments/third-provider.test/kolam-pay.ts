import crypto from 'node:crypto'
import { z } from '~/zod'
import {
  type PaymentProvider,
  PaymentProviderError,
  PaymentRejectedError,
  type ProviderPayment,
  type ProviderRefund,
  type ReturnedPayment,
} from '../provider'

// "Kolam Pay", a payment provider made for this test and nothing like Razorpay: payment intents instead of orders,
// amounts in `amount_minor`, a return sealed with HMAC-SHA512 in base64url, webhooks signed in a `Kolam-Signature`
// header over `<timestamp>.<body>` (HMAC-SHA256, hex) with their id in the body, and events named charge.* and
// payout.reversal.*. Its "bank" is in memory: the test plays the customer and Kolam's servers.

type Txn = {
  id: string
  intent: string
  amountMinor: number
  currency: string
  state: 'held' | 'settled' | 'declined' | 'returned'
  declineReason: string | null
  createdAt: Date
}
type Reversal = { id: string; txn: string; amountMinor: number; state: 'queued' | 'done' | 'rejected'; reference: string; key: string }

const returned = z.object({
  kolam_intent: z.string().regex(/^pi_[a-f0-9]{16}$/),
  kolam_txn: z.string().regex(/^txn_[a-f0-9]{16}$/),
  kolam_seal: z.string().regex(/^[A-Za-z0-9_-]{86}$/),
})

const txnEntity = z.object({
  txn: z.string(),
  intent: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  state: z.enum(['held', 'settled', 'declined', 'returned']),
  decline_reason: z.string().nullable(),
})
const reversalEntity = z.object({
  reversal: z.string(),
  txn: z.string(),
  amount_minor: z.number().int(),
  state: z.enum(['queued', 'done', 'rejected']),
  reference: z.string(),
})
const webhookBody = z.discriminatedUnion('type', [
  z.object({ id: z.string(), type: z.enum(['charge.settled', 'charge.held', 'charge.declined']), data: txnEntity }),
  z.object({
    id: z.string(),
    type: z.enum(['payout.reversal.queued', 'payout.reversal.done', 'payout.reversal.rejected']),
    data: reversalEntity,
  }),
  z.object({ id: z.string(), type: z.literal('merchant.updated'), data: z.unknown() }),
])

const STATUS = { held: 'authorized', settled: 'captured', declined: 'failed', returned: 'refunded' } as const
const REVERSAL_STATUS = { queued: 'pending', done: 'processed', rejected: 'failed' } as const

export function kolamPay(secrets: { merchant: string; sealKey: string; hookKey: string }) {
  const intents = new Map<string, { amountMinor: number; reference: string }>()
  const txns = new Map<string, Txn>()
  const reversals = new Map<string, Reversal>()
  const hex = () => crypto.randomBytes(8).toString('hex')
  const seal = (intent: string, txn: string) => crypto.createHmac('sha512', secrets.sealKey).update(`${intent}:${txn}`).digest('base64url')
  const sign = (timestamp: number, body: string) =>
    crypto.createHmac('sha256', secrets.hookKey).update(`${timestamp}.${body}`).digest('hex')
  const asPayment = (t: Txn): ProviderPayment => ({
    id: t.id,
    providerOrderId: t.intent,
    status: STATUS[t.state],
    amountPaise: t.amountMinor,
    currency: t.currency,
    failureReason: t.declineReason,
  })
  const asRefund = (r: Reversal): ProviderRefund => ({
    id: r.id,
    paymentId: r.txn,
    amountPaise: r.amountMinor,
    status: REVERSAL_STATUS[r.state],
    speedProcessed: null,
  })
  const find = (id: string) => {
    const txn = txns.get(id)
    if (!txn) throw new PaymentProviderError(`Kolam Pay has no transaction ${id}`)
    return txn
  }

  const provider: PaymentProvider = {
    name: 'kolam-pay',
    browser: {
      kind: 'kolam-pay',
      script: 'https://js.kolampay.example/v2/kolam.js',
      sources: {
        script: ['https://js.kolampay.example'],
        frame: ['https://pay.kolampay.example'],
        connect: ['https://api.kolampay.example'],
        img: [],
        payment: ['https://pay.kolampay.example'],
        otpCredentials: [],
        popups: false,
      },
      payingNote: 'Finish paying in the Kolam Pay window.',
    },
    checkoutData: ({ providerOrderId, amountPaise }) => ({
      merchant: secrets.merchant,
      intent: providerOrderId,
      amountMinor: amountPaise,
      theme: 'leaf',
    }),
    verifyReturn(providerOrderId, fields): ReturnedPayment {
      const parsed = returned.safeParse(fields)
      if (!parsed.success) return { incomplete: parsed.error }
      const { kolam_intent, kolam_txn, kolam_seal } = parsed.data
      const expected = Buffer.from(seal(providerOrderId, kolam_txn))
      const ok = kolam_intent === providerOrderId && crypto.timingSafeEqual(expected, Buffer.from(kolam_seal))
      return ok ? { paymentId: kolam_txn } : { forged: true }
    },
    verifyWebhook({ rawBody, headers }) {
      const match = /^t=(\d{1,12}),v1=([a-f0-9]{64})$/.exec(headers.get('kolam-signature') ?? '')
      if (!match) return false
      return crypto.timingSafeEqual(Buffer.from(sign(Number(match[1]), rawBody), 'hex'), Buffer.from(match[2]!, 'hex'))
    },
    parseWebhook({ rawBody }) {
      let body: z.infer<typeof webhookBody>
      try {
        body = webhookBody.parse(JSON.parse(rawBody))
      } catch {
        throw new PaymentRejectedError('Not a Kolam Pay event.')
      }
      const delivery = { eventId: `kolam:${body.id}`, name: body.type }
      if (body.type === 'merchant.updated') return { ...delivery, providerOrderId: null, event: null }
      if (body.type.startsWith('payout.reversal.')) {
        const r = reversalEntity.parse(body.data)
        const refund = asRefund({
          id: r.reversal,
          txn: r.txn,
          amountMinor: r.amount_minor,
          state: r.state,
          reference: r.reference,
          key: '',
        })
        const kind = ({ pending: 'refund-pending', processed: 'refund-processed', failed: 'refund-failed' } as const)[refund.status]
        return { ...delivery, providerOrderId: null, event: { kind, refund, shopRefundId: r.reference } }
      }
      const t = txnEntity.parse(body.data)
      const payment = asPayment({
        id: t.txn,
        intent: t.intent,
        amountMinor: t.amount_minor,
        currency: t.currency,
        state: t.state,
        declineReason: t.decline_reason,
        createdAt: new Date(),
      })
      const kind = (
        { 'charge.settled': 'payment-captured', 'charge.held': 'payment-authorized', 'charge.declined': 'payment-failed' } as const
      )[body.type as 'charge.settled']
      return { ...delivery, providerOrderId: t.intent, event: { kind, payment } }
    },
    async createOrder({ amountPaise, receipt }) {
      const id = `pi_${hex()}`
      intents.set(id, { amountMinor: amountPaise, reference: receipt })
      return { providerOrderId: id }
    },
    async fetchPayment(paymentId) {
      return asPayment(find(paymentId))
    },
    async capturePayment(paymentId, amountPaise) {
      const txn = find(paymentId)
      if (txn.state !== 'held' || txn.amountMinor !== amountPaise) throw new PaymentProviderError(`Kolam Pay cannot settle ${paymentId}`)
      txn.state = 'settled'
      return asPayment(txn)
    },
    async listPayments(providerOrderId) {
      return [...txns.values()].filter((t) => t.intent === providerOrderId).map(asPayment)
    },
    async listPaymentsBetween(from, to) {
      return [...txns.values()].filter((t) => t.createdAt >= from && t.createdAt <= to).map(asPayment)
    },
    async refundPayment({ paymentId, amountPaise, idempotencyKey, notes }) {
      const same = [...reversals.values()].find((r) => r.key === idempotencyKey)
      if (same) return asRefund(same)
      const txn = find(paymentId)
      if (txn.state !== 'settled') throw new PaymentProviderError(`Kolam Pay cannot reverse ${paymentId}: it is ${txn.state}`)
      const reversal: Reversal = {
        id: `rev_${hex()}`,
        txn: paymentId,
        amountMinor: amountPaise,
        state: 'queued',
        reference: notes.refundId ?? '',
        key: idempotencyKey,
      }
      reversals.set(reversal.id, reversal)
      return asRefund(reversal)
    },
    async fetchRefund(_paymentId, refundId) {
      const reversal = reversals.get(refundId)
      if (!reversal) throw new PaymentProviderError(`Kolam Pay has no reversal ${refundId}`)
      return asRefund(reversal)
    },
  }

  /** What the test does as the customer and as Kolam Pay's servers. */
  const kolam = {
    intents,
    txns,
    reversals,
    /** The customer pays in Kolam's window: the transaction, and the sealed fields the window hands the page. */
    pay(intent: string, amountMinor = intents.get(intent)!.amountMinor, state: Txn['state'] = 'settled') {
      const txn: Txn = {
        id: `txn_${hex()}`,
        intent,
        amountMinor,
        currency: 'INR',
        state,
        declineReason: state === 'declined' ? 'Card declined by the bank.' : null,
        createdAt: new Date(),
      }
      txns.set(txn.id, txn)
      return { txn, returned: { kolam_intent: intent, kolam_txn: txn.id, kolam_seal: seal(intent, txn.id) } }
    },
    /** Kolam's bank finishes a reversal. */
    finishReversal(id: string) {
      const reversal = reversals.get(id)!
      reversal.state = 'done'
      find(reversal.txn).state = 'returned'
      return reversal
    },
    /** A webhook delivery as Kolam Pay sends it: signed with `key` (the hook key unless told). */
    webhook(type: string, data: unknown, key = secrets.hookKey) {
      const rawBody = JSON.stringify({ id: `ev_${hex()}`, type, created: 1_795_000_000, data })
      const timestamp = 1_795_000_000
      const signature = crypto.createHmac('sha256', key).update(`${timestamp}.${rawBody}`).digest('hex')
      return { rawBody, headers: new Headers({ 'content-type': 'application/json', 'kolam-signature': `t=${timestamp},v1=${signature}` }) }
    },
    txnData: (t: Txn) => ({
      txn: t.id,
      intent: t.intent,
      amount_minor: t.amountMinor,
      currency: t.currency,
      state: t.state,
      decline_reason: t.declineReason,
    }),
    reversalData: (r: Reversal) => ({ reversal: r.id, txn: r.txn, amount_minor: r.amountMinor, state: r.state, reference: r.reference }),
  }
  return { provider, kolam }
}
