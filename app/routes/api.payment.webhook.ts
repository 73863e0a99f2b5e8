import { handlePaymentWebhook, PaymentRejectedError } from '~/features/payments/payments.server'
import { apiError, handleApi, readBodyBytes } from '~/http/json.server'
import { webhookAt } from '~/http/webhooks'
import type { Route } from './+types/api.payment.webhook'

/**
 * POST /api/webhooks/payments/:provider — a payment provider's server-to-server notice; confirms orders even if the
 * customer left. Also at POST /api/payment/webhook, the address owners have configured at Razorpay, for the provider
 * new orders open with.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, 'Use POST.')
  const { payments } = context.shop
  const provider = 'provider' in params && params.provider ? payments.get(params.provider) : payments.checkout
  const declared = webhookAt(new URL(request.url).pathname)
  if (!provider || !declared) return apiError(404, 'Not found.')
  return handleApi(async () => {
    // Read no further than the declared limit (app/http/webhooks.ts), declared length or not (a 413 past it).
    const rawBody = (await readBodyBytes(request, declared.maxBodyBytes)).toString('utf8')
    try {
      const result = await handlePaymentWebhook(context.shop.db, provider, context.shop.config.PUBLIC_URL, {
        rawBody,
        headers: request.headers,
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
