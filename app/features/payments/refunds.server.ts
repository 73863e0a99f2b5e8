import { inOrderLanguage } from '~/i18n/language.server'
import { m } from '~/i18n/paraglide/messages.js'
import crypto from 'node:crypto'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { orderEvents, orders, refunds } from '~/db/schema'
import { log } from '~/log.server'
import { orderNumberLabel } from '../orders/order-number'
import type { RefundItems } from '../invoices/credit-note-document'
import { creditNoteNumbersOf, issueCreditNote } from '../invoices/credit-notes.server'
import { lineDescription } from '../invoices/line-description'
import { enqueueMail } from '../mail/outbox.server'
import { formatRupeesAndPaise } from '../money/money'
import { getShopSettings } from '../settings/shop-settings.server'
import { changeStock } from '../stock/ledger.server'
import { PaymentProviderError, PaymentProviderRefusal, type ProviderRefund, type RefundSpeed } from './provider'
import { type ProviderSource, providersOf } from './registry.server'
import { type OrderForRefund, planRefund, refundableOf, type RefundRequest } from './refund-plan'
import type { RecordWithEffect } from './settle.server'
import { refundMail } from './refund-mails'

// Refunds (decision 033). A refund is first the owner's decision, written in one transaction with what follows from
// it in the shop: the goods back to stock (when they can be sold again), the GST credit note, the order's history.
// Then its transfer: POST /v1/payments/:id/refund with an idempotency key made of the refund's id and its attempt, so
// a call whose answer was lost is asked again and moves no money twice. The provider's answer, its webhooks
// (refund.created, refund.processed, refund.failed) and the reconciliation move the refund's status; the customer is
// mailed when the provider has taken it.

export type Refund = typeof refunds.$inferSelect & { items: RefundItems }

/**
 * Orders that were paid: a refund gives back money that was captured, and only that. A prepaid parcel returned to
 * origin is refunded by the owner, usually less the shipping (issue 40).
 */
const REFUNDABLE = ['paid', 'packed', 'shipped', 'delivered', 'cancelled', 'returned_to_origin'] as const

export class RefundRefusedError extends Error {}

/** A refund the order's state does not allow now (not paid, its cash not collected): the page is out of date. */
export class RefundNotAllowedError extends RefundRefusedError {}

/** How soon a refund whose transfer got no answer is sent again, and a pending one looked up. */
const RESEND_AFTER_MS = 60_000
const LOOK_UP_PENDING_AFTER_MS = 30 * 60_000

/** An order's refunds, oldest first. */
export async function refundsOf(db: Database, orderId: string): Promise<Refund[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt))
  return rows.map((r) => ({ ...r, items: r.items as RefundItems }))
}

export type RefundInput = {
  orderId: string
  request: RefundRequest
  reason: string
  /** Whether the goods go back to stock (damaged goods do not). Ignored for amounts, and for cancelled orders, whose stock went back when they were cancelled. */
  restock: boolean
  speed: RefundSpeed
  actor: string
  now?: Date
}

/**
 * Writes the owner's refund, its credit note, the stock and the history in one transaction, inside the caller's when
 * `tx` is given (the cancel step), else in one of its own. Refuses (RefundRefusedError, nothing written) what the
 * order cannot give back: more than was captured, more of a line than was bought, an order never paid, an order paid in
 * cash on delivery (no provider payment to refund through).
 */
export async function recordRefund(tx: Transaction, input: RefundInput) {
  const now = input.now ?? new Date()
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
  if (!order) throw new RefundRefusedError(m.orders_refund_order_not_found())
  // Cash on delivery was not paid through the provider: there is no payment to send money back to (decision 043).
  if (order.paymentMethod === 'cod') {
    throw new RefundRefusedError(m.orders_refund_cod_refused())
  }
  if (!order.paymentId || !order.paidAt || !(REFUNDABLE as readonly string[]).includes(order.status)) {
    throw new RefundRefusedError(m.orders_refund_not_paid())
  }
  const lines = await tx.query.orderLines.findMany({ where: (l, { eq }) => eq(l.orderId, order.id) })
  const prior = await refundsOf(tx, order.id)
  const plan = planRefund({ totalPaise: order.totalPaise, deliveryPaise: order.deliveryPaise, lines }, prior, input.request)
  if (!plan.ok) throw new RefundRefusedError(plan.error)
  // A cancelled order's or a returned parcel's stock went back on the shelf in that step already.
  const restock = input.restock && order.status !== 'cancelled' && order.status !== 'returned_to_origin' && plan.items.lines.length > 0
  const id = newRefundId()
  await tx.insert(refunds).values({
    id,
    orderId: order.id,
    amountPaise: plan.amountPaise,
    items: plan.items,
    reason: input.reason,
    restock,
    speed: input.speed,
    status: 'requested',
    nextCheckAt: new Date(now.getTime() + RESEND_AFTER_MS),
    createdBy: input.actor,
    createdAt: now,
    updatedAt: now,
  })
  const creditNote = await writeRefundEffects(tx, {
    orderId: order.id,
    refundId: id,
    items: plan.items,
    reason: input.reason,
    restock,
    actor: input.actor,
    now,
  })
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    note: `Refund of ${formatRupeesAndPaise(plan.amountPaise)} requested (${refundedWhat(plan.items)}; ${input.speed}): ${input.reason}${restock ? '; goods back to stock' : ''}${creditNote ? `; credit note ${creditNote.document.number}` : ''}`,
    actor: input.actor,
  })
  return { refundId: id, amountPaise: plan.amountPaise, creditNoteNumber: creditNote?.document.number ?? null }
}

