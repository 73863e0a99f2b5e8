import { isCalendarDay } from '~/features/dates/india-time'
import { parseForm } from '~/http/form-result'
import { z } from '~/zod'
import { normaliseReference, OUTSIDE_REFUND_METHODS, type OutsideRefundMethod, REFERENCE_ERRORS } from './refund-methods'
import { type RefundFormField, readRefundForm } from './refund-form'
import type { RefundRequest } from './refund-plan'

// The owner's record of a refund paid outside the provider, for a cash-on-delivery order (decision 069): what is given
// back, read as the online refund form reads it, and how it was paid: the method, the transfer's reference and the day.
// The domain (cod-refunds.server.ts) checks the reference and the day again, and the plan against the order.

export type CodRefundFormField = RefundFormField | 'method' | 'reference' | 'paidOn'
export type CodRefundFormResult =
  | {
      ok: true
      request: RefundRequest
      reason: string
      restock: boolean
      method: OutsideRefundMethod
      reference: string
      paidOn: string
    }
  | { ok: false; fieldErrors: Partial<Record<CodRefundFormField, string>> }

const MISSING_METHOD = 'Choose how you paid it back: UPI or bank transfer.'
const MISSING_REFERENCE = 'Enter the reference of the transfer (the UPI reference or the UTR).'

/** The day a refund was paid: a calendar day in India, not after `today` (YYYY-MM-DD). */
export function paidOnSchema(today: string) {
  return z
    .string({ error: 'Enter the day you paid it.' })
    .trim()
    .refine((v) => v !== '', { error: 'Enter the day you paid it.', abort: true })
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), { error: 'Enter the day as a date, like 2026-11-28.', abort: true })
    .refine(isCalendarDay, { error: 'That day is not in the calendar.', abort: true })
    .refine((v) => v <= today, 'The refund cannot have been paid after today.')
}

function schema(today: string) {
  return z.object({
    method: z.enum(OUTSIDE_REFUND_METHODS, { error: MISSING_METHOD }),
    reference: z
      .string({ error: MISSING_REFERENCE })
      .trim()
      .refine((v) => v !== '', MISSING_REFERENCE),
    paidOn: paidOnSchema(today),
  })
}

/** Reads the posted form; `today` is the day in India (indiaDayOf), the latest the refund may have been paid. */
export function readCodRefundForm(
  fields: Record<string, string | undefined>,
  lines: Array<{ productId: string; size: string }>,
  today: string,
): CodRefundFormResult {
  // Speed is the provider's: this form has none to send.
  const { speed: _, ...shared } = fields
  const what = readRefundForm(shared, lines)
  const how = parseForm<ReturnType<typeof schema>, CodRefundFormField>(fields, schema(today))
  const fieldErrors = { ...(what.ok ? {} : what.fieldErrors), ...(how.ok ? {} : how.fieldErrors) }
  // The reference's shape depends on the method: checked whenever both are given, whatever else is wrong.
  const method = OUTSIDE_REFUND_METHODS.find((m) => m === fields.method)
  const typed = (fields.reference ?? '').trim()
  const reference = method && typed ? normaliseReference(method, typed) : null
  if (method && typed && !reference) fieldErrors.reference = REFERENCE_ERRORS[method]
  if (!what.ok || !how.ok || !reference || Object.keys(fieldErrors).length) return { ok: false, fieldErrors }
  return { ok: true, request: what.request, reason: what.reason, restock: what.restock, ...how.values, reference }
}
