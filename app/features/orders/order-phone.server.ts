import { sql } from 'drizzle-orm'
import { orders } from '~/db/schema'

/**
 * The last ten digits of one of an order's phone numbers, in SQL: customers type them with spaces, dashes and +91 in
 * all manners, so orders are matched on these (the admin's order search, /track). Empty when there is none.
 */
export function lastTenPhoneDigits(field: 'phoneNumber' | 'alternateNumber') {
  return sql<string>`right(regexp_replace(coalesce(${orders.shippingAddress}->>${field}, ''), '\\D', '', 'g'), 10)`
}