export function newRefundId() {
  return crypto.randomBytes(12).toString('base64url')
}

/**
 * What every refund's decision writes beside its row, in its transaction: the goods back on the shelf when `restock`
 * (ledger reason `returned`), and the GST credit note of an invoiced order (null for one never invoiced).
 */
export async function writeRefundEffects(
  tx: Transaction,
  input: { orderId: string; refundId: string; items: RefundItems; reason: string; restock: boolean; actor: string; now: Date },
) {
  if (input.restock) {
    for (const line of input.items.lines) {
      await changeStock(tx, {
        productId: line.productId,
        size: line.size,
        change: line.quantity,
        reason: 'returned',
        orderId: input.orderId,
        admin: input.actor,
        note: `Refund: ${input.reason}`,
      })
    }
  }
  return issueCreditNote(tx, {
    orderId: input.orderId,
    refundId: input.refundId,
    items: input.items,
    reason: input.reason,
    issuedAt: input.now,
  })
}

/** What a refund gives back, in the order's history: "2 × Kokum Syrup, delivery". */
export function refundedWhat(items: RefundItems) {
  return [
    ...items.lines.map((l) => `${l.quantity} × ${lineDescription(l)}`),
    ...(items.deliveryPaise ? ['delivery'] : []),
    ...(items.codFeePaise ? ['the cash-on-delivery fee'] : []),
    ...(items.amountPaise ? ['an amount'] : []),
  ].join(', ')
}

/** The owner's refund from the order page: written, then sent to the provider at once. */
export async function requestRefund(db: Database, providers: ProviderSource, shopUrl: string, input: RefundInput) {
  const recorded = await db.transaction((tx) => recordRefund(tx, input))
  const refund = await sendRefund(db, providers, shopUrl, recorded.refundId, input.now)
  return { ...recorded, status: refund?.status ?? 'requested' }
}

/**
 * Sends a refund's transfer to the provider, or asks again with the same key when the last answer was lost. A refusal
 * (the provider's 4xx) fails the refund with the provider's words and puts the order on the owner's list; no answer
 * leaves it `requested`, sent again by the reconciliation.
 */
export async function sendRefund(db: Database, providers: ProviderSource, shopUrl: string, refundId: string, now = new Date()) {
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId))
  // A refund the owner paid outside the provider (decision 069) is never sent: it is processed when written.
  if (refund?.status !== 'requested' || refund.method !== 'provider') return refund ?? null
  const [order] = await db
    .select({ paymentId: orders.paymentId, number: orders.number, numberPrefix: orders.numberPrefix, provider: orders.provider })
    .from(orders)
    .where(eq(orders.id, refund.orderId))
  let answer: ProviderRefund
  try {
    // Through the provider that took the payment.
    answer = await providersOf(providers)
      .forOrder(order!.provider)
      .refundPayment({
        paymentId: order!.paymentId!,
        amountPaise: refund.amountPaise,
        speed: refund.speed ?? 'normal',
        idempotencyKey: `${refund.id}-${refund.attempts}`,
        notes: { orderNumber: orderNumberLabel(order!), refundId: refund.id },
      })
  } catch (err) {
    if (err instanceof PaymentProviderRefusal) {
      await failRefund(db, refund.id, err.description, now)
      return { ...refund, status: 'failed' as const }
    }
    if (!(err instanceof PaymentProviderError)) throw err
    log.warn(
      { refundId, error: err.message },
      `Refund ${refundId} got no answer from the payment provider; it is sent again with the same key`,
    )
    await db
      .update(refunds)
      .set({ nextCheckAt: new Date(now.getTime() + RESEND_AFTER_MS), updatedAt: now })
      .where(eq(refunds.id, refund.id))
    return refund
  }
  const applied = await applyProviderRefund(db, shopUrl, answer, { refundId: refund.id, now })
  return applied === 'duplicate' ? refund : applied
}

