import type { Database } from '~/db/client.server'
import { getProductsById } from '../catalogue/catalogue.server'
import { isSized, offerFor, productPath } from '../catalogue/product'
import { mediaUrl } from '../media/media-url'
import type { OrderItem } from './checkout-schemas'
import { moreForFreeDeliveryPaise, orderTotals } from './pricing'
import { getShopSettings } from '../settings/shop-settings.server'

export type QuotedLine = {
  productId: string
  size?: OrderItem['size']
  quantity: number
  /** `gone`: the product (or that size) no longer exists; `short`: fewer in stock than asked. */
  status: 'ok' | 'gone' | 'short'
  available: number
  name: string | null
  url: string | null
  imageUrl: string | null
  unitPricePaise: number | null
  linePaise: number
}

/** Items with the same product and size are one line. */
export function mergeItems(items: OrderItem[]) {
  const merged = new Map<string, OrderItem>()
  for (const item of items) {
    const key = `${item.productId}:${item.size ?? ''}`
    const existing = merged.get(key)
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + item.quantity } : { ...item })
  }
  return [...merged.values()]
}

/**
 * Prices a cart from the database. Whatever prices the browser kept are ignored; lines that are gone or
 * short are reported and not charged.
 */
export async function quoteCart(db: Database, items: OrderItem[], mediaBase: string) {
  const wanted = mergeItems(items)
  const products = new Map((await getProductsById(db, [...new Set(wanted.map((i) => i.productId))])).map((p) => [p.id, p]))
  const lines = wanted.map<QuotedLine>((item) => {
    const product = products.get(item.productId)
    const offer = product && (isSized(product) ? item.size && offerFor(product, item.size) : !item.size && offerFor(product, 'one'))
    if (!product || !offer) {
      return { ...item, status: 'gone', available: 0, name: product?.name ?? null, url: null, imageUrl: null, unitPricePaise: null, linePaise: 0 }
    }
    const status = offer.stock >= item.quantity ? 'ok' : 'short'
    return {
      ...item,
      status,
      available: offer.stock,
      name: product.name,
      url: productPath(product),
      imageUrl: product.frontImage ? mediaUrl(mediaBase, product.frontImage, 320) : null,
      unitPricePaise: offer.pricePaise,
      linePaise: status === 'ok' ? offer.pricePaise * item.quantity : 0,
    }
  })
  const subtotalPaise = lines.reduce((sum, l) => sum + l.linePaise, 0)
  const rule = await getShopSettings(db)
  // What the cart says below the subtotal ("Add ₹X more for free delivery"), priced here like everything else.
  return { lines, ...orderTotals(subtotalPaise, rule), moreForFreeDeliveryPaise: moreForFreeDeliveryPaise(subtotalPaise, rule), ready: lines.every((l) => l.status === 'ok') }
}
export type CartQuote = Awaited<ReturnType<typeof quoteCart>>
