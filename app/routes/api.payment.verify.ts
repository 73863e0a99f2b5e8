import { PaymentRejectedError, verifyCheckoutPayment, verifyPaymentSchema } from '~/features/payments/payments.server'
import type { VerifyPaymentAnswer } from '~/features/checkout/checkout-api'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import type { Route } from './+types/api.payment.verify'
import { m } from '~/i18n/paraglide/messages.js'

/** POST /api/payment/verify — the payment window's result; the order is paid only with a valid signature. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, m.payments_use_post())
  return handleApi(async () => {
    const parsed = verifyPaymentSchema.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, m.payments_result_incomplete(), fieldErrorsOf(parsed.error))
    try {
      const result = await verifyCheckoutPayment(context.shop.db, context.shop.payments, context.shop.config.PUBLIC_URL, parsed.data)
      const answer = (status: number, body: VerifyPaymentAnswer) =>
        Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } })
      switch (result.outcome) {
        case 'paid':
        case 'already-paid':
          return answer(200, { ok: true, orderId: result.orderId, status: 'paid' })
        case 'checking':
        case 'not-yet':
          return answer(202, { ok: true, orderId: result.orderId, status: 'checking' })
        case 'failed':
          return answer(402, { error: m.payments_did_not_go_through() })
        case 'attention':
          return answer(409, {
            error: m.payments_not_matched(),
          })
        default:
          return answer(400, { error: m.payments_not_verified() })
      }
    } catch (err) {
      if (err instanceof PaymentRejectedError) return apiError(400, err.message)
      throw err
    }
  })
}

export function loader() {
  return apiError(405, m.payments_use_post())
}