/**
 * What the provider says of a refund (its answer, a webhook, a look-up) moves ours forward: requested → pending →
 * processed, or → failed. Never backwards, and a second notice of the same state changes nothing. Mails the customer
 * when the provider first takes it, with a link to its order's page at `shopUrl` (PUBLIC_URL).
 */
export async function applyProviderRefund(
  db: Database,
  shopUrl: string,
  answer: ProviderRefund,
  { refundId, now = new Date(), record }: { refundId?: string; now?: Date; record?: RecordWithEffect } = {},
) {
  const settings = await getShopSettings(db)
  return db.transaction(async (tx) => {
    // A webhook's event id, with its effect (decision 032).
    if (record && !(await record(tx))) return 'duplicate' as const
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(refundId ? eq(refunds.id, refundId) : eq(refunds.providerRefundId, answer.id))
      .for('update')
    if (!refund) return null
    if (refund.method !== 'provider') return refund
    const order = (await tx.select().from(orders).where(eq(orders.id, refund.orderId)))[0]!
    const rank = { requested: 0, pending: 1, processed: 2, failed: 2 } as const
    if (rank[answer.status] <= rank[refund.status] && refund.providerRefundId === answer.id) return refund
    if (refund.status === 'processed' || (refund.status === 'failed' && answer.status !== 'processed')) return refund
    if (answer.status === 'failed') {
      await failRefundIn(tx, refund.id, 'The provider could not send the money back.', now)
      return { ...refund, status: 'failed' as const }
    }
    const [updated] = await tx
      .update(refunds)
      .set({
        status: answer.status,
        providerRefundId: answer.id,
        failureReason: null,
        nextCheckAt: answer.status === 'pending' ? new Date(now.getTime() + LOOK_UP_PENDING_AFTER_MS) : null,
        updatedAt: now,
      })
      .where(eq(refunds.id, refund.id))
      .returning()
    await tx.insert(orderEvents).values({
      orderId: refund.orderId,
      status: order.status,
      note: `Refund of ${formatRupeesAndPaise(refund.amountPaise)} ${answer.status === 'processed' ? 'processed' : 'accepted'} by the provider (${answer.id})`,
    })
    // The customer hears once, when the provider has taken the refund (pending or, at once, processed).
    if (refund.status === 'requested' || refund.status === 'failed') {
      await enqueueMail(
        tx,
        inOrderLanguage(order, () =>
          refundMail(
            { number: order.number, email: order.email },
            { amountPaise: refund.amountPaise, speed: refund.speed ?? 'normal', reason: refund.reason },
            shopUrl,
            settings,
          ),
        ),
      )
    }
    return updated!
  })
}

async function failRefund(db: Database, refundId: string, reason: string, now: Date) {
  await db.transaction((tx) => failRefundIn(tx, refundId, reason, now))
  log.warn({ refundId }, `Refund ${refundId} failed at the payment provider: ${reason}`)
}

async function failRefundIn(tx: Transaction, refundId: string, reason: string, now: Date) {
  {
    const [refund] = await tx
      .update(refunds)
      .set({ status: 'failed', failureReason: reason.slice(0, 300), nextCheckAt: null, updatedAt: now })
      .where(and(eq(refunds.id, refundId), inArray(refunds.status, ['requested', 'pending'])))
      .returning()
    if (!refund) return
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId))
    const message = `Refund of ${formatRupeesAndPaise(refund.amountPaise)} failed at the provider: ${reason} Try it again from the order's page.`
    await tx.insert(orderEvents).values({ orderId: refund.orderId, status: order!.status, note: message })
    await tx.update(orders).set({ paymentAttention: message, paymentAttentionAt: now, updatedAt: now }).where(eq(orders.id, refund.orderId))
  }
}

