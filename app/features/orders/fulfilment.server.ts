import { inOrderLanguage } from '~/i18n/language.server'
import { m } from '~/i18n/paraglide/messages.js'
import { and, asc, eq } from 'drizzle-orm'
import { text, z } from '~/zod'
import type { Database, Transaction } from '~/db/client.server'
import { type OrderStatus, type PaymentMethod, orderEvents, orderLines, orders, stockLedger } from '~/db/schema'
import { issueInvoice } from '../invoices/invoices.server'
import { issueCreditNote } from '../invoices/credit-notes.server'
import { formatRupees } from '../money/money'
import { enqueueMail } from '../mail/outbox.server'
import { getShopSettings } from '../settings/shop-settings.server'
import type { ShopSettings } from '../settings/shop-settings'
import type { ShippingAddress } from '../checkout/checkout-schemas'
import { orderCancelledMail, orderShippedMail } from './order-mails'
import { orderStatusLabel } from './status-labels'
import { changeStock } from '../stock/ledger.server'
import { releaseCouponUse } from '../offers/coupon-uses.server'
import { recordRefund } from '../payments/refunds.server'

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
  // A prepaid parcel can come back too: its money goes back by a refund (less the shipping, the owner's choice).
  return: { from: ['shipped'], to: 'returned_to_origin', methods: ['cod', 'online'] },
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

/** A parcel handed to a courier by hand: the courier's name and its tracking number (the order page, the desk). */
export const HANDED_OVER_FIELDS = {
  courier: text({
    label: m.orders_courier,
    max: 80,
    missing: m.orders_enter_courier,
    oneLine: true,
    tooLong: m.orders_courier_too_long,
  }),
  trackingNumber: text({
    label: m.orders_tracking_number,
    max: 80,
    missing: m.orders_enter_tracking_number,
    oneLine: true,
    tooLong: m.orders_tracking_number_too_long,
  }),
}

export const fulfilmentSchema = z.discriminatedUnion(
  'step',
  [
    z.object({ step: z.literal('confirm') }),
    z.object({ step: z.literal('pack') }),
    z.object({ step: z.literal('ship'), ...HANDED_OVER_FIELDS }),
    z.object({ step: z.literal('deliver') }),
    z.object({
      step: z.literal('return'),
      // A plain form's checkbox: "yes" when the parcel came back fit to sell again.
      resellable: z
        .enum(['yes', 'no'], { error: () => m.orders_say_resellable() })
        .optional()
        .default('no'),
      reason: text({ label: m.orders_reason, max: 500, required: false, tooLong: m.orders_reason_too_long }).optional().default(''),
    }),
    z.object({
      step: z.literal('cancel'),
      reason: text({ label: m.orders_reason, max: 500, required: false, tooLong: m.orders_reason_too_long }).optional().default(''),
      // A plain form's checkbox: "yes" when ticked, absent when not.
      refund: z
        .enum(['yes', 'no'], { error: () => m.orders_say_refund() })
        .optional()
        .default('no'),
      speed: z
        .enum(['normal', 'optimum'], { error: () => m.orders_choose_speed() })
        .optional()
        .default('normal'),
    }),
  ],
  { error: () => m.orders_unknown_action() },
)
export type FulfilmentInput = z.infer<typeof fulfilmentSchema>

export class OrderNotFoundError extends Error {
  constructor() {
    super(m.orders_no_such_order())
  }
}

export class StepNotAllowedError extends Error {
  constructor(
    readonly step: FulfilmentStep,
    readonly status: OrderStatus,
  ) {
    super(STEP_REFUSED[step]({ status: status.replaceAll('_', ' '), label: orderStatusLabel(status) }))
  }
}

const STEP_REFUSED: Record<FulfilmentStep, (inputs: { status: string; label: string }) => string> = {
  confirm: m.orders_step_refused_confirm,
  pack: m.orders_step_refused_pack,
  ship: m.orders_step_refused_ship,
  deliver: m.orders_step_refused_deliver,
  return: m.orders_step_refused_return,
  cancel: m.orders_step_refused_cancel,
}

/**
 * Moves an order one step on, as the admin `actor`. The order row is locked, so two admins clicking at once
 * cannot ship twice or return stock twice. The history entry, the stock returned on cancelling and the
 * customer's mail are written in the same transaction as the status. `shopUrl` (PUBLIC_URL) is where the mail's links
 * point.
 */
export async function advanceOrder(db: Database, shopUrl: string, orderId: string, given: z.input<typeof fulfilmentSchema>, actor: string) {
  // Parsed again for its defaults (a cancel refunds only when asked); the route has parsed it already.
  const input: FulfilmentInput = fulfilmentSchema.parse(given)
  const settings = await getShopSettings(db)
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw new OrderNotFoundError()
    return takeStep(tx, { order, input, actor, settings, shopUrl, now: new Date() })
  })
}

/**
 * One step on an order the caller has locked, inside the caller's transaction: the admin's (advanceOrder) or a
 * courier's tracking event (features/shipping), whose actor is null (the shop itself).
 */
