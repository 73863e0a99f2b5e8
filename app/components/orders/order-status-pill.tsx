import type { OrderStatus } from '~/features/orders/statuses'
import { orderStatusWords } from '~/features/tracking/order-status-words'

const STATUS_COLOURS: Record<OrderStatus, string> = {
  pending_payment: 'bg-stone-100 text-stone-800',
  awaiting_confirmation: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-turmeric-100 text-earth-900',
  returned_to_origin: 'bg-red-100 text-red-900',
  expired: 'bg-stone-100 text-stone-700',
  paid: 'bg-turmeric-100 text-earth-900',
  packed: 'bg-sky-100 text-sky-900',
  shipped: 'bg-leaf-100 text-leaf-900',
  delivered: 'bg-leaf-700 text-white',
  cancelled: 'bg-red-100 text-red-900',
}

/**
 * How the pill looks where it is shown: in the admin's lists and order page, coloured by status to help scanning;
 * in the customer's order list and on the tracked order's page, in the shop's green (the heading beside it is larger
 * on the tracking page, so its pill keeps the text's size).
 */
const LOOKS = {
  admin: (status: OrderStatus) =>
    // Wraps on a phone: "Confirmed, being packed (cash on delivery)" on one line pushed a 360 px page sideways.
    `inline-block rounded-2xl px-2.5 py-0.5 text-sm font-semibold sm:whitespace-nowrap ${STATUS_COLOURS[status]}`,
  customer: () => 'rounded-full bg-leaf-50 px-3 py-1 text-sm font-semibold text-leaf-800',
  tracked: () => 'rounded-full bg-leaf-50 px-3 py-1 font-semibold text-leaf-800',
} satisfies Record<string, (status: OrderStatus) => string>

/** An order's status as a pill; the words carry the meaning, the colour only helps scanning. */
export function OrderStatusPill({ status, look = 'admin', testId }: { status: OrderStatus; look?: keyof typeof LOOKS; testId?: string }) {
  return (
    <span className={LOOKS[look](status)} data-testid={testId}>
      {orderStatusWords(status)}
    </span>
  )
}
