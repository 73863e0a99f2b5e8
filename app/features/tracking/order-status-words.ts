import { m } from '~/i18n/paraglide/messages.js'
import type { OrderStatus } from '~/features/orders/statuses'

/**
 * How an order's status reads to its customer, in the language of the page or request being answered (the same
 * English as ORDER_STATUS_LABELS in features/orders/status-labels.ts). Worded when called, never at load.
 */
export function orderStatusWords(status: OrderStatus): string {
  switch (status) {
    case 'pending_payment':
      return m.tracking_status_pending_payment()
    case 'awaiting_confirmation':
      return m.tracking_status_awaiting_confirmation()
    case 'confirmed':
      return m.tracking_status_confirmed()
    case 'returned_to_origin':
      return m.tracking_status_returned_to_origin()
    case 'paid':
      return m.tracking_status_paid()
    case 'expired':
      return m.tracking_status_expired()
    case 'packed':
      return m.tracking_status_packed()
    case 'shipped':
      return m.tracking_status_shipped()
    case 'delivered':
      return m.tracking_status_delivered()
    case 'cancelled':
      return m.tracking_status_cancelled()
  }
}
