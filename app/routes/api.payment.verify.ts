import { PaymentRejectedError, verifyCheckoutPayment, verifyPaymentSchema } from '~/features/payments/payments.server'
import { apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import type { Route } from './+types/api.payment.verify'

/** POST /api/payment/verify — the payment window's result; the order is paid only with a valid signature. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, 'Use POST.')
  return handleApi(async () => {
    const parsed = verifyPaymentSchema.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, 'The payment result is incomplete.', fieldErrorsOf(parsed.error))
    try {
      const result = await verifyCheckoutPayment(context.shop.db, context.shop.payments, parsed.data)
      return { ok: true, orderId: result.orderId, status: 'paid' }
    } catch (err) {
      if (err instanceof PaymentRejectedError) return apiError(400, err.message)
      throw err
    }
  })
}

export function loader() {
  return apiError(405, 'Use POST.')
}
