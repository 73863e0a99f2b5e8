import { inOrderLanguage } from '~/i18n/language.server'
import { and, asc, eq, lt } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderEvents, orderLines, orders } from '~/db/schema'
import { enqueueMail } from '../mail/outbox.server'
import { releaseCouponUse } from '../offers/coupon-uses.server'
import { getShopSettings } from '../settings/shop-settings.server'
import { changeStock } from '../stock/ledger.server'
import { codConfirmationSecret, isCodConfirmationToken } from './cod-confirmation.server'
import { codCancelledMail, codNotConfirmedReason } from './cod-mails'
import { orderMoneyColumns } from '../orders/order-lookup.server'

// Cash on delivery after the order is placed (decision 043): the customer confirms from the link in the order's mail,
// or the owner after a call; an order nobody confirms in time cancels itself and gives its stock and coupon back.

export type ConfirmOutcome =
  | { outcome: 'confirmed'; orderNumber: number }
  | { outcome: 'already'; orderNumber: number; status: string }
  | { outcome: 'not-found' }

/**
 * Confirms a COD order waiting for it: by its customer with the link's token, or by the owner (`admin`, their
 * e-mail). The order row is locked, so a double click confirms once. A wrong token reads as an unknown order.
 */
export async function confirmCodOrder(
  db: Database,
  orderId: string,
  by: { token: string } | { admin: string },
  now = new Date(),
): Promise<ConfirmOutcome> {
  if ('token' in by && !isCodConfirmationToken(await codConfirmationSecret(db), orderId, by.token)) return { outcome: 'not-found' }
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.paymentMethod, 'cod')))
      .for('update')
    if (!order) return { outcome: 'not-found' as const }
    if (order.status !== 'awaiting_confirmation') return { outcome: 'already' as const, orderNumber: order.number, status: order.status }
    await tx.update(orders).set({ status: 'confirmed', updatedAt: now }).where(eq(orders.id, orderId))
    await tx
      .insert(orderEvents)
      .values(
        'admin' in by
          ? { orderId, status: 'confirmed', note: 'Confirmed by the shop (cash on delivery)', actor: by.admin }
          : { orderId, status: 'confirmed', note: 'Confirmed by the customer from the link in the order mail' },
      )
    return { outcome: 'confirmed' as const, orderNumber: order.number }
  })
}

/** The order a confirmation link names, if the token is its own: for the page that shows the button. */
export async function codOrderForLink(db: Database, orderId: string, token: string) {
  if (!isCodConfirmationToken(await codConfirmationSecret(db), orderId, token)) return null
  const [order] = await db
    .select({
      number: orders.number,
      numberPrefix: orders.numberPrefix,
      status: orders.status,
      expiresAt: orders.expiresAt,
      ...orderMoneyColumns,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.paymentMethod, 'cod')))
  return order ?? null
}

/**
 * Cancels the COD orders whose confirmation time has passed: stock back on the shelf, the coupon's use given back,
 * the customer told. Each in its own transaction, skipping an order another server is handling. Returns how many.
 */
export async function cancelUnconfirmedCodOrders(db: Database, now = new Date(), batch = 50) {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_confirmation'), lt(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(batch)
  if (!due.length) return 0
  const settings = await getShopSettings(db)
  let cancelled = 0
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_confirmation'), lt(orders.expiresAt, now)))
        .for('update', { skipLocked: true })
      if (!order) return false
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.name))
      for (const l of lines)
        await changeStock(tx, { productId: l.productId, size: l.size, change: l.quantity, reason: 'cancelled', orderId: id })
      await releaseCouponUse(tx, id, now)
      await tx.update(orders).set({ status: 'cancelled', updatedAt: now }).where(eq(orders.id, id))
      const reason = `Not confirmed within ${settings.payments.cod.confirmWithinHours} hours`
      await tx.insert(orderEvents).values({ orderId: id, status: 'cancelled', note: `${reason}; stock returned` })
      // The history keeps the owner's English; the customer reads the reason in the order's language.
      await enqueueMail(
        tx,
        inOrderLanguage(order, () => codCancelledMail(order, codNotConfirmedReason(settings.payments.cod.confirmWithinHours), settings)),
      )
      return true
    })
    if (done) cancelled++
  }
  return cancelled
}
