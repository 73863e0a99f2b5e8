import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { adminSearchText, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import type { Database } from '~/db/client.server'
import { type OrderStatus, orderEvents, orderLines, orders } from '~/db/schema'
import { containsPattern } from '~/db/search'
import { invoiceNumberOf } from '../invoices/invoices.server'
import { returnCreditNoteOf } from '../invoices/credit-notes.server'
import { refundsForAdmin } from '../payments/refunds.server'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { FULFILMENT_STEPS, type FulfilmentStep, stepAllowed, stockReturnedFor } from './fulfilment.server'
import { orderNumberLabel, parseOrderNumber } from './order-number'
import { lastTenPhoneDigits } from './order-phone.server'
import { shipmentsOf } from '../shipping/shipments.server'
import { SHIPMENT_STATUS_LABELS } from '../shipping/shipment-statuses'
import { trackingLinkOf } from '../shipping/tracking-links'

// The admin's views of orders: the list with its filters and search, one order with its history, and those waiting to ship.

/** Orders the owner has to pack and send: paid online, or cash on delivery confirmed (decision 043). */
const TO_SHIP: OrderStatus[] = ['paid', 'confirmed', 'packed']

export const ORDER_LIST_FILTERS = [
  'all',
  'to-ship',
  ...[
    'pending_payment',
    'awaiting_confirmation',
    'confirmed',
    'paid',
    'packed',
    'shipped',
    'delivered',
    'returned_to_origin',
    'cancelled',
    'expired',
  ],
] as const

export const orderListQuerySchema = z
  .object({
    status: z.enum(ORDER_LIST_FILTERS).optional().catch(undefined),
    q: adminSearchText,
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
  })
  // A search looks through every order unless the owner picked a filter: "KO-4" must be found whatever its status
  // (issue 39), where the list alone opens on what is to ship.
  .transform(({ status, ...rest }) => ({ ...rest, status: status ?? (rest.q ? 'all' : 'to-ship') }) as const)
export type OrderListQuery = z.infer<typeof orderListQuerySchema>

const PAGE_SIZE = 50

/** Orders for the admin's list, newest first, filtered by status and searched by number, e-mail or phone. */
export async function listOrdersForAdmin(db: Database, query: OrderListQuery) {
  const conditions: SQL[] = []
  if (query.status === 'to-ship') conditions.push(inArray(orders.status, TO_SHIP))
  else if (query.status !== 'all') conditions.push(eq(orders.status, query.status))
  if (query.q) {
    // An order number as issued (its own prefix, decision 070) or bare.
    const typed = parseOrderNumber(query.q)
    const digits = query.q.replace(/\D/g, '')
    const searches: SQL[] = [ilike(orders.email, containsPattern(query.q))]
    if (typed) searches.push(and(eq(orders.number, typed.number), typed.prefix ? eq(orders.numberPrefix, typed.prefix) : undefined)!)
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
        numberPrefix: orders.numberPrefix,
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
      return { ...r, label: orderNumberLabel(r), customer: address.fullName, phone: address.phoneNumber, city: address.city }
    }),
  }
}

/** One order as the admin sees it: lines, address, payment ids and its history, oldest step first. */
export async function getOrderForAdmin(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return null
  const [lines, history, invoiceNumber, parcels] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    invoiceNumberOf(db, orderId),
    shipmentsOf(db, orderId),
  ])
  const { buyerTokenHash: _, checkoutKey: __, ...visible } = order
  return {
    ...visible,
    ...(await refundsForAdmin(db, order, lines)),
    label: orderNumberLabel(order),
    shippingAddress: order.shippingAddress as ShippingAddress,
    lines,
    history,
    invoiceNumber,
    // Its parcels, each with where it is in the shop's words and the courier's (decision 073).
    shipments: parcels.map((p) => ({
      id: p.id,
      reference: p.reference,
      sentBy:
        p.provider === 'self'
          ? m.orders_sent_by_shop()
          : m.orders_booked_through({ provider: p.provider === 'shiprocket' ? 'Shiprocket' : p.provider }),
      status: SHIPMENT_STATUS_LABELS[p.status],
      providerStatus: p.providerStatus,
      courier: p.courier,
      awb: p.awb,
      trackingUrl: p.awb ? trackingLinkOf(p.provider, p.awb) : null,
      weightGrams: p.weightGrams,
      boxName: (p.box as { name: string }).name,
      chargePaise: p.chargePaise,
      expectedBy: p.expectedBy,
      failureReason: p.failureReason,
    })),
    returnCreditNote: order.status === 'returned_to_origin' ? await returnCreditNoteOf(db, orderId) : null,
    // A parcel back from the courier whose goods the owner has not put back on the shelf yet.
    canRestock: order.status === 'returned_to_origin' && !(await stockReturnedFor(db, orderId)),
    nextSteps: (Object.keys(FULFILMENT_STEPS) as FulfilmentStep[]).filter((s) => stepAllowed(s, order.status, order.paymentMethod)),
  }
}
export type OrderForAdmin = NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>

/** Orders to ship (paid, or COD confirmed) not yet shipped, oldest first (the owner packs in that order). */
export async function ordersWaitingToShip(db: Database, limit = 10) {
  const where = inArray(orders.status, TO_SHIP)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        numberPrefix: orders.numberPrefix,
        status: orders.status,
        totalPaise: orders.totalPaise,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(where)
      .orderBy(asc(orders.number))
      .limit(limit),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return { total: total!.n, orders: rows.map((r) => ({ ...r, label: orderNumberLabel(r) })) }
}
