import { PaymentRejectedError, verifyCheckoutPayment, verifyPaymentSchema } from '~/features/payments/payments.server'
import type { VerifyPaymentAnswer } from '~/features/checkout/checkout-api'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import type { Route } from './+types/api.payment.verify'

/** POST /api/payment/verify — the payment window's result; the order is paid only with a valid signature. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, 'Use POST.')
  return handleApi(async () => {
    const parsed = verifyPaymentSchema.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, 'The payment result is incomplete.', fieldErrorsOf(parsed.error))
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
          return answer(402, { error: 'The payment did not go through. You can try again.' })
        case 'attention':
          return answer(409, {
            error: 'We could not match this payment to your order. We will look into it and contact you; please do not pay again.',
          })
        default:
          return answer(400, { error: 'The payment could not be verified.' })
      }
    } catch (err) {
      if (err instanceof PaymentRejectedError) return apiError(400, err.message)
      throw err
    }
  })
}

export function loader() {
  return apiError(405, 'Use POST.')
}
