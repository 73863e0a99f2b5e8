import { onServerOnly, settingsSlice } from '../settings/settings-slice'

/** What the cart, the checkout and a new order charge for delivery; an order keeps the charge it was placed with. */
export type DeliveryRule = {
  /** Charged on an order whose subtotal is below freeDeliveryFromPaise (the spec: ₹40 below ₹350). */
  deliveryChargePaise: number
  freeDeliveryFromPaise: number
}

const DEFAULT_DELIVERY_RULE: DeliveryRule = { deliveryChargePaise: 4_000, freeDeliveryFromPaise: 35_000 }

const DELIVERY_FIELDS = ['deliveryCharge', 'freeDeliveryFrom'] as const
export type DeliveryField = (typeof DELIVERY_FIELDS)[number]

/** The delivery section of /dash/settings: quotes and new orders on every server read the rule, placed orders keep theirs. */
export const deliverySettings = settingsSlice({
  key: 'delivery',
  defaults: DEFAULT_DELIVERY_RULE,
  fields: DELIVERY_FIELDS,
  form: async () => (import.meta.env.SSR ? (await import('./delivery-settings-form')).deliverySettingsForm : onServerOnly()),
})
