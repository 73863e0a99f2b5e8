import {
  CART_STORAGE_KEY,
  type CartLine,
  SUBTOTAL_STORAGE_KEY,
  addLine,
  cartSubtotalPaise,
  parseStoredCart,
  removeLine,
  setLineQuantity,
} from './cart'
import { browserStoredValue } from './browser-stored-value'
import { m } from '~/i18n/paraglide/messages.js'

/** The browser's cart (browser-stored-value.ts: every tab sees the same cart). */
const stored = browserStoredValue<CartLine[]>({
  key: CART_STORAGE_KEY,
  parse: parseStoredCart,
  fallback: [],
  // The spec keeps the subtotal beside the cart, in rupees.
  alsoStore: (cart) => window.localStorage.setItem(SUBTOTAL_STORAGE_KEY, String(cartSubtotalPaise(cart) / 100)),
  cannotSave: m.cart_cannot_save_cart,
})
const { getSnapshot: read, write } = stored

export const cartStore = {
  getSnapshot: stored.getSnapshot,
  getServerSnapshot: stored.getServerSnapshot,
  subscribe: stored.subscribe,
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
