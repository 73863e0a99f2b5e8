import type { PaymentChoice } from '../offers/order-pricing'
import { browserStoredValue } from './browser-stored-value'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * What the shopper chose for this checkout beside the cart: the coupon code typed (the server decides what it is
 * worth, every time) and how they will pay. Kept in localStorage like the cart, so every tab sees the same; the
 * order placed clears the code.
 */
export type CheckoutChoices = { couponCode: string | null; payment: PaymentChoice }

export const CHECKOUT_CHOICES_KEY = 'checkoutChoices'
const DEFAULT: CheckoutChoices = { couponCode: null, payment: 'online' }

/** A stored value, or the defaults for anything missing or odd (the storage is the browser's to change). */
export function parseChoices(raw: string | null): CheckoutChoices {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<CheckoutChoices> | null
    const code = typeof value?.couponCode === 'string' ? value.couponCode.trim().slice(0, 32) : ''
    return { couponCode: code || null, payment: value?.payment === 'cod' ? 'cod' : 'online' }
  } catch {
    return DEFAULT
  }
}

const stored = browserStoredValue<CheckoutChoices>({
  key: CHECKOUT_CHOICES_KEY,
  parse: parseChoices,
  fallback: DEFAULT,
  cannotSave: m.cart_cannot_save_choice,
})
const write = (change: Partial<CheckoutChoices>) => stored.write({ ...stored.getSnapshot(), ...change })

export const checkoutChoicesStore = {
  getSnapshot: stored.getSnapshot,
  getServerSnapshot: stored.getServerSnapshot,
  subscribe: stored.subscribe,
  setCouponCode(code: string | null) {
    write({ couponCode: code?.trim() || null })
  },
  setPayment(payment: PaymentChoice) {
    write({ payment })
  },
  /** After an order is placed: the code is used; the way of paying is kept for next time. */
  orderPlaced() {
    write({ couponCode: null })
  },
}