export async function takeStep(
  tx: Transaction,
  {
    order,
    input,
    actor,
    settings,
    shopUrl,
    now,
  }: {
    order: typeof orders.$inferSelect
    input: FulfilmentInput
    actor: string | null
    settings: ShopSettings
    shopUrl: string
    now: Date
  },
) {
  const orderId = order.id
  const step = FULFILMENT_STEPS[input.step]
  if (!stepAllowed(input.step, order.status, order.paymentMethod)) throw new StepNotAllowedError(input.step, order.status)
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name))
  const cod = order.paymentMethod === 'cod'
  let note: string | null = null
  let refund: { refundId: string; amountPaise: number } | null = null

  if (input.step === 'ship') {
    note = `${input.courier}, tracking ${input.trackingNumber}`
    await tx
      .update(orders)
      .set({ status: 'shipped', courier: input.courier, trackingNumber: input.trackingNumber, updatedAt: now })
      .where(eq(orders.id, orderId))
    // A COD order's tax invoice is issued as the goods leave (time of supply, decision 043), from the same series.
    if (cod) {
      const invoice = await issueInvoice(tx, { ...order, shippingAddress: order.shippingAddress as ShippingAddress, lines }, settings, now)
      note = `${note}; invoice ${invoice.document.number}`
    }
    await enqueueMail(
      tx,
      inOrderLanguage(order, () => orderShippedMail({ ...order, lines }, input, shopUrl, settings)),
    )
  } else if (input.step === 'deliver' && cod) {
    // The courier collected the cash: the order is paid now.
    await tx.update(orders).set({ status: 'delivered', paidAt: now, updatedAt: now }).where(eq(orders.id, orderId))
    note = `Cash collected: ${formatRupees(order.totalPaise)}`
  } else if (input.step === 'return') {
    await tx.update(orders).set({ status: 'returned_to_origin', updatedAt: now }).where(eq(orders.id, orderId))
    if (input.resellable === 'yes') {
      await linesBackOnTheShelf(tx, lines, 'returned', actor)
    }
    // GST: the goods were never supplied, so the invoice issued at dispatch is cancelled by a credit note (CGST Act
    // s. 34) for all of it: the goods as paid, delivery and the COD fee. No money moves: none was collected.
    // A prepaid order's invoice is cancelled by the credit note of its refund, which the owner decides on.
    const creditNote = !cod
      ? null
      : await issueCreditNote(tx, {
          orderId,
          refundId: null,
          items: {
            lines: lines.map((l) => ({
              productId: l.productId,
              size: l.size,
              name: l.name,
              quantity: l.quantity,
              unitPricePaise: l.unitPricePaise,
              ...(l.discountPaise ? { discountPaise: l.discountPaise } : {}),
            })),
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
      cod ? '' : 'paid online: refund the customer from this page',
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
    await linesBackOnTheShelf(tx, lines, 'cancelled', actor)
    // Cancelled before dispatch: the coupon's use is given back.
    await releaseCouponUse(tx, orderId, now)
    note = ['Stock returned', input.reason].filter(Boolean).join('; ')
    await tx.insert(orderEvents).values({ orderId, status: step.to, note, actor })
    // Nothing was paid for a COD order not yet delivered: nothing to refund.
    if (input.refund === 'yes' && !cod) {
      // The whole order, in this transaction: its credit note cancels the invoice. The transfer is the caller's to send.
      refund = await recordRefund(tx, {
        orderId,
        request: { kind: 'whole' },
        reason: input.reason || 'Order cancelled',
        restock: false,
        speed: input.speed,
        actor: actor ?? 'shop',
        now,
      })
    }
    await enqueueMail(
      tx,
      inOrderLanguage(order, () =>
        orderCancelledMail(
          { ...order, lines },
          input.reason,
          shopUrl,
          settings,
          refund ? { amountPaise: refund.amountPaise, speed: input.speed } : null,
          cod,
        ),
      ),
    )
    return { status: step.to as OrderStatus, paymentMethod: order.paymentMethod, refundId: refund?.refundId ?? null }
  }
  await tx.insert(orderEvents).values({ orderId, status: step.to, note, actor })
  return { status: step.to as OrderStatus, paymentMethod: order.paymentMethod, refundId: null }
}

export class RestockRefusedError extends Error {}

/**
 * A parcel that came back (a courier's return, decision 073) is checked by the owner: fit to sell, its goods go back
 * on the shelf, once. A return the owner recorded as resellable put them back already.
 */
export async function restockReturnedParcel(db: Database, orderId: string, actor: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!order) throw new OrderNotFoundError()
    if (order.status !== 'returned_to_origin') throw new RestockRefusedError(m.orders_restock_only_returned())
    if (await stockReturnedFor(tx, orderId)) throw new RestockRefusedError(m.orders_restock_already())
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId))
    await linesBackOnTheShelf(tx, lines, 'returned', actor)
    await tx
      .insert(orderEvents)
      .values({ orderId, status: 'returned_to_origin', note: 'Checked on return: fit to sell, stock returned', actor })
  })
}

/** Whether an order's goods came back on the shelf already (a return marked resellable, or restocked after). */
export async function stockReturnedFor(db: Database | Transaction, orderId: string) {
  const [row] = await db
    .select({ id: stockLedger.id })
    .from(stockLedger)
    .where(and(eq(stockLedger.orderId, orderId), eq(stockLedger.reason, 'returned')))
    .limit(1)
  return row !== undefined
}

/** An order's lines back on the shelf, each a row of the stock ledger naming the order and why. */
async function linesBackOnTheShelf(
  tx: Transaction,
  lines: ReadonlyArray<{ orderId: string; productId: string; size: (typeof orderLines.$inferSelect)['size']; quantity: number }>,
  reason: 'returned' | 'cancelled',
  actor: string | null,
) {
  for (const line of lines) {
    await changeStock(tx, {
      productId: line.productId,
      size: line.size,
      change: line.quantity,
      reason,
      orderId: line.orderId,
      admin: actor,
    })
  }
}
