import type { DeliveryZone } from '../shipping/zones'
import { onServerOnly, settingsSlice } from '../settings/settings-slice'
import type { DeliveryMode } from './delivery-modes'

/** A zone's charge by the parcel's weight: up to 500 g, up to 1 kg, then each further 500 g (or part of it) adds. */
export type WeightSlabs = { upTo500gPaise: number; upTo1kgPaise: number; eachFurther500gPaise: number }

/** Days from dispatch to delivery in a zone, as the owner promises them when no courier answers for the PIN. */
export type ZoneDays = { from: number; to: number }

/** What the cart, the checkout and a new order charge for delivery; an order keeps the charge it was placed with. */
export type DeliveryRule = {
  /** The flat rule's charge, on an order whose goods are below freeDeliveryFromPaise (the spec: ₹40 below ₹350). */
  deliveryChargePaise: number
  /** Delivery is free from this subtotal, whichever the mode. */
  freeDeliveryFromPaise: number
  deliveryMode: DeliveryMode
  deliverySlabs: Record<DeliveryZone, WeightSlabs>
  deliveryDays: Record<DeliveryZone, ZoneDays>
}

// Flat until the owner chooses slabs, so a shop's charge never changes by itself; slabs near what couriers charge a
// small shop through an aggregator, days near their usual promises.
const DEFAULT_DELIVERY_RULE: DeliveryRule = {
  deliveryChargePaise: 4_000,
  freeDeliveryFromPaise: 35_000,
  deliveryMode: 'flat',
  deliverySlabs: {
    local: { upTo500gPaise: 4_000, upTo1kgPaise: 6_000, eachFurther500gPaise: 2_500 },
    national: { upTo500gPaise: 6_000, upTo1kgPaise: 9_000, eachFurther500gPaise: 4_000 },
    special: { upTo500gPaise: 9_000, upTo1kgPaise: 14_000, eachFurther500gPaise: 6_000 },
  },
  deliveryDays: { local: { from: 2, to: 3 }, national: { from: 4, to: 6 }, special: { from: 7, to: 10 } },
}

/** The form's fields of one zone: `localUpTo500g`, `nationalDaysTo`… */
const zoneFields = <Z extends DeliveryZone>(zone: Z) =>
  [`${zone}UpTo500g`, `${zone}UpTo1kg`, `${zone}EachFurther500g`, `${zone}DaysFrom`, `${zone}DaysTo`] as const

const DELIVERY_FIELDS = [
  'deliveryMode',
  'deliveryCharge',
  'freeDeliveryFrom',
  ...zoneFields('local'),
  ...zoneFields('national'),
  ...zoneFields('special'),
] as const
export type DeliveryField = (typeof DELIVERY_FIELDS)[number]

/** The delivery section of /dash/settings: quotes and new orders on every server read the rule, placed orders keep theirs. */
export const deliverySettings = settingsSlice({
  key: 'delivery',
  defaults: DEFAULT_DELIVERY_RULE,
  fields: DELIVERY_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./delivery-settings-form')).deliverySettingsForm : onServerOnly()),
})
