import { PACK_SIZES, type PackSize } from '../catalogue/categories'

/**
 * The cart kept in the browser (localStorage `cartItems`, as the spec has it). It remembers what the
 * customer chose and what the shelf showed; the server prices every cart from the database.
 */
export type CartLine = {
  id: string
  /** Pack size for sized products; absent for single-price products. */
  size?: PackSize
  name: string
  imageUrl: string
  url: string
  /** Unit price in paise when added, for display until the server's quote arrives. */
  pricePaise: number
  /** Units in stock when added; the upper bound of the quantity stepper. */
  stockCount: number
  quantity: number
}

const isText = (value: unknown, max: number, min = 0): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max
const isCount = (value: unknown, min: number): value is number => Number.isSafeInteger(value) && (value as number) >= min

/**
 * Whether a stored item is a cart line. The browser's own storage, not network input (the server parses every
 * cart it prices with its own schema): a plain check keeps Zod out of every page's scripts.
 */
function isCartLine(item: unknown): item is CartLine {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return false
  const line = item as Record<string, unknown>
  return (
    isText(line.id, 64, 1) &&
    (line.size === undefined || PACK_SIZES.includes(line.size as PackSize)) &&
    isText(line.name, 200) &&
    isText(line.imageUrl, 300) &&
    isText(line.url, 300) &&
    isCount(line.pricePaise, 0) &&
    isCount(line.stockCount, 0) &&
    isCount(line.quantity, 1)
  )
}

export const CART_STORAGE_KEY = 'cartItems'
export const SUBTOTAL_STORAGE_KEY = 'subtotal'

export function sameLine(a: Pick<CartLine, 'id' | 'size'>, b: Pick<CartLine, 'id' | 'size'>) {
  return a.id === b.id && a.size === b.size
}

/** Reads what the browser stored, dropping anything malformed rather than failing the page. */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return []
  try {
    const data: unknown = JSON.parse(raw)
    if (!Array.isArray(data)) return []
    // Only the line's own fields: anything else stored beside them is left behind.
    return data
      .filter(isCartLine)
      .map(({ id, size, name, imageUrl, url, pricePaise, stockCount, quantity }) =>
        size === undefined
          ? { id, name, imageUrl, url, pricePaise, stockCount, quantity }
          : { id, size, name, imageUrl, url, pricePaise, stockCount, quantity },
      )
  } catch {
    return []
  }
}

/** Adding an item already in the cart raises its quantity, never above the stock. */
export function addLine(cart: CartLine[], line: CartLine): CartLine[] {
  const existing = cart.find((l) => sameLine(l, line))
  if (!existing) return [...cart, { ...line, quantity: Math.min(line.quantity, line.stockCount) }].filter((l) => l.quantity > 0)
  return cart.map((l) =>
    sameLine(l, line) ? { ...line, quantity: Math.min(l.quantity + line.quantity, line.stockCount) || l.quantity } : l,
  )
}

/** The most of one item an order may hold (the checkout API's bound). */
export const MAX_LINE_QUANTITY = 100

/**
 * Quantity 0 or less removes the line. The stepper stops at the stock the server reports; this only keeps
 * the number sane.
 */
export function setLineQuantity(cart: CartLine[], key: Pick<CartLine, 'id' | 'size'>, quantity: number): CartLine[] {
  if (quantity <= 0) return removeLine(cart, key)
  return cart.map((l) => (sameLine(l, key) ? { ...l, quantity: Math.min(Math.floor(quantity), MAX_LINE_QUANTITY) } : l))
}

export function removeLine(cart: CartLine[], key: Pick<CartLine, 'id' | 'size'>) {
  return cart.filter((l) => !sameLine(l, key))
}

/** The count beside the cart icon: every unit in the cart, derived, never a separate counter. */
export function cartCount(cart: CartLine[]) {
  return cart.reduce((n, l) => n + l.quantity, 0)
}

export function cartSubtotalPaise(cart: CartLine[]) {
  return cart.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0)
}

/** The cart as the server's APIs take it (cart quote, order creation): what was chosen, never its price. */
export function cartItemsForServer(lines: CartLine[]) {
  return lines.map((l) => ({ productId: l.id, ...(l.size ? { size: l.size } : {}), quantity: l.quantity }))
}
