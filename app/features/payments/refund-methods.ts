// How a refund's money went back (decision 069): through the payment provider that took the payment, or paid by the
// owner outside the shop, by UPI or bank transfer, for a cash-on-delivery order that no provider was paid for. Pure:
// the schema, the form, the mail and the order's page share it.

export const REFUND_METHODS = ['provider', 'upi', 'bank_transfer'] as const
export type RefundMethod = (typeof REFUND_METHODS)[number]

/** The ways the owner pays a refund outside the provider: recorded, never sent. */
export const OUTSIDE_REFUND_METHODS = ['upi', 'bank_transfer'] as const
export type OutsideRefundMethod = (typeof OUTSIDE_REFUND_METHODS)[number]

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  provider: 'Through the payment provider',
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
}

/** What the reference is called for each method, as the customer's app or bank statement calls it. */
export const REFERENCE_LABELS: Record<OutsideRefundMethod, string> = {
  upi: 'UPI reference',
  bank_transfer: 'reference (UTR)',
}

/**
 * A transfer's reference as the bank prints it, or null when it cannot be one. Spaces and hyphens are forgiven (people
 * copy them in groups), letters upper-cased. A UPI payment's reference (its UTR, also called RRN) is 12 digits in every
 * UPI app and bank statement. A bank transfer's UTR is 12 digits (IMPS), 16 characters (NEFT) or 22 (RTGS): 12 to 22
 * letters and digits, with digits among them.
 */
export function normaliseReference(method: OutsideRefundMethod, typed: string): string | null {
  if (typed.length > 60) return null
  const reference = typed.replace(/[\s-]+/g, '').toUpperCase()
  if (method === 'upi') return /^\d{12}$/.test(reference) ? reference : null
  return /^[A-Z0-9]{12,22}$/.test(reference) && /\d/.test(reference) ? reference : null
}

export const REFERENCE_ERRORS: Record<OutsideRefundMethod, string> = {
  upi: 'A UPI reference (UTR) is the 12 digits your UPI app shows for the payment.',
  bank_transfer: 'A bank transfer’s reference (UTR) is 12 to 22 letters and digits, as your bank shows it.',
}
