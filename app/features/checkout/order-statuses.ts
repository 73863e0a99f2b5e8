/** An order's statuses, in their usual order. A plain module, not the schema: pages may show them without Drizzle. */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'expired', 'packed', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
