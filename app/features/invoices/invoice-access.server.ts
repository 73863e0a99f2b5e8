import type { AppLoadContext } from 'react-router'
import { getOrderForAccount } from '../accounts/accounts.server'
import { getSignedInUser } from '../accounts/guards.server'
import { readBuyerToken } from '../checkout/buyer-cookie.server'
import { getOrderForBuyer } from '../checkout/orders.server'
import { readTrackedOrder } from '../tracking/tracked-cookie.server'

/**
 * Who may download an order's invoice: the browser that placed the order (buyer cookie), the signed-in account
 * with the order's confirmed e-mail address (as for GET /api/orders/:id), a browser that matched the order on
 * /track within the hour, and admins.
 */
export async function mayReadInvoice(request: Request, context: AppLoadContext, orderId: string) {
  const { db } = context.shop
  if ((await readTrackedOrder(db, request)) === orderId) return true
  if (await getOrderForBuyer(db, orderId, await readBuyerToken(request))) return true
  const user = await getSignedInUser(request, context)
  if (user?.role === 'admin') return true
  return Boolean(await getOrderForAccount(db, orderId, user))
}