/** The owner tries a failed refund's transfer again: a new attempt, so a new idempotency key. */
export async function retryRefund(
  db: Database,
  providers: ProviderSource,
  shopUrl: string,
  refundId: string,
  actor: string,
  now = new Date(),
) {
  const retried = await db.transaction(async (tx) => {
    const [refund] = await tx
      .update(refunds)
      .set({
        status: 'requested',
        attempts: sql`${refunds.attempts} + 1`,
        failureReason: null,
        nextCheckAt: new Date(now.getTime() + RESEND_AFTER_MS),
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'failed')))
      .returning()
    if (!refund) return null
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, refund.orderId))
    await tx.insert(orderEvents).values({
      orderId: refund.orderId,
      status: order!.status,
      note: `Refund of ${formatRupeesAndPaise(refund.amountPaise)} tried again`,
      actor,
    })
    return refund
  })
  if (!retried) throw new RefundRefusedError(m.orders_refund_only_failed_retried())
  return sendRefund(db, providers, shopUrl, refundId, now)
}

/**
 * The reconciliation's share for refunds: transfers that got no answer are sent again (same key), and refunds the
 * provider still calls pending are looked up now and then, in case a webhook was lost.
 */
export async function reconcileRefunds(db: Database, providers: ProviderSource, shopUrl: string, now = new Date(), batch = 20) {
  const due = await db
    .select({ id: refunds.id, status: refunds.status, providerRefundId: refunds.providerRefundId, orderId: refunds.orderId })
    .from(refunds)
    // Only the provider's: one the owner paid outside it is processed when written and has nothing to send (decision 069).
    .where(and(eq(refunds.method, 'provider'), inArray(refunds.status, ['requested', 'pending']), lte(refunds.nextCheckAt, now)))
    .orderBy(asc(refunds.nextCheckAt))
    .limit(batch)
  for (const refund of due) {
    try {
      if (refund.status === 'requested') {
        await sendRefund(db, providers, shopUrl, refund.id, now)
      } else if (refund.providerRefundId) {
        const [order] = await db
          .select({ paymentId: orders.paymentId, provider: orders.provider })
          .from(orders)
          .where(eq(orders.id, refund.orderId))
        const answer = await providersOf(providers).forOrder(order!.provider).fetchRefund(order!.paymentId!, refund.providerRefundId)
        if (answer.status === 'pending') {
          await db
            .update(refunds)
            .set({ nextCheckAt: new Date(now.getTime() + LOOK_UP_PENDING_AFTER_MS) })
            .where(eq(refunds.id, refund.id))
        } else {
          await applyProviderRefund(db, shopUrl, answer, { refundId: refund.id, now })
        }
      }
    } catch (err) {
      log.warn(
        { refundId: refund.id, error: (err as Error).message },
        `Could not settle refund ${refund.id} with the provider; will try again`,
      )
      await db
        .update(refunds)
        .set({ nextCheckAt: new Date(now.getTime() + LOOK_UP_PENDING_AFTER_MS) })
        .where(eq(refunds.id, refund.id))
    }
  }
  return due.length
}

/**
 * How an order can be refunded now: through the provider that took its payment, or, for a cash-on-delivery order
 * delivered and its cash collected, by the owner outside it (decision 069); null when it has nothing to refund.
 */
export function refundWayOf(order: { paidAt: Date | null; status: string; paymentMethod?: string }) {
  if (!order.paidAt) return null
  if (order.paymentMethod === 'cod') return order.status === 'delivered' ? ('outside' as const) : null
  return (REFUNDABLE as readonly string[]).includes(order.status) ? ('provider' as const) : null
}

/** What the order's page shows of refunds: each with its credit note, and what is left to refund. */
export async function refundsForAdmin(
  db: Database,
  order: {
    id: string
    totalPaise: number
    deliveryPaise: number
    codFeePaise?: number
    paidAt: Date | null
    status: string
    paymentMethod?: string
  },
  lines: OrderForRefund['lines'],
) {
  const [list, numberOf] = await Promise.all([refundsOf(db, order.id), creditNoteNumbersOf(db, order.id)])
  const left = refundableOf(
    { totalPaise: order.totalPaise, deliveryPaise: order.deliveryPaise, codFeePaise: order.codFeePaise, lines },
    list,
  )
  const way = refundWayOf(order)
  return {
    refunds: list.map((r) => ({
      id: r.id,
      amountPaise: r.amountPaise,
      status: r.status,
      reason: r.reason,
      speed: r.speed,
      method: r.method,
      reference: r.reference,
      paidOn: r.paidOn,
      restock: r.restock,
      failureReason: r.failureReason,
      createdAt: r.createdAt,
      createdBy: r.createdBy,
      creditNoteNumber: numberOf.get(r.id) ?? null,
    })),
    /** Null when the order cannot be refunded (never paid, or its cash not collected), else what is left. */
    refundable: way && left.moneyPaise > 0 ? left : null,
    /** Which form refunds it: the provider's, or the owner's record of a UPI or bank transfer. */
    refundVia: way,
  }
}
