import type { AppLoadContext } from 'react-router'
import { getOrderForAccount } from '../accounts/accounts.server'
import { getSignedInUser } from '../accounts/guards.server'
import { readBuyerToken } from '../checkout/buyer-cookie.server'
import { getOrderForBuyer } from '../orders/order-lookup.server'
import { readTrackedOrder } from '../tracking/tracked-cookie.server'

/**
 * Who may download an order's invoice, and how much of it they see: the browser that placed the order (buyer
 * cookie), the signed-in account with the order's confirmed e-mail address (as for GET /api/orders/:id) and
 * admins see it all; a browser that only matched the order on /track within the hour (an order number and a
 * phone number are not much of a secret) sees what the track page shows of the buyer: the town and PIN code.
 * null: none of these.
 */
export async function invoiceViewFor(request: Request, context: AppLoadContext, orderId: string): Promise<'full' | 'tracked' | null> {
  const { db } = context.shop
  if (await getOrderForBuyer(db, orderId, await readBuyerToken(request))) return 'full'
  const user = await getSignedInUser(request, context)
  if (user?.role === 'admin') return 'full'
  if (await getOrderForAccount(db, orderId, user)) return 'full'
  if ((await readTrackedOrder(db, request)) === orderId) return 'tracked'
  return null
}
