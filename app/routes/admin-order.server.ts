import { data } from 'react-router'
import {
  advanceOrder,
  type FulfilmentInput,
  type FulfilmentStep,
  fulfilmentSchema,
  OrderNotFoundError,
  RestockRefusedError,
  restockReturnedParcel,
  StepNotAllowedError,
} from '~/features/orders/fulfilment.server'
import { getOrderForAdmin } from '~/features/orders/admin-orders.server'
import { shipOrderByHand } from '~/features/shipping/desk.server'
import { ShipmentRefusedError } from '~/features/shipping/shipments.server'
import { formatRupeesAndPaise } from '~/features/money/money'
import type { OrderField, StepResult } from '~/features/orders/admin-order-steps'
import { cancelOrder } from '~/features/orders/cancellation.server'
import { resolvePaymentAttention } from '~/features/payments/attention.server'
import { indiaDayOf } from '~/features/dates/india-time'
import { readCodRefundForm } from '~/features/payments/cod-refund-form'
import { recordCodRefund } from '~/features/payments/cod-refunds.server'
import { readRefundForm } from '~/features/payments/refund-form'
import { REFUND_METHOD_LABELS } from '~/features/payments/refund-methods'
import { RefundNotAllowedError, RefundRefusedError, requestRefund, retryRefund } from '~/features/payments/refunds.server'
import { firstError, parseForm } from '~/http/form-result'
import { m } from '~/i18n/paraglide/messages.js'
import { text, z } from '~/zod'
import type { Route } from './+types/admin-order'

// The admin order page's action, one handler per intent (the form's `step`), each making one domain call.

/** What one intent posts on behalf of the admin `actor`, for the order in the page's address. */
type Intent = { context: Route.ActionArgs['context']; orderId: string; fields: Record<string, string | undefined>; actor: string }

// Order ids are random base64url strings (features/checkout/orders.server.ts); anything else is no order.
export const ORDER_ID = /^[A-Za-z0-9_-]{10,64}$/

export function notFound() {
  return data(m.orders_not_found(), { status: 404 })
}

const DONE: Record<FulfilmentStep, () => string> = {
  confirm: m.orders_done_confirm,
  pack: m.orders_done_pack,
  ship: m.orders_done_ship,
  deliver: m.orders_done_deliver,
  return: m.orders_done_return,
  cancel: m.orders_done_cancel,
}

const FIELDS: OrderField[] = ['courier', 'trackingNumber', 'reason', 'confirm', 'resellable']
const ATTENTION_FORM = z.object({
  attentionNote: text({
    label: m.orders_attention_what_you_did,
    max: 500,
    oneLine: true,
    missing: m.orders_attention_note_missing,
  }).refine((v) => v.length >= 3, { error: () => m.orders_attention_note_missing() }),
})
const STEPS = Object.keys(DONE) as FulfilmentStep[]

/** The owner has dealt with a payment the shop could not settle by itself (decision 032). */
export async function resolveAttentionStep({ context, orderId, fields, actor }: Intent) {
  const parsed = parseForm<typeof ATTENTION_FORM, OrderField>({ attentionNote: fields.attentionNote ?? '' }, ATTENTION_FORM)
  if (!parsed.ok) {
    return data<StepResult>(
      { ok: false, error: m.orders_check_fields(), step: 'resolve-attention', fieldErrors: parsed.fieldErrors },
      { status: 400 },
    )
  }
  const note = parsed.values.attentionNote
  if (!(await resolvePaymentAttention(context.shop.db, orderId, { actor, note }))) {
    return data<StepResult>({ ok: false, error: m.orders_attention_gone(), step: 'resolve-attention' }, { status: 409 })
  }
  return data<StepResult>({ ok: true, message: m.orders_attention_done() })
}

/** A returned parcel's goods checked fit to sell: back on the shelf, once. */
export async function restockStep({ context, orderId, actor }: Intent) {
  try {
    await restockReturnedParcel(context.shop.db, orderId, actor)
  } catch (err) {
    if (err instanceof RestockRefusedError) return data<StepResult>({ ok: false, error: err.message, step: 'restock' }, { status: 409 })
    if (err instanceof OrderNotFoundError) throw notFound()
    throw err
  }
  return data<StepResult>({ ok: true, message: m.orders_restocked() })
}

