/** An order's statuses, in their usual order. A plain module, not the schema: pages may show them without Drizzle. */
export const ORDER_STATUSES = [
  'pending_payment',
  // Cash on delivery (decision 043): placed, waiting for the customer's (or the owner's) confirmation, then confirmed.
  'awaiting_confirmation',
  'confirmed',
  'paid',
  'expired',
  'packed',
  'shipped',
  'delivered',
  // A COD parcel refused or not collected, come back to the shop.
  'returned_to_origin',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** How an order is paid: online through the provider, or in cash to the courier. */
export const PAYMENT_METHODS = ['online', 'cod'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
