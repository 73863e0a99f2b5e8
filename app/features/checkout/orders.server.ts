import crypto from 'node:crypto'
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { orderEvents, orderLines, orders, products, variants } from '~/db/schema'
import { issueInvoiceWithPayment } from '../invoices/invoices.server'
import { enqueueMail } from '../mail/outbox.server'
import type { PaymentProvider } from '../payments/provider'
import { getShopSettings } from '../settings/shop-settings.server'
import type { CreateOrderInput, ShippingAddress } from './checkout-schemas'
import { customerConfirmationMail, type OrderForMail, orderNumberLabel, ownerOrderNotice } from './order-mails'
import { orderTotals } from './pricing'
import { mergeItems } from './quote.server'
import { applyReservationLimits } from './reservation-limits.server'
import { log } from '~/log.server'
import { changeStock, recordStockChange } from '../stock/ledger.server'

export type ShortLine = { productId: string; size: string | null; requested: number; available: number; reason: 'gone' | 'short' }

export class OutOfStockError extends Error {
  constructor(readonly lines: ShortLine[]) {
    super('Some items are not available in the quantity asked for.')
  }
}

/**
 * The last ten digits of one of an order's phone numbers, in SQL: customers type them with spaces, dashes and +91 in
 * all manners, so orders are matched on these (the admin's order search, /track). Empty when there is none.
 */
export function lastTenPhoneDigits(field: 'phoneNumber' | 'alternateNumber') {
  return sql<string>`right(regexp_replace(coalesce(${orders.shippingAddress}->>${field}, ''), '\\D', '', 'g'), 10)`
}

export function hashBuyerToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export type OrderWithLines = typeof orders.$inferSelect & { lines: Array<typeof orderLines.$inferSelect> }

async function orderWithLines(db: Database, id: string): Promise<OrderWithLines | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id))
  if (!order) return null
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.name))
  return { ...order, lines }
}

/**
 * Creates an order and reserves its stock in one transaction: each variant's stock is lowered only if enough
 * is left, so two customers can never take the last unit twice. If any line falls short, nothing is reserved.
 * The provider's order is created afterwards (no network call while rows are locked); if that fails the order
 * stays pending and a retry with the same checkout key completes it.
 */
