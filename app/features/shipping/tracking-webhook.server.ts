import type { Database } from '~/db/client.server'
import { log } from '~/log.server'
import { ShippingProviderError } from './provider'
import type { ShippingProviders } from './registry.server'
import { applyTrackingUpdate, type TrackingResult } from './shipments.server'

export type WebhookAnswer = { status: 200; outcome: TrackingResult | 'ignored' } | { status: 400 | 401; message: string }

/**
 * A tracking webhook: the provider whose token it carries (none: 401, nothing read further), its body read into a
 * tracking update (not one: 400), then applied once (shipments.server.ts). An AWB the shop did not book is answered
 * 200, as the provider would otherwise repeat it for days; the log says so.
 */
export async function receiveTrackingWebhook(
  db: Database,
  providers: ShippingProviders,
  shopUrl: string,
  delivery: { rawBody: string; headers: Headers },
): Promise<WebhookAnswer> {
  const provider = providers.all().find((p) => p.books && p.verifyWebhook(delivery))
  if (!provider) return { status: 401, message: 'This webhook is not from a courier the shop uses: check the token.' }
  let update: ReturnType<typeof provider.parseWebhook>
  try {
    update = provider.parseWebhook(delivery)
  } catch (err) {
    if (err instanceof ShippingProviderError) return { status: 400, message: `Not a tracking event the shop can read: ${err.message}` }
    throw err
  }
  if (!update) return { status: 200, outcome: 'ignored' }
  const outcome = await applyTrackingUpdate(db, shopUrl, provider.name, update)
  if (outcome === 'unknown-parcel') log.warn(`${provider.label} sent an event for AWB ${update.awb}, which the shop did not book: ignored.`)
  return { status: 200, outcome }
}
