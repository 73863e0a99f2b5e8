import { receiveTrackingWebhook } from '~/features/shipping/tracking-webhook.server'
import { apiError, handleApi, readBodyBytes } from '~/http/json.server'
import { webhookAt } from '~/http/webhooks'
import type { Route } from './+types/api.webhooks.courier'

/** POST /api/webhooks/courier — a courier aggregator's tracking event (Shiprocket's), proved by its token header. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return apiError(405, 'Use POST.')
  const declared = webhookAt(new URL(request.url).pathname)
  if (!declared) return apiError(404, 'Not found.')
  return handleApi(async () => {
    const rawBody = (await readBodyBytes(request, declared.maxBodyBytes)).toString('utf8')
    const answer = await receiveTrackingWebhook(context.shop.db, context.shop.shipping, context.shop.config.PUBLIC_URL, {
      rawBody,
      headers: request.headers,
    })
    return answer.status === 200 ? { ok: true, outcome: answer.outcome } : apiError(answer.status, answer.message)
  })
}

export function loader() {
  return apiError(405, 'Use POST.')
}
