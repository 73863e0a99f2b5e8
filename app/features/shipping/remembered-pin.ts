import { browserStoredValue } from '../cart/browser-stored-value'

/** The PIN code a customer last asked about, kept in the browser like the cart: the same in every tab and page. */
export const DELIVERY_PIN_KEY = 'deliveryPin'

/** The stored PIN, or '' for none or anything that is not one (the storage is the browser's to change). */
export function parseRememberedPin(raw: string | null): string {
  try {
    const value = JSON.parse(raw ?? '""') as unknown
    return typeof value === 'string' && /^[1-9]\d{5}$/.test(value) ? value : ''
  } catch {
    return ''
  }
}

export const rememberedPinStore = browserStoredValue<string>({
  key: DELIVERY_PIN_KEY,
  parse: parseRememberedPin,
  fallback: '',
  cannotSave: 'Your browser did not let us remember your PIN code. Please allow site storage and try again.',
})

/** A PIN as people type it ("600 001", "600-001") as six digits, or null when it is not one. */
export function typedPin(text: string): string | null {
  const pin = text.replace(/[\s-]/g, '')
  return /^[1-9]\d{5}$/.test(pin) ? pin : null
}
