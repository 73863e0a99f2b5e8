import type { OrderStatus } from './statuses'

/** How an order's status reads to its customer. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  awaiting_confirmation: 'Cash on delivery: waiting for your confirmation',
  confirmed: 'Confirmed, being packed (cash on delivery)',
  returned_to_origin: 'Returned to us (not delivered)',
  paid: 'Paid, being packed',
  expired: 'Not paid (expired)',
  packed: 'Packed, ready to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}