/** A refund from the order's page (decision 033): written with its credit note, then sent to the provider. */
export async function refundStep({ context, orderId, fields, actor }: Intent) {
  const order = await getOrderForAdmin(context.shop.db, orderId)
  if (!order) throw notFound()
  const form = readRefundForm(fields, order.lines)
  const values = { amount: fields.amount, reason: fields.reason }
  if (!form.ok)
    return data<StepResult>(
      { ok: false, error: m.orders_check_fields(), step: 'refund', fieldErrors: form.fieldErrors, values },
      { status: 400 },
    )
  try {
    const refund = await requestRefund(context.shop.db, context.shop.payments, context.shop.config.PUBLIC_URL, {
      orderId,
      request: form.request,
      reason: form.reason,
      restock: form.restock,
      speed: form.speed,
      actor,
    })
    const note = refund.creditNoteNumber ? m.orders_credit_note_sentence({ number: refund.creditNoteNumber }) : ''
    return data<StepResult>({
      ok: true,
      message: m.orders_refund_result({ amount: formatRupeesAndPaise(refund.amountPaise), outcome: refundOutcome(refund.status), note }),
    })
  } catch (err) {
    if (err instanceof RefundRefusedError)
      return data<StepResult>({ ok: false, error: err.message, step: 'refund', values }, { status: 400 })
    throw err
  }
}

/**
 * A cash-on-delivery order's refund, paid by the owner by UPI or bank transfer and recorded with its credit note
 * (decision 069). Sent twice (a double click), the second finds the first by its reference and records nothing more.
 */
export async function codRefundStep({ context, orderId, fields, actor }: Intent) {
  const order = await getOrderForAdmin(context.shop.db, orderId)
  if (!order) throw notFound()
  const now = new Date()
  const form = readCodRefundForm(fields, order.lines, indiaDayOf(now))
  const values = { amount: fields.amount, reason: fields.reason, method: fields.method, reference: fields.reference, paidOn: fields.paidOn }
  if (!form.ok)
    return data<StepResult>(
      { ok: false, error: m.orders_check_fields(), step: 'cod-refund', fieldErrors: form.fieldErrors, values },
      { status: 400 },
    )
  try {
    const { ok: _, ...input } = form
    const refund = await recordCodRefund(context.shop.db, context.shop.config.PUBLIC_URL, { ...input, orderId, actor, now })
    const how = `${REFUND_METHOD_LABELS[form.method]} ${form.reference}`
    if (refund.duplicate) return data<StepResult>({ ok: true, message: m.orders_cod_refund_duplicate({ how }) })
    const note = refund.creditNoteNumber ? m.orders_credit_note_sentence({ number: refund.creditNoteNumber }) : ''
    return data<StepResult>({
      ok: true,
      message: m.orders_cod_refund_recorded({ amount: formatRupeesAndPaise(refund.amountPaise), how, note }),
    })
  } catch (err) {
    // The order moved on, or was never one to refund this way: 409 reloads the page (shouldRevalidate).
    if (err instanceof RefundNotAllowedError)
      return data<StepResult>({ ok: false, error: err.message, step: 'cod-refund', values }, { status: 409 })
    if (err instanceof RefundRefusedError)
      return data<StepResult>({ ok: false, error: err.message, step: 'cod-refund', values }, { status: 400 })
    throw err
  }
}

/** A failed refund's transfer, tried again. */
export async function retryRefundStep({ context, fields, actor }: Intent) {
  if (!ORDER_ID.test(fields.refundId ?? ''))
    return data<StepResult>({ ok: false, error: m.orders_no_such_refund(), step: 'retry-refund' }, { status: 400 })
  try {
    const refund = await retryRefund(context.shop.db, context.shop.payments, context.shop.config.PUBLIC_URL, fields.refundId ?? '', actor)
    return data<StepResult>({
      ok: true,
      message: refund?.status === 'failed' ? m.orders_refund_refused_again() : m.orders_refund_sent_again(),
    })
  } catch (err) {
    if (err instanceof RefundRefusedError) return data<StepResult>({ ok: false, error: err.message, step: 'retry-refund' }, { status: 409 })
    throw err
  }
}

