import { handlePaymentWebhook, PaymentRejectedError } from '~/features/payments/payments.server'
import { apiError, handleApi, readBodyBytes } from '~/http/json.server'
import type { Route } from './+types/api.payment.webhook'

const MAX_WEBHOOK_BYTES = 64 * 1024

/** POST /api/payment/webhook — Razorpay's server-to-server notice; confirms orders even if the customer left. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, 'Use POST.')
  // Read no further than the limit, declared length or not (a 413 past it).
  return handleApi(async () => {
    const rawBody = (await readBodyBytes(request, MAX_WEBHOOK_BYTES)).toString('utf8')
    try {
      const result = await handlePaymentWebhook(context.shop.db, context.shop.payments, {
        rawBody,
        signature: request.headers.get('x-razorpay-signature'),
        eventId: request.headers.get('x-razorpay-event-id'),
      })
      return { ok: true, outcome: result.outcome }
    } catch (err) {
      if (err instanceof PaymentRejectedError) return apiError(400, err.message)
      throw err
    }
  })
}

export function loader() {
  return apiError(405, 'Use POST.')
}
