import { and, asc, eq, ne, or, sql } from 'drizzle-orm'
import { z } from '~/zod'
import type { Database } from '~/db/client.server'
import { invoices, type OrderStatus, orderEvents, orderLines, orders, refunds, shipments } from '~/db/schema'
import { creditNoteNumbersOf } from '../invoices/credit-notes.server'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { orderNumberLabel, parseOrderNumber } from '../orders/order-number'
import { lastTenPhoneDigits } from '../orders/order-phone.server'
import { hasInvoice } from '../invoices/invoice-links'
import { SHIPMENT_STATUS_LABELS } from '../shipping/shipment-statuses'
import { trackingLinkOf } from '../shipping/tracking-links'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * Order tracking without an account (/track): the order number and the e-mail address or phone number it was
 * placed with open the order's status, history, courier and tracking number. A wrong pair is told one generic
 * message, whether or not the number exists, and the route counts attempts (rate limit `track`).
 */

export const trackNotFound = () => m.tracking_not_found()

/** No example number: the shop's prefix is the owner's (decision 070), and the form's hint gives it. */
const orderNumberHelp = () => m.tracking_order_number_help()

export const trackOrderSchema = z.object({
  // "KO-1234", "ko 1234", "#1234" or "1234", with whatever prefix the shop has given its orders (decision 070).
  order: z
    .string({ error: () => m.tracking_enter_order_number() })
    .trim()
    .min(1, { error: () => m.tracking_enter_order_number() })
    .max(20, { error: orderNumberHelp })
    .transform((value, ctx) => {
      const typed = parseOrderNumber(value)
      if (!typed) {
        ctx.addIssue({ code: 'custom', message: orderNumberHelp() })
        return z.NEVER
      }
      return typed
    }),
  contact: z
    .string({ error: () => m.tracking_enter_contact() })
    .trim()
    .min(1, { error: () => m.tracking_enter_contact() })
    .max(254, { error: () => m.tracking_enter_contact() })
    .transform((value, ctx): { email: string } | { phone: string } => {
      if (value.includes('@')) {
        if (!z.email().safeParse(value).success) {
          ctx.addIssue({ code: 'custom', message: m.tracking_email_invalid() })
          return z.NEVER
        }
        return { email: value.toLowerCase() }
      }
      const digits = value.replace(/\D/g, '')
      // Ten digits, with +91 or a leading 0 and any spaces or dashes tolerated.
      if (!/^[\d\s+()-]+$/.test(value) || digits.length < 10 || digits.length > 13) {
        ctx.addIssue({ code: 'custom', message: m.tracking_phone_invalid() })
        return z.NEVER
      }
      return { phone: digits.slice(-10) }
    }),
})
export type TrackOrderInput = z.output<typeof trackOrderSchema>
export type TrackField = keyof z.input<typeof trackOrderSchema>

/**
 * The id of the order with this number, when the e-mail (any case) or phone (its main or alternate number)
 * matches; null otherwise. One query either way, so the answer takes as long whether or not the number exists.
 */
export async function findTrackedOrder(db: Database, input: TrackOrderInput): Promise<string | null> {
  const proof =
    'email' in input.contact
      ? eq(sql`lower(${orders.email})`, input.contact.email)
      : or(eq(lastTenPhoneDigits('phoneNumber'), input.contact.phone), eq(lastTenPhoneDigits('alternateNumber'), input.contact.phone))!
  // The number as it was issued: its own prefix, or none typed (the order's number alone).
  const prefix = input.order.prefix ? eq(orders.numberPrefix, input.order.prefix) : undefined
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, input.order.number), prefix, proof))
  return row?.id ?? null
}

export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof getTrackedOrder>>>

/**
 * What the tracking page shows of an order: its status and history (dates, no internal notes), courier and
 * tracking number, lines and totals, and only the town and PIN code of the address.
 */
export async function getTrackedOrder(db: Database, orderId: string, now = new Date()) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return null
  const [lines, events, [invoice], refundRows, noteOf, parcels] = await Promise.all([
    db
      .select({ name: orderLines.name, size: orderLines.size, quantity: orderLines.quantity, unitPricePaise: orderLines.unitPricePaise })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.name)),
    db
      .select({ id: orderEvents.id, status: orderEvents.status, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id)),
    db.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.orderId, orderId)),
    db
      .select({ id: refunds.id, amountPaise: refunds.amountPaise, status: refunds.status, method: refunds.method, at: refunds.createdAt })
      .from(refunds)
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.createdAt)),
    creditNoteNumbersOf(db, orderId),
    db
      .select({
        status: shipments.status,
        courier: shipments.courier,
        awb: shipments.awb,
        provider: shipments.provider,
        expectedBy: shipments.expectedBy,
        scans: shipments.scans,
      })
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'cancelled')))
      .orderBy(asc(shipments.createdAt)),
  ])
  // Unpaid past its time: expired, even before the expiry job has given its stock back.
  const lapsed = order.status === 'pending_payment' && order.expiresAt <= now
  const status: OrderStatus = lapsed ? 'expired' : order.status
  // A parcel's moves (out for delivery, a failed attempt) are lines of the history under the order's status: the
  // customer reads each status once, when it began, and the parcel's own steps under "Your parcel".
  const history = events.filter((e, i) => i === 0 || events[i - 1]!.status !== e.status).map(({ status, at }) => ({ status, at }))
  if (lapsed) history.push({ status: 'expired', at: order.expiresAt })
  const address = order.shippingAddress as ShippingAddress
  return {
    id: order.id,
    number: order.number,
    numberPrefix: order.numberPrefix,
    label: orderNumberLabel(order),
    status,
    placedAt: order.createdAt,
    history,
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    /** The day the customer was promised at checkout (India), when one was shown. */
    promisedBy: order.promisedBy,
    parcels: parcels.map((p) => ({
      status: SHIPMENT_STATUS_LABELS[p.status],
      delivered: p.status === 'delivered',
      courier: p.courier,
      awb: p.awb,
      expectedBy: p.expectedBy,
      trackingUrl: p.awb ? trackingLinkOf(p.provider, p.awb) : null,
      // The courier's scans, newest first; places and words as the courier wrote them.
      scans: (p.scans as Array<{ at: string; place: string; activity: string }>).slice(0, 30),
    })),
    lines: lines.map((l) => ({ ...l, totalPaise: l.unitPricePaise * l.quantity })),
    subtotalPaise: order.subtotalPaise,
    couponCode: order.couponCode,
    couponDiscountPaise: order.couponDiscountPaise,
    prepaidDiscountPaise: order.prepaidDiscountPaise,
    deliveryPaise: order.deliveryPaise,
    codFeePaise: order.codFeePaise,
    totalPaise: order.totalPaise,
    paymentMethod: order.paymentMethod,
    deliverTo: `${address.city} ${address.postalCode}`,
    hasInvoice: hasInvoice(status, Boolean(invoice), order.paymentMethod),
    // What the customer is owed back and where it is (decision 033): "requested" and "failed" are the shop's to finish.
    refunds: refundRows.map((r) => ({
      id: r.id,
      amountPaise: r.amountPaise,
      at: r.at,
      state: r.status === 'processed' ? ('refunded' as const) : ('on its way' as const),
      // How it went back: the way they paid, or the owner's UPI or bank transfer for cash on delivery (decision 069).
      method: r.method,
      creditNoteNumber: noteOf.get(r.id) ?? null,
    })),
  }
}
