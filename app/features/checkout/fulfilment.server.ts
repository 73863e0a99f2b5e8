import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { adminSearchText, text, z } from '~/zod'
import type { Database } from '~/db/client.server'
import { type OrderStatus, type PaymentMethod, orderEvents, orderLines, orders } from '~/db/schema'
import { invoiceNumberOf, issueInvoice } from '../invoices/invoices.server'
import { issueCreditNote, returnCreditNoteOf } from '../invoices/credit-notes.server'
import { formatRupees } from '../money/money'
import { enqueueMail } from '../mail/outbox.server'
import { getShopSettings } from '../settings/shop-settings.server'
import type { ShippingAddress } from './checkout-schemas'
import { orderCancelledMail, orderNumberLabel, orderShippedMail } from './order-mails'
import { lastTenPhoneDigits } from './orders.server'
import { containsPattern } from '~/db/search'
import { changeStock } from '../stock/ledger.server'
import { releaseCouponUse } from '../offers/coupon-uses.server'
import { recordRefund, refundsForAdmin } from '../payments/refunds.server'

/**
 * What the owner does to an order, the statuses each step may start from, and the ways of paying it is for. A
 * cash-on-delivery order is confirmed before it is packed; delivered, its cash is collected; or it comes back
 * (decision 043).
 */
export const FULFILMENT_STEPS = {
  confirm: { from: ['awaiting_confirmation'], to: 'confirmed', methods: ['cod'] },
  pack: { from: ['paid', 'confirmed'], to: 'packed', methods: ['online', 'cod'] },
  ship: { from: ['paid', 'packed', 'confirmed'], to: 'shipped', methods: ['online', 'cod'] },
  deliver: { from: ['shipped'], to: 'delivered', methods: ['online', 'cod'] },
  return: { from: ['shipped'], to: 'returned_to_origin', methods: ['cod'] },
  // Shipped goods cannot be called back from here. Cancelling refunds the whole order in the same step, unless the
  // owner says not to (decision 033); a COD order has nothing to refund.
  cancel: { from: ['paid', 'packed', 'awaiting_confirmation', 'confirmed'], to: 'cancelled', methods: ['online', 'cod'] },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; methods: readonly PaymentMethod[] }>

/** Whether `step` may be taken on an order in `status`, paid by `method`. */
export function stepAllowed(step: FulfilmentStep, status: OrderStatus, method: PaymentMethod) {
  const rule = FULFILMENT_STEPS[step]
  return (rule.from as readonly OrderStatus[]).includes(status) && (rule.methods as readonly PaymentMethod[]).includes(method)
}

export type FulfilmentStep = keyof typeof FULFILMENT_STEPS

export const fulfilmentSchema = z.discriminatedUnion(
  'step',
  [
    z.object({ step: z.literal('confirm') }),
    z.object({ step: z.literal('pack') }),
    z.object({
      step: z.literal('ship'),
      courier: text({ label: 'Courier', max: 80, missing: 'Enter the courier.', oneLine: true, tooLong: 'Keep the courier under 80 characters.' }),
      trackingNumber: text({ label: 'Tracking number', max: 80, missing: 'Enter the tracking number.', oneLine: true, tooLong: 'Keep the tracking number under 80 characters.' }),
    }),
    z.object({ step: z.literal('deliver') }),
    z.object({
      step: z.literal('return'),
      // A plain form's checkbox: "yes" when the parcel came back fit to sell again.
      resellable: z.enum(['yes', 'no'], { error: 'Say whether the goods go back on the shelf.' }).optional().default('no'),
      reason: text({ label: 'Reason', max: 500, required: false, tooLong: 'Keep the reason under 500 characters.' }).optional().default(''),
    }),
    z.object({
      step: z.literal('cancel'),
      reason: text({ label: 'Reason', max: 500, required: false, tooLong: 'Keep the reason under 500 characters.' }).optional().default(''),
      // A plain form's checkbox: "yes" when ticked, absent when not.
      refund: z.enum(['yes', 'no'], { error: 'Say whether to refund.' }).optional().default('no'),
      speed: z.enum(['normal', 'optimum'], { error: 'Choose how fast to refund.' }).optional().default('normal'),
    }),
  ],
  { error: 'Unknown action.' },
)
export type FulfilmentInput = z.infer<typeof fulfilmentSchema>

export class OrderNotFoundError extends Error {
  constructor() {
    super('There is no such order.')
  }
}

export class StepNotAllowedError extends Error {
  constructor(
    readonly step: FulfilmentStep,
    readonly status: OrderStatus,
  ) {
    super(`An order that is ${status.replaceAll('_', ' ')} cannot be ${STEP_PAST[step]}.`)
  }
}