export async function createOrder(
  db: Database,
  provider: PaymentProvider,
  input: CreateOrderInput & { buyerToken: string; expiryMinutes: number; clientAddress?: string | null; buyerTokenIsNew?: boolean },
) {
  const buyerTokenHash = hashBuyerToken(input.buyerToken)
  const checkoutKey = input.checkoutKey ?? crypto.randomBytes(16).toString('base64url')

  let order = await findByCheckoutKey(db, checkoutKey, buyerTokenHash, input.buyerTokenIsNew ?? false)
  if (!order) {
    const id = crypto.randomBytes(16).toString('base64url')
    // Lock rows in one order everywhere, so concurrent checkouts cannot deadlock.
    const items = mergeItems(input.items).sort((a, b) =>
      `${a.productId}:${a.size ?? 'one'}`.localeCompare(`${b.productId}:${b.size ?? 'one'}`),
    )
    // Read per order from the database, so every server applies what the owner last saved (decision 024).
    const settings = await getShopSettings(db)
    await db.transaction(async (tx) => {
      const short: ShortLine[] = []
      const lines: Array<typeof orderLines.$inferInsert> = []
      for (const item of items) {
        const size = item.size ?? 'one'
        const onSale = sql`exists (select 1 from ${products} where ${products.id} = ${variants.productId} and ${products.archivedAt} is null)`
        const [taken] = await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} - ${item.quantity}` })
          .where(and(eq(variants.productId, item.productId), eq(variants.size, size), gte(variants.stock, item.quantity), onSale))
          .returning({ pricePaise: variants.pricePaise, stock: variants.stock })
        if (taken) await recordStockChange(tx, { productId: item.productId, size, change: -item.quantity, stockAfter: taken.stock, reason: 'reserved', orderId: id })
        if (!taken) {
          const [left] = await tx
            .select({ stock: variants.stock })
            .from(variants)
            .where(and(eq(variants.productId, item.productId), eq(variants.size, size), onSale))
          short.push({
            productId: item.productId,
            size: item.size ?? null,
            requested: item.quantity,
            available: left?.stock ?? 0,
            reason: left ? 'short' : 'gone',
          })
          continue
        }
        const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, item.productId))
        lines.push({ orderId: id, productId: item.productId, size, name: product!.name, unitPricePaise: taken.pricePaise, quantity: item.quantity })
      }
      if (short.length) throw new OutOfStockError(short)
      // After the stock: a line that is short is better answered with what is left.
      await applyReservationLimits(tx, items, { clientAddress: input.clientAddress, email: input.email, phone: input.shippingAddress.phoneNumber }, settings)
      const totals = orderTotals(lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0))
      await tx.insert(orders).values({
        id,
        email: input.email,
        shippingAddress: input.shippingAddress,
        ...totals,
        provider: provider.name,
        buyerTokenHash,
        checkoutKey,
        clientAddress: input.clientAddress ?? null,
        expiresAt: new Date(Date.now() + input.expiryMinutes * 60_000),
      })
      await tx.insert(orderLines).values(lines)
      await tx.insert(orderEvents).values({ orderId: id, status: 'pending_payment', note: 'Order placed' })
    })
    order = (await orderWithLines(db, id))!
  }

  if (order.status === 'pending_payment' && !order.providerOrderId) {
    const { providerOrderId } = await provider.createOrder({
      amountPaise: order.totalPaise,
      receipt: orderNumberLabel(order.number),
      notes: { orderId: order.id },
    })
    await db.update(orders).set({ providerOrderId, updatedAt: new Date() }).where(eq(orders.id, order.id))
    order = { ...order, providerOrderId }
  }
  return order
}

/**
 * The order this checkout key already made, for the browser that made it. A browser that came without a buyer
 * cookie may be that browser whose answer (and cookie) was lost: the key, random and kept only in its tab, proves
 * it, and the order passes to the new cookie. A browser with a cookie of its own is another browser.
 */
async function findByCheckoutKey(db: Database, checkoutKey: string, buyerTokenHash: string, buyerTokenIsNew: boolean) {
  const [found] = await db
    .select({ id: orders.id, buyer: orders.buyerTokenHash, key: orders.checkoutKey })
    .from(orders)
    .where(eq(orders.checkoutKey, checkoutKey))
  if (!found) return null
  if (sameSecret(found.buyer, buyerTokenHash)) return orderWithLines(db, found.id)
  // Another browser's key: treat it as unknown rather than reveal or reuse that order.
  if (!buyerTokenIsNew || !sameSecret(found.key, checkoutKey)) throw new CheckoutKeyTakenError()
  // Only if the order is still the lost cookie's: two retries at once hand it over once.
  const [moved] = await db
    .update(orders)
    .set({ buyerTokenHash, updatedAt: new Date() })
    .where(and(eq(orders.id, found.id), eq(orders.buyerTokenHash, found.buyer)))
    .returning({ id: orders.id })
  if (!moved) throw new CheckoutKeyTakenError()
  log.info({ orderId: found.id }, 'createOrder: a retry with its checkout key and no buyer cookie took over its order (the first answer was lost)')
  return orderWithLines(db, found.id)
}

/** Whether two secrets (or their hashes) are equal, compared in constant time on their SHA-256 hashes. */
function sameSecret(a: string, b: string) {
  return crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest())
}

export class CheckoutKeyTakenError extends Error {
  constructor() {
    super('This checkout belongs to another browser. Please start the checkout again.')
  }
}

/** The order as its buyer may see it; null for anyone else. */
export async function getOrderForBuyer(db: Database, id: string, buyerToken: string | null) {
  if (!buyerToken) return null
  const order = await orderWithLines(db, id)
  if (!order || order.buyerTokenHash !== hashBuyerToken(buyerToken)) return null
  return order
}

export async function getOrder(db: Database, id: string) {
  return orderWithLines(db, id)
}

function forMail(order: OrderWithLines): OrderForMail {
  return {
    number: order.number,
    email: order.email,
    shippingAddress: order.shippingAddress as ShippingAddress,
    subtotalPaise: order.subtotalPaise,
    deliveryPaise: order.deliveryPaise,
    totalPaise: order.totalPaise,
    lines: order.lines,
  }
}

/**
 * Marks an order paid after a verified signature or webhook. Confirming twice changes nothing.
 * The tax invoice, the confirmation and the owner's notice are made in the same transaction.
 */
export async function confirmPayment(db: Database, providerOrderId: string, paymentId: string, now = new Date()) {
  const settings = await getShopSettings(db)
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)).for('update')
    if (!locked) return { outcome: 'unknown-order' as const }
    if (locked.status !== 'pending_payment' && locked.status !== 'expired') return { outcome: 'already-paid' as const, orderId: locked.id }
    const order = (await orderWithLines(tx as unknown as Database, locked.id))!
    let warning: string | undefined
    if (locked.status === 'expired') {
      // Paid after its reservation lapsed: take the stock again if it is still there.
      const missing: string[] = []
      for (const line of order.lines) {
        const [taken] = await tx
          .update(variants)
          .set({ stock: sql`${variants.stock} - ${line.quantity}` })
          .where(and(eq(variants.productId, line.productId), eq(variants.size, line.size), gte(variants.stock, line.quantity)))
          .returning({ stock: variants.stock })
        if (taken) await recordStockChange(tx, { productId: line.productId, size: line.size, change: -line.quantity, stockAfter: taken.stock, reason: 'paid_after_expiry', orderId: order.id })
        if (!taken) missing.push(`${line.quantity} × ${line.name}`)
      }
      if (missing.length) {
        warning = `this order was paid after it expired and these items are no longer in stock: ${missing.join(', ')}. Restock or refund.`
        log.error({ orderId: order.id }, `Order ${order.id}: ${warning}`)
      }
    }
    await tx.update(orders).set({ status: 'paid', paymentId, paidAt: now, updatedAt: now }).where(eq(orders.id, order.id))
    await tx.insert(orderEvents).values({ orderId: order.id, status: 'paid', note: `Payment ${paymentId}${warning ? ` — ${warning}` : ''}` })
    // The tax invoice takes its number with the payment: both are kept, or neither (decision 021).
    await issueInvoiceWithPayment(tx, { ...order, shippingAddress: order.shippingAddress as ShippingAddress, paidAt: now, paymentId }, settings, now)
    await enqueueMail(tx as unknown as Database, customerConfirmationMail(forMail(order), settings))
    await enqueueMail(tx as unknown as Database, ownerOrderNotice(forMail(order), settings, warning))
    return { outcome: 'paid' as const, orderId: order.id }
  })
}

/** Gives back the stock of an unpaid order past its time. Returns whether it expired it. */
export async function expireOrder(db: Database, orderId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment'), lt(orders.expiresAt, now)))
      .for('update', { skipLocked: true })
    if (!order) return false
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId))
    for (const line of lines) {
      await changeStock(tx, { productId: line.productId, size: line.size, change: line.quantity, reason: 'expired', orderId })
    }
    await tx.update(orders).set({ status: 'expired', updatedAt: new Date() }).where(eq(orders.id, orderId))
    await tx.insert(orderEvents).values({ orderId, status: 'expired', note: 'Not paid in time; stock returned' })
    return true
  })
}

/**
 * Expires unpaid orders past their time. Before giving stock back it asks the provider for payments, so a
 * payment whose webhook was lost is still honoured; if the provider cannot be asked, the order waits.
 */
export async function expireOverdueOrders(db: Database, provider: PaymentProvider, now = new Date(), batch = 50) {
  const due = await db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(batch)
  let expired = 0
  for (const order of due) {
    if (order.providerOrderId) {
      try {
        const payments = await provider.listPayments(order.providerOrderId)
        const captured = payments.find((p) => p.status === 'captured')
        if (captured) {
          await confirmPayment(db, order.providerOrderId, captured.id)
          continue
        }
      } catch (err) {
        log.warn({ orderId: order.id, err }, `Could not ask the payment provider about order ${order.id}; will try again`)
        continue
      }
    }
    if (await expireOrder(db, order.id, now)) expired++
  }
  return expired
}

/** Expires overdue orders every `everyMs` (ORDER_EXPIRY_CHECK_SECONDS), starting a second after start-up. */
export function startOrderExpiryWorker(db: Database, provider: PaymentProvider, everyMs = 60_000) {
  let stopped = false
  let running: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout
  const tick = () => {
    running = expireOverdueOrders(db, provider)
      .catch((err) => log.error({ err }, 'Order expiry failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs)
      })
  }
  timer = setTimeout(tick, 1000)
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
