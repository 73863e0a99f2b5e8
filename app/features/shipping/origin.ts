import type { ShopSettings } from '../settings/shop-settings'

/** The shop's PIN code (the pickup's), read from its first address: where rates and delivery days are counted from. */
export function shopPinCode(settings: Pick<ShopSettings, 'addresses'>) {
  for (const line of settings.addresses[0]?.lines ?? []) {
    const pin = line.match(/\b([1-9]\d{5})\b/)
    if (pin) return pin[1]!
  }
  return null
}
