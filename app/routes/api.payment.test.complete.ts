import { z } from '~/zod'
import { getOrderForBuyer, getOrder } from '~/features/orders/order-lookup.server'
import { readBuyerToken } from '~/features/checkout/buyer-cookie.server'
import { payInTestMode } from '~/features/payments/payments.server'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import type { TestPaymentAnswer } from '~/features/checkout/checkout-api'
import type { Route } from './+types/api.payment.test.complete'
import { m } from '~/i18n/paraglide/messages.js'

const body = z.object({
  orderId: z
    .string({ error: () => m.payments_order_id_required() })
    .regex(/^[A-Za-z0-9_-]{10,64}$/, { error: () => m.payments_order_id_malformed() }),
})

/**
 * POST /api/payment/test/complete — test mode only: pays an order as the test payment window does, producing a
 * signed result that goes through the same verification as a real payment. Absent when Razorpay is configured.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { shop } = context
  const testPayments = shop.testPayments
  if (!testPayments) return apiError(404, m.payments_not_found())
  if (request.method !== 'POST') return apiError(405, m.payments_use_post())
  return handleApi(async () => {
    const parsed = body.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, m.payments_order_id_required_full_stop(), fieldErrorsOf(parsed.error))
    // The browser that placed the order, or a script that knows the order id (test mode only).
    const order =
      (await getOrderForBuyer(shop.db, parsed.data.orderId, await readBuyerToken(request))) ??
      (await getOrder(shop.db, parsed.data.orderId))
    if (!order?.providerOrderId) return apiError(404, m.payments_order_not_found())
    if (order.status === 'expired') return apiError(409, m.payments_order_expired())
    const signed = await payInTestMode(shop.db, shop.payments, shop.config.PUBLIC_URL, testPayments, {
      id: order.id,
      providerOrderId: order.providerOrderId,
      totalPaise: order.totalPaise,
    })
    return {
      ok: true,
      status: signed.outcome === 'paid' ? 'paid' : order.status,
      orderId: order.id,
      razorpay_order_id: order.providerOrderId,
      razorpay_payment_id: signed.paymentId,
      razorpay_signature: signed.signature,
    } satisfies TestPaymentAnswer
  })
}

export function loader({ context }: Route.LoaderArgs) {
  return context.shop.testPayments ? apiError(405, m.payments_use_post()) : apiError(404, m.payments_not_found())
}
