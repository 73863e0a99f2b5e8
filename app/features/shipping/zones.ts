import { wordedWhenRead } from '~/i18n/worded'
import { m } from '~/i18n/paraglide/messages.js'
import { statesOfPinCode } from '../checkout/pin-codes'

/**
 * Where a parcel goes, as the delivery charge and the delivery date see it: within the shop's own state (`local`),
 * the rest of India (`national`), or the places couriers reach slowly and charge more for (`special`).
 */
export const DELIVERY_ZONES = ['local', 'national', 'special'] as const
export type DeliveryZone = (typeof DELIVERY_ZONES)[number]

/** The North-East, Jammu and Kashmir, Ladakh and the islands: couriers' "special zone" everywhere in India. */
export const SPECIAL_ZONE_STATES: ReadonlySet<string> = new Set([
  'Assam',
  'Arunachal Pradesh',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
])

/** What the owner reads for each zone, in the settings and beside a charge. */
export const ZONE_LABELS = wordedWhenRead<DeliveryZone>({
  local: m.shipping_zone_local,
  national: m.shipping_zone_national,
  special: m.shipping_zone_special,
})

// Lakshadweep's post offices (Kavaratti 682555, Agatti, Minicoy…) sit under Kochi's sorting district 682: only these
// nine PINs are the islands, the rest of 682 is Kerala's mainland. Without this the islands, reached by ship, would be
// priced and dated like a Kochi suburb.
const LAKSHADWEEP_PINS = { from: 682551, to: 682559 }

/**
 * The state a PIN code delivers to, for zoning. Where a sorting district serves two states (pin-codes.ts lists both),
 * the PIN alone cannot say which; the zone is then decided in zoneOfPin.
 */
function statesForZoning(pin: string): string[] {
  const states = statesOfPinCode(pin)
  if (states.includes('Lakshadweep')) {
    const n = Number(pin)
    return n >= LAKSHADWEEP_PINS.from && n <= LAKSHADWEEP_PINS.to ? ['Lakshadweep'] : states.filter((s) => s !== 'Lakshadweep')
  }
  return states
}

/**
 * The delivery zone of a PIN code for a shop in `shopState` (the state of its GST registration, taxSettings'
 * gstState: where its goods leave from); null when the PIN is not one India Post delivers to.
 *
 * The zone is decided by the PIN alone, so the product page (which knows only the PIN) and the checkout (which also
 * knows the state typed, and checks it against the PIN) always agree. Where the PIN's sorting district serves two
 * states:
 * - `local` when the shop's state is one of them (160 Chandigarh for a Punjab shop, 605 Puducherry for a Tamil Nadu
 *   one): the parcel goes to a sorting district the shop's own state shares, and travels as a local one does; a shop
 *   in Assam delivers locally within Assam, special zone or not;
 * - else `special` only when every state it may be in is special (194: Ladakh or Jammu and Kashmir): a mainland
 *   address is never charged the islands' or the hills' price on a guess;
 * - else `national`.
 */
export function zoneOfPin(pin: string, shopState: string): DeliveryZone | null {
  const states = statesForZoning(pin.trim())
  if (states.length === 0) return null
  if (states.includes(shopState)) return 'local'
  if (states.every((state) => SPECIAL_ZONE_STATES.has(state))) return 'special'
  return 'national'
}
