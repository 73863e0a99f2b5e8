import { inOrderLanguage, inOwnerLanguage } from '~/i18n/language.server'
import { restoreCouponUse } from '../offers/coupon-uses.server'
import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { Database, Transaction } from '~/db/client.server'
import { orderEvents, orderLines, orders, variants } from '~/db/schema'
import { log } from '~/log.server'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { customerConfirmationMail, mailableOrder, ownerOrderNotice } from '../orders/order-mails'
import { issueInvoiceWithPayment } from '../invoices/invoices.server'
import { enqueueMail } from '../mail/outbox.server'
import { getShopSettings } from '../settings/shop-settings.server'
import { recordStockChange } from '../stock/ledger.server'
import type { PaymentProvider, ProviderPayment } from './provider'

// A payment's life from "the provider says something happened" to "the order is paid" (decision 032): the payment is
// checked against the order (amount, currency, order), an authorized one is captured, and only a captured payment for
// exactly the order's amount makes the order paid. Anything else is recorded in the order's history, and what the
// owner must decide is set aside on the "needs attention" list.

/**
 * Something to write in the same transaction as the payment's effect, e.g. the webhook delivery's event id: it returns
 * false when it was written already (a redelivery), and the effect is then not repeated.
 */
export type RecordWithEffect = (tx: Transaction) => Promise<boolean>

export type SettleOutcome = 'paid' | 'already-paid' | 'unknown-order' | 'attention' | 'failed' | 'not-yet' | 'duplicate'

async function lockedOrder(tx: Transaction, providerOrderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).for('update')
  return order ?? null
}

async function linesOf(tx: Transaction, orderId: string) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name))
}

/**
 * Marks an order paid once its payment is known to be captured for its amount. Confirming twice changes nothing; an
 * order that is paid never moves back. The tax invoice, the confirmation and the owner's notice are made in the same
 * transaction, and so is `record` when given; the confirmation's links point at `shopUrl` (PUBLIC_URL).
 */
