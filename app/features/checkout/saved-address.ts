import { z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'

/** The shipping address as the browser keeps it between visits (spec: browser storage, state also under `State`). */
export const SHIPPING_ADDRESS_KEY = 'shippingAddress'
export const STATE_KEY = 'State'

export const ADDRESS_FIELDS = [
  { name: 'fullName', label: m.checkout_field_full_name, required: true, autoComplete: 'name', type: 'text' },
  { name: 'buildingNumber', label: m.checkout_field_building_number, required: false, autoComplete: 'address-line1', type: 'text' },
  { name: 'streetName', label: m.checkout_field_street_name, required: false, autoComplete: 'address-line2', type: 'text' },
  { name: 'landmark', label: m.checkout_field_landmark, required: false, autoComplete: 'address-line3', type: 'text' },
  { name: 'city', label: m.checkout_field_city, required: true, autoComplete: 'address-level2', type: 'text' },
  {
    name: 'postalCode',
    label: m.checkout_field_postal_code,
    required: true,
    autoComplete: 'postal-code',
    type: 'text',
    inputMode: 'numeric',
  },
  { name: 'state', label: m.checkout_field_state, required: true, autoComplete: 'address-level1', type: 'text' },
  { name: 'phoneNumber', label: m.checkout_field_phone_number, required: true, autoComplete: 'tel', type: 'tel' },
  { name: 'alternateNumber', label: m.checkout_field_alternate_number, required: false, autoComplete: 'off', type: 'tel' },
  { name: 'email', label: m.checkout_field_email, required: true, autoComplete: 'email', type: 'email' },
] as const
export type AddressFieldName = (typeof ADDRESS_FIELDS)[number]['name']
export type AddressDraft = Record<AddressFieldName, string>

export const EMPTY_ADDRESS: AddressDraft = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.name, ''])) as AddressDraft

const stored = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.name, z.string().max(300).catch('')])) as Record<
    AddressFieldName,
    z.ZodCatch<z.ZodString>
  >,
)

export function loadSavedAddress(): AddressDraft {
  try {
    const raw = window.localStorage.getItem(SHIPPING_ADDRESS_KEY)
    if (!raw) return EMPTY_ADDRESS
    const parsed = stored.partial().safeParse(JSON.parse(raw))
    return parsed.success ? { ...EMPTY_ADDRESS, ...parsed.data } : EMPTY_ADDRESS
  } catch {
    return EMPTY_ADDRESS
  }
}

export function saveAddress(address: AddressDraft) {
  window.localStorage.setItem(SHIPPING_ADDRESS_KEY, JSON.stringify(address))
  window.localStorage.setItem(STATE_KEY, address.state)
}
