import type { OrderStatus, PaymentMethod } from '~/features/orders/statuses'

/**
 * Orders whose invoice can be had: issued with the payment, or, for orders paid before invoices existed, on the
 * first download. A cancelled order keeps an invoice it already has but is not given a new one. A cash-on-delivery
 * order is invoiced when it is dispatched, the time of supply of goods (CGST Act s. 12(2), s. 31(1)(a); decision 043).
 */
export const INVOICEABLE_STATUSES: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered']
export const COD_INVOICEABLE_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered', 'returned_to_origin']

export function isInvoiceable(status: OrderStatus, paymentMethod: PaymentMethod = 'online') {
  return (paymentMethod === 'cod' ? COD_INVOICEABLE_STATUSES : INVOICEABLE_STATUSES).includes(status)
}

export function hasInvoice(status: OrderStatus, issued: boolean, paymentMethod: PaymentMethod = 'online') {
  return issued || isInvoiceable(status, paymentMethod)
}

/** The PDF's address; buyers, admins and a browser that just tracked the order may open it. */
export function invoiceUrl(orderId: string) {
  return `/api/orders/${encodeURIComponent(orderId)}/invoice`
}

/** A refund's credit note as a PDF, for the same people as the invoice. */
export function creditNoteUrl(orderId: string, refundId: string) {
  return `/api/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(refundId)}`
}
