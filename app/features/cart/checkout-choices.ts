import type { PaymentChoice } from '../offers/order-pricing'

/**
 * What the shopper chose for this checkout beside the cart: the coupon code typed (the server decides what it is
 * worth, every time) and how they will pay. Kept in localStorage like the cart, so every tab sees the same; the
 * order placed clears the code.
 */
export type CheckoutChoices = { couponCode: string | null; payment: PaymentChoice }

export const CHECKOUT_CHOICES_KEY = 'checkoutChoices'
const DEFAULT: CheckoutChoices = { couponCode: null, payment: 'online' }

type Listener = () => void
const listeners = new Set<Listener>()
let cached: { raw: string | null; value: CheckoutChoices } | undefined

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

function read(): CheckoutChoices {
  if (typeof window === 'undefined') return DEFAULT
  let raw: string | null = null
  try {
    raw = window.localStorage.getItem(CHECKOUT_CHOICES_KEY)
  } catch {
    return DEFAULT
  }
  if (cached?.raw !== raw) cached = { raw, value: parseChoices(raw) }
  return cached.value
}

function write(change: Partial<CheckoutChoices>) {
  try {
    window.localStorage.setItem(CHECKOUT_CHOICES_KEY, JSON.stringify({ ...read(), ...change }))
  } catch {
    throw new Error('Your browser did not let us save your choice. Please allow site storage and try again.')
  }
  listeners.forEach((l) => l())
}

export const checkoutChoicesStore = {
  getSnapshot: read,
  getServerSnapshot: () => DEFAULT,
  subscribe(listener: Listener) {
    listeners.add(listener)
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === CHECKOUT_CHOICES_KEY) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  },
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
