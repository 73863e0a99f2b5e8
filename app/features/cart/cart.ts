import { z } from 'zod'
import { PACK_SIZES } from '../catalogue/categories'

/**
 * The cart kept in the browser (localStorage `cartItems`, as the spec has it). It remembers what the
 * customer chose and what the shelf showed; the server prices every cart from the database.
 */
export const cartLineSchema = z.object({
  id: z.string().min(1).max(64),
  /** Pack size for sized products; absent for single-price products. */
  size: z.enum(PACK_SIZES).optional(),
  name: z.string().max(200),
  imageUrl: z.string().max(300),
  url: z.string().max(300),
  /** Unit price in paise when added, for display until the server's quote arrives. */
  pricePaise: z.number().int().nonnegative(),
  /** Units in stock when added; the upper bound of the quantity stepper. */
  stockCount: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
})
export type CartLine = z.infer<typeof cartLineSchema>

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
    return data.flatMap((item) => {
      const parsed = cartLineSchema.safeParse(item)
      return parsed.success ? [parsed.data] : []
    })
  } catch {
    return []
  }
}

/** Adding an item already in the cart raises its quantity, never above the stock. */
export function addLine(cart: CartLine[], line: CartLine): CartLine[] {
  const existing = cart.find((l) => sameLine(l, line))
  if (!existing) return [...cart, { ...line, quantity: Math.min(line.quantity, line.stockCount) }].filter((l) => l.quantity > 0)
  return cart.map((l) =>
    sameLine(l, line)
      ? { ...line, quantity: Math.min(l.quantity + line.quantity, line.stockCount) || l.quantity }
      : l,
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
