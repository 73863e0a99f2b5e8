import type { OrderStatus } from '~/db/schema'

/**
 * Orders whose invoice can be had: issued with the payment, or, for orders paid before invoices existed, on the
 * first download. A cancelled order keeps an invoice it already has but is not given a new one.
 */
export const INVOICEABLE_STATUSES: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered']

export function hasInvoice(status: OrderStatus, issued: boolean) {
  return issued || INVOICEABLE_STATUSES.includes(status)
}

/** The PDF's address; buyers, admins and a browser that just tracked the order may open it. */
export function invoiceUrl(orderId: string) {
  return `/api/orders/${encodeURIComponent(orderId)}/invoice`
}

/** A refund's credit note as a PDF, for the same people as the invoice. */
export function creditNoteUrl(orderId: string, refundId: string) {
  return `/api/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(refundId)}`
}
