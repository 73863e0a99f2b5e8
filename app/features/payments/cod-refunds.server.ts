import { inOrderLanguage } from '~/i18n/language.server'
import { eq } from 'drizzle-orm'
import { isUniqueViolation } from '~/db/unique-violation.server'
import type { Database } from '~/db/client.server'
import { orderEvents, orders, refunds } from '~/db/schema'
import { formatIndiaDate, indiaDayOf } from '../dates/india-time'
import { creditNoteNumbersOf } from '../invoices/credit-notes.server'
import { enqueueMail } from '../mail/outbox.server'
import { formatRupeesAndPaise } from '../money/money'
import { orderNumberLabel } from '../orders/order-number'
import { getShopSettings } from '../settings/shop-settings.server'
import { paidOnSchema } from './cod-refund-form'
import { normaliseReference, type OutsideRefundMethod, REFERENCE_ERRORS } from './refund-methods'
import { refundMail } from './refund-mails'
import { planRefund, type RefundRequest } from './refund-plan'
import {
  newRefundId,
  RefundNotAllowedError,
  RefundRefusedError,
  refundedWhat,
  refundsOf,
  refundWayOf,
  writeRefundEffects,
} from './refunds.server'

// Refunds of cash-on-delivery orders (issue 39, decision 069). No provider took the money, so none can give it back:
// the owner pays the customer by UPI or bank transfer and records it here. The record is the refund: processed when
// written, with what it gives back (the same plan and limits as a refund through the provider), the stock when the
// goods go back on the shelf, the GST credit note, the order's history and the customer's mail, in one transaction.
// Nothing is sent anywhere afterwards, and the reconciliation never takes it up.

export type CodRefundInput = {
  orderId: string
  request: RefundRequest
  reason: string
  /** Whether the goods go back to stock (damaged goods do not). */
  restock: boolean
  method: OutsideRefundMethod
  /** The transfer's reference as typed: the UPI reference, or the bank transfer's UTR. */
  reference: string
  /** The day in India the owner paid it, YYYY-MM-DD. */
  paidOn: string
  actor: string
  now?: Date
}

/** "Paid by …" in the order's history. */
const PAID_BY: Record<OutsideRefundMethod, string> = { upi: 'UPI', bank_transfer: 'bank transfer' }

const NOT_COLLECTED =
  'The cash for this order has not been collected, so there is nothing to refund yet: a cash-on-delivery order is refunded once it is delivered and paid.'

/**
 * Records a refund the owner paid outside the provider for a cash-on-delivery order delivered and paid. Refuses
 * (RefundRefusedError, nothing written) an order paid online, one whose cash was not collected, more than is left to
 * refund, a reference that is no transfer's, a day after today or before the order. The same reference sent again for
 * the same order (a double click, a form sent twice) records nothing more and returns the refund it recorded
 * (`duplicate`); for another order it is refused, since one transfer refunds one order.
 */
export async function recordCodRefund(db: Database, shopUrl: string, input: CodRefundInput) {
  const now = input.now ?? new Date()
  const reference = normaliseReference(input.method, input.reference)
  if (!reference) throw new RefundRefusedError(REFERENCE_ERRORS[input.method])
  const day = paidOnSchema(indiaDayOf(now)).safeParse(input.paidOn)
  if (!day.success) throw new RefundRefusedError(day.error.issues[0]!.message)
  const paidOn = day.data
  const settings = await getShopSettings(db)
  try {
    return await db.transaction(async (tx) => {
      // The order's row lock: a second submission waits here, then finds the refund the first one wrote.
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
      if (!order) throw new RefundRefusedError('Order not found.')
      if (order.paymentMethod !== 'cod')
        throw new RefundNotAllowedError('This order was paid online: refund it through the payment provider with the Refund form.')
      if (refundWayOf(order) !== 'outside') throw new RefundNotAllowedError(NOT_COLLECTED)

      const [same] = await tx.select().from(refunds).where(eq(refunds.reference, reference))
      if (same) {
        if (same.orderId !== order.id) {
          const [other] = await tx
            .select({ number: orders.number, numberPrefix: orders.numberPrefix })
            .from(orders)
            .where(eq(orders.id, same.orderId))
          throw new RefundRefusedError(
            `The reference ${reference} is already recorded for a refund of order ${orderNumberLabel(other!)}. Check the transfer’s reference.`,
          )
        }
        const creditNoteNumber = (await creditNoteNumbersOf(tx, order.id)).get(same.id) ?? null
        return { refundId: same.id, amountPaise: same.amountPaise, creditNoteNumber, duplicate: true }
      }
      if (paidOn < indiaDayOf(order.createdAt))
        throw new RefundRefusedError(`The refund cannot have been paid before the order was placed (${formatIndiaDate(order.createdAt, 'en')}).`)

      const lines = await tx.query.orderLines.findMany({ where: (l, { eq }) => eq(l.orderId, order.id) })
      const prior = await refundsOf(tx, order.id)
      const plan = planRefund(
        { totalPaise: order.totalPaise, deliveryPaise: order.deliveryPaise, codFeePaise: order.codFeePaise, lines },
        prior,
        input.request,
      )
      if (!plan.ok) throw new RefundRefusedError(plan.error)
      const restock = input.restock && plan.items.lines.length > 0
      const id = newRefundId()
      await tx.insert(refunds).values({
        id,
        orderId: order.id,
        amountPaise: plan.amountPaise,
        items: plan.items,
        reason: input.reason,
        restock,
        speed: null,
        status: 'processed',
        method: input.method,
        reference,
        paidOn,
        nextCheckAt: null,
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
        note: [
          `Refund of ${formatRupeesAndPaise(plan.amountPaise)} paid by ${PAID_BY[input.method]} on ${formatIndiaDate(paidOn, 'en')}, reference ${reference} (${refundedWhat(plan.items)}): ${input.reason}`,
          restock ? 'goods back to stock' : '',
          creditNote ? `credit note ${creditNote.document.number}` : '',
        ]
          .filter(Boolean)
          .join('; '),
        actor: input.actor,
      })
      await enqueueMail(
        tx,
        inOrderLanguage(order, () =>
          refundMail(
            { number: order.number, email: order.email },
            { amountPaise: plan.amountPaise, reason: input.reason, paidBy: { method: input.method, reference, paidOn } },
            shopUrl,
            settings,
          ),
        ),
      )
      return { refundId: id, amountPaise: plan.amountPaise, creditNoteNumber: creditNote?.document.number ?? null, duplicate: false }
    })
  } catch (err) {
    // The same reference written at the same moment for another order: the unique reference stops the second.
    if (isUniqueViolation(err)) throw new RefundRefusedError(`The reference ${reference} is already recorded for another refund.`)
    throw err
  }
}
