import { readBuyerToken } from '~/features/checkout/buyer-cookie.server'
import { getOrderForBuyer } from '~/features/orders/order-lookup.server'
import { getOrderForAccount } from '~/features/accounts/accounts.server'
import { getSignedInUser } from '~/features/accounts/guards.server'
import { orderNumberLabel } from '~/features/orders/order-number'
import { apiError } from '~/http/json.server'
import type { Route } from './+types/api.order'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * GET /api/orders/<orderId> — the order's status and lines, for the browser that placed it or the signed-in
 * account with the order's (confirmed) e-mail address; 404 for anyone else.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(params.orderId)) return apiError(404, m.payments_order_not_found())
  const order =
    (await getOrderForBuyer(context.shop.db, params.orderId, await readBuyerToken(request))) ??
    (await getOrderForAccount(context.shop.db, params.orderId, await getSignedInUser(request, context)))
  if (!order) return apiError(404, m.payments_order_not_found())
  return Response.json(
    {
      orderId: order.id,
      orderNumber: orderNumberLabel(order),
      status: order.status,
      email: order.email,
      shippingAddress: order.shippingAddress,
      lines: order.lines.map((l) => ({
        productId: l.productId,
        size: l.size === 'one' ? null : l.size,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPricePaise / 100,
      })),
      subtotal: order.subtotalPaise / 100,
      delivery: order.deliveryPaise / 100,
      total: order.totalPaise / 100,
      currency: order.currency,
      expiresAt: order.expiresAt,
      paidAt: order.paidAt,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export function action() {
  return apiError(405, m.payments_use_get())
}