const STEP_PAST: Record<FulfilmentStep, string> = {
  confirm: 'confirmed',
  pack: 'packed',
  ship: 'shipped',
  deliver: 'marked delivered',
  return: 'marked returned',
  cancel: 'cancelled',
}

/**
 * Moves an order one step on, as the admin `actor`. The order row is locked, so two admins clicking at once
 * cannot ship twice or return stock twice. The history entry, the stock returned on cancelling and the
 * customer's mail are written in the same transaction as the status.
 */
export async function advanceOrder(db: Database, orderId: string, given: z.input<typeof fulfilmentSchema>, actor: string) {
  // Parsed again for its defaults (a cancel refunds only when asked); the route has parsed it already.
  const input: FulfilmentInput = fulfilmentSchema.parse(given)
  const settings = await getShopSettings(db)
  const step = FULFILMENT_STEPS[input.step]
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw new OrderNotFoundError()
    if (!stepAllowed(input.step, order.status, order.paymentMethod)) throw new StepNotAllowedError(input.step, order.status)
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name))
    const now = new Date()
    const cod = order.paymentMethod === 'cod'
    let note: string | null = null
    let refund: { refundId: string; amountPaise: number } | null = null

    if (input.step === 'ship') {
      note = `${input.courier}, tracking ${input.trackingNumber}`
      await tx.update(orders).set({ status: 'shipped', courier: input.courier, trackingNumber: input.trackingNumber, updatedAt: now }).where(eq(orders.id, orderId))
      // A COD order's tax invoice is issued as the goods leave (time of supply, decision 043), from the same series.
      if (cod) {
        const invoice = await issueInvoice(tx, { ...order, shippingAddress: order.shippingAddress as ShippingAddress, lines }, settings, now)
        note = `${note}; invoice ${invoice.document.number}`
      }
      await enqueueMail(tx, orderShippedMail({ ...order, lines }, input, settings))
    } else if (input.step === 'deliver' && cod) {
      // The courier collected the cash: the order is paid now.
      await tx.update(orders).set({ status: 'delivered', paidAt: now, updatedAt: now }).where(eq(orders.id, orderId))
      note = `Cash collected: ${formatRupees(order.totalPaise)}`
    } else if (input.step === 'return') {
      await tx.update(orders).set({ status: 'returned_to_origin', updatedAt: now }).where(eq(orders.id, orderId))
      if (input.resellable === 'yes') {
        for (const line of lines) {
          await changeStock(tx, { productId: line.productId, size: line.size, change: line.quantity, reason: 'returned', orderId, admin: actor })
        }
      }
      // GST: the goods were never supplied, so the invoice issued at dispatch is cancelled by a credit note (CGST Act
      // s. 34) for all of it: the goods as paid, delivery and the COD fee. No money moves: none was collected.
      const creditNote = await issueCreditNote(tx, {
        orderId,
        refundId: null,
        items: {
          lines: lines.map((l) => ({ productId: l.productId, size: l.size, name: l.name, quantity: l.quantity, unitPricePaise: l.unitPricePaise, ...(l.discountPaise ? { discountPaise: l.discountPaise } : {}) })),
          deliveryPaise: order.deliveryPaise,
          amountPaise: 0,
          codFeePaise: order.codFeePaise,
        },
        reason: 'Returned to origin: the parcel was not delivered',
        issuedAt: now,
      })
      note = [
        input.resellable === 'yes' ? 'Returned to origin; stock returned' : 'Returned to origin; not fit to sell, stock not returned',
        input.reason,
        creditNote ? `credit note ${creditNote.document.number} cancels invoice ${creditNote.document.invoiceNumber}` : '',
      ]
        .filter(Boolean)
        .join('; ')
    } else {
      await tx.update(orders).set({ status: step.to, updatedAt: now }).where(eq(orders.id, orderId))
      if (input.step === 'confirm') note = 'Confirmed by the shop (cash on delivery)'
    }
    if (input.step === 'cancel') {
      // The stock was taken when the order was placed; it goes back on the shelf.
      for (const line of lines) {
        await changeStock(tx, { productId: line.productId, size: line.size, change: line.quantity, reason: 'cancelled', orderId, admin: actor })
      }
      // Cancelled before dispatch: the coupon's use is given back.
      await releaseCouponUse(tx, orderId, now)
      note = ['Stock returned', input.reason].filter(Boolean).join('; ')
      await tx.insert(orderEvents).values({ orderId, status: step.to, note, actor })
      // Nothing was paid for a COD order not yet delivered: nothing to refund.
      if (input.refund === 'yes' && !cod) {
        // The whole order, in this transaction: its credit note cancels the invoice. The transfer is the caller's to send.
        refund = await recordRefund(tx, { orderId, request: { kind: 'whole' }, reason: input.reason || 'Order cancelled', restock: false, speed: input.speed, actor, now })
      }
      await enqueueMail(tx, orderCancelledMail({ ...order, lines }, input.reason, settings, refund ? { amountPaise: refund.amountPaise, speed: input.speed } : null, cod))
      return { status: step.to as OrderStatus, refundId: refund?.refundId ?? null }
    }
    await tx.insert(orderEvents).values({ orderId, status: step.to, note, actor })
    return { status: step.to as OrderStatus, refundId: null }
  })
}

