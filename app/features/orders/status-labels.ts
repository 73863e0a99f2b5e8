import { wordedWhenRead } from '~/i18n/worded'
import { m } from '~/i18n/paraglide/messages.js'
import type { OrderStatus } from './statuses'

const LABELS: Record<OrderStatus, () => string> = {
  pending_payment: m.orders_status_pending_payment,
  awaiting_confirmation: m.orders_status_awaiting_confirmation,
  confirmed: m.orders_status_confirmed,
  returned_to_origin: m.orders_status_returned_to_origin,
  paid: m.orders_status_paid,
  expired: m.orders_status_expired,
  packed: m.orders_status_packed,
  shipped: m.orders_status_shipped,
  delivered: m.orders_status_delivered,
  cancelled: m.orders_status_cancelled,
}

/** How an order's status reads to its customer, in the language being answered. */
export function orderStatusLabel(status: OrderStatus): string {
  return LABELS[status]()
}

/**
 * The same, as a table: each label is worded when it is read (a getter), never when this module loads, so
 * `ORDER_STATUS_LABELS[status]` speaks the page's language.
 */
export const ORDER_STATUS_LABELS = wordedWhenRead(LABELS)
