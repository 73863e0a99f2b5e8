/**
 * The letters before an order's number when the owner has chosen none, and the invoices' too (decision 070). The
 * owner's choice is a setting (number-settings.ts); each order keeps the prefix it was placed with.
 */
export const DEFAULT_ORDER_PREFIX = 'KO'

/**
 * What an order's number is made of: its number and the prefix it was issued with (every order row has one; an order
 * written without it, as the mail and invoice tests' orders are, was issued before prefixes: KO).
 */
export type NumberedOrder = { number: number; numberPrefix?: string }

/** An order's number as the customer and the owner read it, in mails, on pages and on its invoice: KO-12. */
export function orderNumberLabel(order: NumberedOrder) {
  return `${order.numberPrefix ?? DEFAULT_ORDER_PREFIX}-${order.number}`
}

/** An order number as a person types it: its prefix when given (upper-case), and its number. */
export type TypedOrderNumber = { prefix: string | null; number: number }

/**
 * "KO-1234", "ko 1234", "KO1234", "#1234" or "1234" (a prefix with digits, like "K2", needs its hyphen or space);
 * null for anything else. Any prefix is read: whether it is the order's own is for the look-up to say.
 */
const ORDER_NUMBER = /^(?:#|([a-z][a-z0-9]{1,4})[-\s]+|([a-z]{2,5}))?(\d{1,9})$/i

export function parseOrderNumber(text: string): TypedOrderNumber | null {
  const match = text.trim().match(ORDER_NUMBER)
  if (!match || Number(match[3]) < 1) return null
  const prefix = match[1] ?? match[2]
  return { prefix: prefix ? prefix.toUpperCase() : null, number: Number(match[3]) }
}
