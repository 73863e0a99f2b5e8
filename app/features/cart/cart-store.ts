import { CART_STORAGE_KEY, type CartLine, SUBTOTAL_STORAGE_KEY, addLine, cartSubtotalPaise, parseStoredCart, removeLine, setLineQuantity } from './cart'

/**
 * The browser's cart: localStorage is the source of truth, so every tab sees the same cart.
 * Subscribers are told of changes made here and in other tabs (the `storage` event).
 */
type Listener = () => void
const listeners = new Set<Listener>()
const EMPTY: CartLine[] = []
let cached: { raw: string | null; cart: CartLine[] } | undefined

function read(): CartLine[] {
  if (typeof window === 'undefined') return EMPTY
  let raw: string | null = null
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY)
  } catch {
    return EMPTY
  }
  if (cached?.raw !== raw) cached = { raw, cart: parseStoredCart(raw) }
  return cached.cart
}

function write(cart: CartLine[]) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart))
    // The spec keeps the subtotal beside the cart, in rupees.
    window.localStorage.setItem(SUBTOTAL_STORAGE_KEY, String(cartSubtotalPaise(cart) / 100))
  } catch {
    throw new Error('Your browser did not let us save the cart. Please allow site storage and try again.')
  }
  listeners.forEach((l) => l())
}

export const cartStore = {
  getSnapshot: read,
  getServerSnapshot: () => EMPTY,
  subscribe(listener: Listener) {
    listeners.add(listener)
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === CART_STORAGE_KEY) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  },
  add(line: CartLine) {
    write(addLine(read(), line))
  },
  setQuantity(key: Pick<CartLine, 'id' | 'size'>, quantity: number) {
    write(setLineQuantity(read(), key, quantity))
  },
  remove(key: Pick<CartLine, 'id' | 'size'>) {
    write(removeLine(read(), key))
  },
  clear() {
    write([])
  },
}
