import { m } from '~/i18n/paraglide/messages.js'
/**
 * Which states and union territories a PIN code can belong to, by its first three digits (India Post's postal
 * circles and sorting districts; docs/decisions/035-addresses-a-courier-can-deliver-to.md). Where one sorting
 * district serves two states or territories (Chandigarh and Mohali, Puducherry's enclaves in Tamil Nadu, Kerala and
 * Andhra Pradesh, Lakshadweep's PINs under Kochi, Daman and Diu under Gujarat's, Bihar and Jharkhand before 2000,
 * the mandals moved from Telangana to Andhra Pradesh in 2014) both are listed: the check refuses what is certainly
 * wrong, never a real address. The first digits 9xx are the Army Postal Service: no delivery address of a shop.
 */
const RANGES: Array<[from: number, to: number, states: string[]]> = [
  [110, 110, ['Delhi']],
  [121, 136, ['Haryana']],
  [140, 159, ['Punjab']],
  [160, 160, ['Chandigarh', 'Punjab', 'Haryana']],
  [171, 177, ['Himachal Pradesh']],
  [180, 193, ['Jammu and Kashmir']],
  [194, 194, ['Ladakh', 'Jammu and Kashmir']],
  [201, 243, ['Uttar Pradesh']],
  [244, 244, ['Uttar Pradesh', 'Uttarakhand']],
  [245, 245, ['Uttar Pradesh']],
  [246, 249, ['Uttarakhand', 'Uttar Pradesh']],
  [250, 261, ['Uttar Pradesh']],
  [262, 263, ['Uttarakhand', 'Uttar Pradesh']],
  [264, 285, ['Uttar Pradesh']],
  [301, 345, ['Rajasthan']],
  [360, 361, ['Gujarat']],
  [362, 362, ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu']],
  [363, 395, ['Gujarat']],
  [396, 396, ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu']],
  [400, 402, ['Maharashtra']],
  [403, 403, ['Goa']],
  [404, 445, ['Maharashtra']],
  [450, 488, ['Madhya Pradesh']],
  [490, 497, ['Chhattisgarh']],
  [500, 506, ['Telangana']],
  [507, 507, ['Telangana', 'Andhra Pradesh']],
  [508, 509, ['Telangana']],
  [515, 532, ['Andhra Pradesh']],
  [533, 533, ['Andhra Pradesh', 'Puducherry']],
  [534, 535, ['Andhra Pradesh']],
  [560, 591, ['Karnataka']],
  [600, 604, ['Tamil Nadu']],
  [605, 605, ['Puducherry', 'Tamil Nadu']],
  [606, 606, ['Tamil Nadu']],
  [607, 607, ['Tamil Nadu', 'Puducherry']],
  [608, 608, ['Tamil Nadu']],
  [609, 609, ['Tamil Nadu', 'Puducherry']],
  [610, 643, ['Tamil Nadu']],
  [670, 672, ['Kerala']],
  [673, 673, ['Kerala', 'Puducherry']],
  [674, 681, ['Kerala']],
  [682, 682, ['Kerala', 'Lakshadweep']],
  [683, 695, ['Kerala']],
  [700, 736, ['West Bengal']],
  [737, 737, ['Sikkim']],
  [738, 743, ['West Bengal']],
  [744, 744, ['Andaman and Nicobar Islands']],
  [751, 770, ['Odisha']],
  [781, 788, ['Assam']],
  [790, 792, ['Arunachal Pradesh']],
  [793, 794, ['Meghalaya']],
  [795, 795, ['Manipur']],
  [796, 796, ['Mizoram']],
  [797, 798, ['Nagaland']],
  [799, 799, ['Tripura']],
  [800, 812, ['Bihar']],
  [813, 835, ['Bihar', 'Jharkhand']],
  [836, 855, ['Bihar']],
]

/** The states and territories a 6-digit PIN code belongs to; empty when no delivery area has it. */
export function statesOfPinCode(pin: string): string[] {
  if (!/^[1-9]\d{5}$/.test(pin)) return []
  const prefix = Number(pin.slice(0, 3))
  return RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? []
}

/** Each state's and territory's PIN prefixes, for the tests and for a reader checking the table. */
export const PIN_RANGES: ReadonlyArray<readonly [number, number, readonly string[]]> = RANGES

const listed = (states: string[]) =>
  states.length === 1 ? states[0]! : m.checkout_states_or({ first: states.slice(0, -1).join(', '), last: states.at(-1)! })

/** Why this PIN code cannot be in this state, naming both; null when it can. `state` is the canonical name. */
export function pinCodeProblem(pin: string, state: string): string | null {
  const states = statesOfPinCode(pin)
  if (states.length === 0) return m.checkout_pin_not_delivered({ pin })
  if (states.includes(state)) return null
  return m.checkout_pin_wrong_state({ pin, states: listed(states), state })
}