/** Orders the owner has to pack and send: paid online, or cash on delivery confirmed (decision 043). */
const TO_SHIP: OrderStatus[] = ['paid', 'confirmed', 'packed']

export const ORDER_LIST_FILTERS = [
  'all',
  'to-ship',
  ...['pending_payment', 'awaiting_confirmation', 'confirmed', 'paid', 'packed', 'shipped', 'delivered', 'returned_to_origin', 'cancelled', 'expired'],
] as const

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_LIST_FILTERS).catch('to-ship'),
  q: adminSearchText,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
})
export type OrderListQuery = z.infer<typeof orderListQuerySchema>

const PAGE_SIZE = 50

/** Orders for the admin's list, newest first, filtered by status and searched by number, e-mail or phone. */
export async function listOrdersForAdmin(db: Database, query: OrderListQuery) {
  const conditions: SQL[] = []
  if (query.status === 'to-ship') conditions.push(inArray(orders.status, TO_SHIP))
  else if (query.status !== 'all') conditions.push(eq(orders.status, query.status))
  if (query.q) {
    const number = query.q.match(/^(?:ko-?)?(\d{1,9})$/i)?.[1]
    const digits = query.q.replace(/\D/g, '')
    const searches: SQL[] = [ilike(orders.email, containsPattern(query.q))]
    if (number) searches.push(eq(orders.number, Number(number)))
    if (digits.length >= 6) {
      searches.push(sql`${lastTenPhoneDigits('phoneNumber')} like ${`%${digits.slice(-10)}%`}`)
    }
    conditions.push(or(...searches)!)
  }
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        email: orders.email,
        shippingAddress: orders.shippingAddress,
        totalPaise: orders.totalPaise,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.number))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return {
    total: total!.n,
    pageSize: PAGE_SIZE,
    orders: rows.map(({ shippingAddress, ...r }) => {
      const address = shippingAddress as ShippingAddress
      return { ...r, label: orderNumberLabel(r.number), customer: address.fullName, phone: address.phoneNumber, city: address.city }
    }),
  }
}

/** One order as the admin sees it: lines, address, payment ids and its history, oldest step first. */
export async function getOrderForAdmin(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return null
  const [lines, history, invoiceNumber] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    invoiceNumberOf(db, orderId),
  ])
  const { buyerTokenHash: _, checkoutKey: __, ...visible } = order
  return {
    ...visible,
    ...(await refundsForAdmin(db, order, lines)),
    label: orderNumberLabel(order.number),
    shippingAddress: order.shippingAddress as ShippingAddress,
    lines,
    history,
    invoiceNumber,
    returnCreditNote: order.status === 'returned_to_origin' ? await returnCreditNoteOf(db, orderId) : null,
    nextSteps: (Object.keys(FULFILMENT_STEPS) as FulfilmentStep[]).filter((s) => stepAllowed(s, order.status, order.paymentMethod)),
  }
}
export type OrderForAdmin = NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>

/** Orders to ship (paid, or COD confirmed) not yet shipped, oldest first (the owner packs in that order). */
export async function ordersWaitingToShip(db: Database, limit = 10) {
  const where = inArray(orders.status, TO_SHIP)
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: orders.id, number: orders.number, status: orders.status, totalPaise: orders.totalPaise, paidAt: orders.paidAt })
      .from(orders)
      .where(where)
      .orderBy(asc(orders.number))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return { total: total!.n, orders: rows.map((r) => ({ ...r, label: orderNumberLabel(r.number) })) }
}

/** Orders paid since `since` (the start of the owner's day) and what they brought in, in paise. */
export async function salesSince(db: Database, since: Date) {
  const [row] = await db
    .select({ orders: count(), revenuePaise: sql<string>`coalesce(sum(${orders.totalPaise}), 0)` })
    .from(orders)
    .where(and(gte(orders.paidAt, since), inArray(orders.status, ['paid', 'packed', 'shipped', 'delivered'])))
  return { orders: row!.orders, revenuePaise: Number(row!.revenuePaise) }
}