export async function confirmPayment(
  db: Database,
  shopUrl: string,
  providerOrderId: string,
  paymentId: string,
  now = new Date(),
  record?: RecordWithEffect,
) {
  const settings = await getShopSettings(db)
  return db.transaction(async (tx) => {
    if (record && !(await record(tx))) return { outcome: 'duplicate' as const }
    const locked = await lockedOrder(tx, providerOrderId)
    if (!locked) return { outcome: 'unknown-order' as const }
    if (locked.status !== 'pending_payment' && locked.status !== 'expired') {
      if (locked.paymentId && locked.paymentId !== paymentId) {
        // The customer paid twice for one order (two tabs, a retry after a timeout): the second must go back.
        await setAttention(
          tx,
          locked.id,
          `A second payment (${paymentId}) was captured for this order, which was already paid by ${locked.paymentId}: refund one of them.`,
          now,
        )
        return { outcome: 'attention' as const, orderId: locked.id }
      }
      return { outcome: 'already-paid' as const, orderId: locked.id }
    }
    const lines = await linesOf(tx, locked.id)
    let warning: string | undefined
    if (locked.status === 'expired') {
      // Paid after its reservation lapsed: take the stock again if it is still there.
      const missing: string[] = []
      for (const line of lines) {
        const [taken] = await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} - ${line.quantity}` })
          .where(and(eq(variants.productId, line.productId), eq(variants.size, line.size), gte(variants.stock, line.quantity)))
          .returning({ stock: variants.stock })
        if (taken)
          await recordStockChange(tx, {
            productId: line.productId,
            size: line.size,
            change: -line.quantity,
            stockAfter: taken.stock,
            reason: 'paid_after_expiry',
            orderId: locked.id,
          })
        if (!taken) missing.push(`${line.quantity} × ${line.name}`)
      }
      // Its coupon use was given back when it expired; the customer paid the discounted price, so it counts again.
      await restoreCouponUse(tx, locked.id)
      if (missing.length) {
        warning = `this order was paid after it expired and these items are no longer in stock: ${missing.join(', ')}. Restock or refund.`
        log.error({ orderId: locked.id }, `Order ${locked.id}: ${warning}`)
      }
    }
    await tx
      .update(orders)
      .set({
        status: 'paid',
        paymentId,
        paidAt: now,
        updatedAt: now,
        nextPaymentCheckAt: null,
        lastPaymentFailure: null,
        ...(warning ? { paymentAttention: `Paid after it expired: ${warning}`, paymentAttentionAt: now } : {}),
      })
      .where(eq(orders.id, locked.id))
    await tx
      .insert(orderEvents)
      .values({ orderId: locked.id, status: 'paid', note: `Payment ${paymentId}${warning ? ` — ${warning}` : ''}` })
    // The tax invoice takes its number with the payment: both are kept, or neither (decision 021).
    await issueInvoiceWithPayment(
      tx,
      { ...locked, lines, shippingAddress: locked.shippingAddress as ShippingAddress, paidAt: now, paymentId },
      settings,
      now,
    )
    await enqueueMail(
      tx,
      inOrderLanguage(locked, () => customerConfirmationMail(mailableOrder(locked, lines), shopUrl, settings)),
    )
    await enqueueMail(
      tx,
      inOwnerLanguage(() => ownerOrderNotice(mailableOrder(locked, lines), settings, warning)),
    )
    return { outcome: 'paid' as const, orderId: locked.id }
  })
}

async function setAttention(tx: Transaction, orderId: string, reason: string, now: Date) {
  await tx.update(orders).set({ paymentAttention: reason, paymentAttentionAt: now, updatedAt: now }).where(eq(orders.id, orderId))
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
  await tx.insert(orderEvents).values({ orderId, status: order!.status, note: `Needs attention: ${reason}` })
  log.warn({ orderId }, `Order ${orderId} needs the owner's attention: ${reason}`)
}

/** Sets an order aside for the owner, with the reason, in the order's history too (and `record` in the same transaction). */
export async function flagPaymentAttention(
  db: Database,
  providerOrderId: string,
  reason: string,
  now = new Date(),
  record?: RecordWithEffect,
) {
  return db.transaction(async (tx) => {
    if (record && !(await record(tx))) return { outcome: 'duplicate' as const }
    const order = await lockedOrder(tx, providerOrderId)
    if (!order) return { outcome: 'unknown-order' as const }
    await setAttention(tx, order.id, reason, now)
    return { outcome: 'attention' as const, orderId: order.id }
  })
}

/** A failed attempt: in the order's history, and its reason kept for the customer's next try. The order stays payable. */
export async function recordPaymentFailure(
  db: Database,
  providerOrderId: string,
  payment: Pick<ProviderPayment, 'id' | 'failureReason'>,
  now = new Date(),
  record?: RecordWithEffect,
) {
  return db.transaction(async (tx) => {
    if (record && !(await record(tx))) return { outcome: 'duplicate' as const }
    const order = await lockedOrder(tx, providerOrderId)
    if (!order) return { outcome: 'unknown-order' as const }
    const reason = (payment.failureReason ?? 'The payment failed.').slice(0, 300)
    const payable = order.status === 'pending_payment' || order.status === 'expired'
    if (payable) await tx.update(orders).set({ lastPaymentFailure: reason, updatedAt: now }).where(eq(orders.id, order.id))
    await tx.insert(orderEvents).values({ orderId: order.id, status: order.status, note: `Payment ${payment.id} failed: ${reason}` })
    return { outcome: 'failed' as const, orderId: order.id }
  })
}

/**
 * What a payment the provider reports means for its order. Asks nothing when the payment is already known (a signed
 * webhook carries it); captures an authorized one for the order's amount. Throws PaymentProviderError when the provider
 * cannot be reached, so the caller can try again later; never marks an order paid on a payment that does not match it.
 */
export async function settlePayment(
  db: Database,
  provider: PaymentProvider,
  shopUrl: string,
  input: { providerOrderId: string; payment: ProviderPayment; now?: Date; record?: RecordWithEffect; providerTimeoutMs?: number },
): Promise<{ outcome: SettleOutcome; orderId?: string }> {
  const within = input.providerTimeoutMs ? { timeoutMs: input.providerTimeoutMs } : undefined
  const now = input.now ?? new Date()
  let payment = input.payment
  const [order] = await db
    .select({ id: orders.id, status: orders.status, totalPaise: orders.totalPaise, currency: orders.currency, paymentId: orders.paymentId })
    .from(orders)
    .where(eq(orders.providerOrderId, input.providerOrderId))
  if (!order) {
    if (input.record) await db.transaction(async (tx) => void (await input.record!(tx)))
    return { outcome: 'unknown-order' }
  }
  if (payment.providerOrderId && payment.providerOrderId !== input.providerOrderId) {
    return flagPaymentAttention(
      db,
      input.providerOrderId,
      `Payment ${payment.id} belongs to another provider order (${payment.providerOrderId}); it was not counted.`,
      now,
      input.record,
    )
  }
  if (payment.status === 'failed') return recordPaymentFailure(db, input.providerOrderId, payment, now, input.record)
  if (payment.status === 'created') {
    if (input.record) await db.transaction(async (tx) => void (await input.record!(tx)))
    return { outcome: 'not-yet', orderId: order.id }
  }
  if (payment.amountPaise !== order.totalPaise || payment.currency !== order.currency) {
    return flagPaymentAttention(
      db,
      input.providerOrderId,
      `Payment ${payment.id} is for ${payment.amountPaise} paise ${payment.currency}, the order for ${order.totalPaise} paise ${order.currency}: not marked paid.${payment.status === 'captured' ? ' Refund it at the provider.' : ''}`,
      now,
      input.record,
    )
  }
  if (payment.status === 'refunded') {
    return flagPaymentAttention(
      db,
      input.providerOrderId,
      `Payment ${payment.id} was refunded in full at the provider; the order was not marked paid.`,
      now,
      input.record,
    )
  }
  if (payment.status === 'authorized') {
    const alreadyPaid = order.status !== 'pending_payment' && order.status !== 'expired'
    if (alreadyPaid && order.paymentId !== payment.id) {
      // Not captured, so the bank gives it back by itself after a few days; nothing to refund.
      if (input.record) await db.transaction(async (tx) => void (await input.record!(tx)))
      return { outcome: 'already-paid', orderId: order.id }
    }
    try {
      payment = await provider.capturePayment(payment.id, order.totalPaise, order.currency, within)
    } catch (err) {
      // Captured meanwhile (by another server, the webhook, or the provider's own auto-capture)?
      payment = await provider.fetchPayment(payment.id, within)
      if (payment.status !== 'captured') throw err
    }
    if (payment.status !== 'captured') {
      return flagPaymentAttention(
        db,
        input.providerOrderId,
        `Payment ${payment.id} could not be captured: it is ${payment.status}.`,
        now,
        input.record,
      )
    }
    await db
      .insert(orderEvents)
      .values({ orderId: order.id, status: order.status, note: `Payment ${payment.id} captured for ${order.totalPaise} paise` })
  }
  return confirmPayment(db, shopUrl, input.providerOrderId, payment.id, now, input.record)
}
