import type { Database } from '~/db/client.server'
import { log } from '~/log.server'
import { deliveryChargeIsFrom, deliveryChargePaise } from '../checkout/pricing'
import { getShopSettings } from '../settings/shop-settings.server'
import { type CourierRatesLookup, type DeliveryEstimate, estimateDelivery, shortDayLabel } from './delivery-estimate'
import { type WeighedItem, weighedLines } from './weights.server'
import { m } from '~/i18n/paraglide/messages.js'

/** What GET /api/delivery-estimate answers, and what a page shows for a PIN. */
export type PinDeliveryAnswer = DeliveryEstimate & {
  pin: string
  /** "Delivered by Thu, 4 Dec"; null when the shop does not deliver there. */
  byLabel: string | null
  /** What delivery costs for these lines to this PIN (the checkout's rule, before any coupon); null without lines or delivery. */
  deliveryPaise: number | null
  /** The sentence the customer reads. */
  message: string
}

/** The customer's sentence for an estimate: "Delivered by Thu, 4 Dec · Cash on delivery available". */
export function estimateMessage(estimate: Pick<DeliveryEstimate, 'delivers' | 'codOffered' | 'by'>, pin: string) {
  if (!estimate.delivers || !estimate.by) return m.catalogue_no_delivery({ pin })
  const cod = estimate.codOffered ? m.catalogue_cod_available() : m.catalogue_cod_not_available()
  return m.catalogue_delivered_by_cod({ date: shortDayLabel(estimate.by), cod })
}

/**
 * Whether and when the shop delivers these lines to `pin`, whether COD is offered there, and what delivery costs:
 * the weight and the prices from the server's packs, the shop's rules of the moment, the courier's answer when a
 * courier is set up (`courierRates`, cached by the caller).
 */
export async function estimateForPin(
  db: Database,
  input: { pin: string; items: readonly WeighedItem[]; now: Date; courierRates?: CourierRatesLookup },
): Promise<PinDeliveryAnswer> {
  const settings = await getShopSettings(db)
  const lines = (await weighedLines(db, input.items)).filter((line) => line !== null)
  const weightGrams = lines.reduce((total, line) => total + line.packWeightGrams * line.item.quantity, 0)
  const subtotalPaise = lines.reduce((total, line) => total + line.pricePaise * line.item.quantity, 0)
  const estimate = await estimateDelivery({
    pin: input.pin,
    weightGrams,
    cod: false,
    now: input.now,
    shop: { gstState: settings.gstState, deliveryDays: settings.deliveryDays, cod: settings.payments.cod },
    courierRates: input.courierRates,
    onCourierError: (error) => log.warn({ err: error }, 'The courier could not be asked about a PIN; the zone’s days answer'),
  })
  const parcel = { weightGrams, zone: estimate.zone }
  const priced = estimate.delivers && lines.length > 0 && !deliveryChargeIsFrom(settings, parcel)
  const deliveryPaise = priced ? deliveryChargePaise(subtotalPaise, settings, true, parcel) : null
  return {
    ...estimate,
    pin: input.pin,
    byLabel: estimate.by ? m.catalogue_delivered_by({ date: shortDayLabel(estimate.by) }) : null,
    deliveryPaise,
    message: estimateMessage(estimate, input.pin),
  }
}
