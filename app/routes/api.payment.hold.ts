import { readBuyerToken } from '~/features/checkout/buyer-cookie.server'
import { extendHold } from '~/features/checkout/reservation-limits.server'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import { z } from '~/zod'
import type { Route } from './+types/api.payment.hold'
import { m } from '~/i18n/paraglide/messages.js'

const holdSchema = z.object({
  orderId: z
    .string({ error: () => m.payments_order_id_required() })
    .regex(/^[A-Za-z0-9_-]{10,64}$/, { error: () => m.payments_order_id_malformed() }),
})

/**
 * POST /api/payment/hold — the payment page, every minute while the buyer pays: keeps the order's stock reserved for
 * ORDER_EXPIRY_MINUTES more, up to ORDER_HOLD_MAX_MINUTES from its creation (decision 024). Only the browser that placed
 * the order (its buyer cookie, as for the payment page's order) may; 404 for anyone else.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, m.payments_use_post())
  const { config, db } = context.shop
  return handleApi(async () => {
    const parsed = holdSchema.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, m.payments_check_order_to_hold(), fieldErrorsOf(parsed.error))
    const held = await extendHold(db, {
      orderId: parsed.data.orderId,
      buyerToken: await readBuyerToken(request),
      windowMinutes: config.ORDER_EXPIRY_MINUTES,
      maxMinutes: Math.max(config.ORDER_HOLD_MAX_MINUTES, config.ORDER_EXPIRY_MINUTES),
    })
    if (held.outcome === 'not-found') return apiError(404, m.payments_order_not_found())
    if (held.outcome === 'not-pending') {
      return Response.json(
        { error: held.status === 'expired' ? m.payments_no_longer_reserved() : m.payments_not_awaiting_payment(), status: held.status },
        { status: 409 },
      )
    }
    return Response.json({ status: 'pending_payment', expiresAt: held.expiresAt }, { headers: { 'Cache-Control': 'private, no-store' } })
  })
}

export function loader() {
  return apiError(405, m.payments_use_post())
}