/** The posted step of fulfilment, checked: its values, or the answer that says what is wrong. */
function readStep(fields: Record<string, string | undefined>) {
  const step = STEPS.find((s) => s === fields.step)
  const values = Object.fromEntries(FIELDS.filter((f) => f !== 'confirm' && fields[f] !== undefined).map((f) => [f, fields[f]!]))
  const parsed = parseForm<typeof fulfilmentSchema, OrderField>(fields, fulfilmentSchema)
  // The fields the forms show; any other refusal (an unknown step, a forged choice) is the form's message.
  const fieldErrors: Partial<Record<OrderField, string>> = parsed.ok
    ? {}
    : Object.fromEntries(FIELDS.filter((f) => parsed.fieldErrors[f] !== undefined).map((f) => [f, parsed.fieldErrors[f]]))
  // Cancelling returns stock and mails the customer: it needs the box ticked, whatever the browser let through.
  if (step === 'cancel' && fields.confirm !== 'yes') fieldErrors.confirm = m.orders_cancel_tick_box()
  if (!parsed.ok || Object.keys(fieldErrors).length) {
    const error = Object.keys(fieldErrors).length || parsed.ok ? m.orders_check_fields() : firstError(parsed)
    return { ok: false as const, refused: data<StepResult>({ ok: false, error, step, fieldErrors, values }, { status: 400 }) }
  }
  return { ok: true as const, input: parsed.values }
}

/** What a step's refusal says to the owner; a refused step (409) reloads the page (shouldRevalidate). */
function stepRefused(err: unknown, step: FulfilmentStep) {
  if (err instanceof RefundRefusedError) return data<StepResult>({ ok: false, error: err.message, step }, { status: 409 })
  if (err instanceof OrderNotFoundError) throw notFound()
  if (err instanceof StepNotAllowedError) return data<StepResult>({ ok: false, error: err.message, step }, { status: 409 })
  throw err
}

/** Cancel, and refund the whole order in the same step when the owner leaves the box ticked: one domain call. */
export async function cancelStep({ context, orderId, fields, actor }: Intent) {
  const read = readStep(fields)
  if (!read.ok) return read.refused
  if (read.input.step !== 'cancel') throw new Error('Not a cancellation.')
  const { reason, refund, speed } = read.input
  try {
    const cancelled = await cancelOrder(
      context.shop.db,
      context.shop.payments,
      context.shop.config.PUBLIC_URL,
      orderId,
      { reason, refund, speed },
      actor,
    )
    // The cancellation and its refund are written; the transfer was sent (retried by the shop if it got no answer).
    if (cancelled.refund) {
      return data<StepResult>({
        ok: true,
        message: m.orders_cancelled_with_refund({ outcome: refundOutcome(cancelled.refund.status) }),
      })
    }
  } catch (err) {
    return stepRefused(err, 'cancel')
  }
  return data<StepResult>({ ok: true, message: DONE.cancel() })
}

/** Any other step of fulfilment: confirm, pack, ship, deliver, return; or a step the form does not know. */
export async function fulfilmentStep({ context, orderId, fields, actor }: Intent) {
  const read = readStep(fields)
  if (!read.ok) return read.refused
  if (read.input.step === 'ship') return shipStep({ context, orderId, fields, actor }, read.input)
  let advanced: Awaited<ReturnType<typeof advanceOrder>>
  try {
    advanced = await advanceOrder(context.shop.db, context.shop.config.PUBLIC_URL, orderId, read.input, actor)
  } catch (err) {
    return stepRefused(err, read.input.step)
  }
  // Only cash on delivery is paid by its delivery (issue 39: a prepaid order was told about cash).
  const message =
    read.input.step === 'deliver' && advanced.paymentMethod === 'cod' ? m.orders_done_cod_delivered() : DONE[read.input.step]()
  return data<StepResult>({ ok: true, message })
}

/**
 * Shipping by hand from the order's page is a shipment (issue 40): sent by the shop, handed over with this tracking
 * number; the order ships through it, with its mail and, for cash on delivery, its invoice.
 */
async function shipStep({ context, orderId, actor }: Intent, input: Extract<FulfilmentInput, { step: 'ship' }>) {
  const { shop } = context
  try {
    await shipOrderByHand(shop.db, shop.shipping, shop.config.PUBLIC_URL, { orderId, ...input, actor })
  } catch (err) {
    if (err instanceof ShipmentRefusedError) return data<StepResult>({ ok: false, error: err.message, step: 'ship' }, { status: 409 })
    return stepRefused(err, 'ship')
  }
  return data<StepResult>({ ok: true, message: DONE.ship() })
}

function refundOutcome(status: string | undefined) {
  if (status === 'processed') return m.orders_refund_outcome_processed()
  if (status === 'pending') return m.orders_refund_outcome_pending()
  if (status === 'failed') return m.orders_refund_outcome_failed()
  return m.orders_refund_outcome_unanswered()
}
