import type { Database } from '~/db/client.server'
import { getProductsById } from '../catalogue/catalogue.server'
import { isSized, offerFor, productPath } from '../catalogue/product'
import { mediaUrl } from '../media/media-url'
import type { OrderItem } from './checkout-schemas'
import { deliveryChargeIsFrom, moreForFreeDeliveryPaise, type ParcelRoute } from './pricing'
import { cartWeightGrams } from '../shipping/weights.server'
import { zoneOfPin } from '../shipping/zones'
import { getShopSettings } from '../settings/shop-settings.server'
import { priceChoice, type PricedChoice } from '../offers/checkout-offers.server'
import { couponCustomerOf } from '../offers/coupon-uses.server'
import { COUPON_MESSAGES, type CouponRefusal } from '../offers/coupons'
import type { PaymentChoice } from '../offers/order-pricing'

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

/** What the shopper has chosen so far: a code typed, how to pay, and (from the address step) who and where. */
export type QuoteChoice = {
  couponCode?: string
  payment?: PaymentChoice
  email?: string
  phone?: string
  postalCode?: string
  /** Set when the client has tried too many codes (the couponCode rate limit): the code is not looked at, this is said. */
  couponHeldBack?: string
}

/** One way of paying, as the payment step offers it. */
export type PaymentOption =
  | {
      available: true
      totalPaise: number
      couponDiscountPaise: number
      prepaidDiscountPaise: number
      codFeePaise: number
      couponMessage: string | null
    }
  | { available: false; message: string }

type CouponQuote =
  | { applied: true; code: string; discountPaise: number }
  /** `refusal`: 'held-back' when the client tried too many codes; 'not-valid' for a code the shop does not honour. */
  | { applied: false; typed: string; refusal: CouponRefusal | 'held-back'; message: string }

function couponQuote(typed: string | null, result: PricedChoice['coupon'], heldBack: string | undefined): CouponQuote | null {
  if (!typed) return null
  if (heldBack) return { applied: false, typed, refusal: 'held-back', message: heldBack }
  if (result?.ok) return { applied: true, code: result.code!, discountPaise: result.discountPaise }
  return result
    ? { applied: false, typed, refusal: result.refusal, message: result.message }
    : { applied: false, typed, refusal: 'not-valid', message: COUPON_MESSAGES['not-valid'] }
}

function optionOf(choice: PricedChoice): PaymentOption {
  if (choice.cod && !choice.cod.ok) return { available: false, message: choice.cod.message }
  const { totalPaise, couponDiscountPaise, prepaidDiscountPaise, codFeePaise } = choice.priced
  return {
    available: true,
    totalPaise,
    couponDiscountPaise,
    prepaidDiscountPaise,
    codFeePaise,
    couponMessage: choice.coupon && !choice.coupon.ok ? choice.coupon.message : null,
  }
}

/**
 * Prices a cart from the database. Whatever prices the browser kept are ignored; lines that are gone or
 * short are reported and not charged. The code typed, the prepaid offer and cash on delivery are priced here too
 * (decision 042), for both ways of paying, so the payment step can show what each costs; the totals at the top are
 * those of the way chosen (online unless said).
 */
export async function quoteCart(db: Database, items: OrderItem[], mediaBase: string, choice: QuoteChoice = {}) {
  const wanted = mergeItems(items)
  const products = new Map(
    (await getProductsById(db, [...new Set(wanted.map((i) => i.productId))], { language: 'en' })).map((p) => [p.id, p]),
  )
  const categories = new Map<string, string>()
  const lines = wanted.map<QuotedLine>((item) => {
    const product = products.get(item.productId)
    const offer = product && (isSized(product) ? item.size && offerFor(product, item.size) : !item.size && offerFor(product, 'one'))
    if (!product || !offer) {
      return {
        ...item,
        status: 'gone',
        available: 0,
        name: product?.name ?? null,
        url: null,
        imageUrl: null,
        unitPricePaise: null,
        linePaise: 0,
      }
    }
    categories.set(product.id, product.category)
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
  const settings = await getShopSettings(db)
  // Delivery by weight slabs prices what will ship (the lines in stock) to the zone of the PIN given, if any.
  const parcel: ParcelRoute = {
    weightGrams: await cartWeightGrams(
      db,
      lines.filter((l) => l.status === 'ok'),
    ),
    zone: choice.postalCode ? zoneOfPin(choice.postalCode, settings.gstState) : null,
  }
  const offerLines = lines
    .filter((l) => l.linePaise > 0)
    .map((l) => ({ productId: l.productId, category: categories.get(l.productId)!, totalPaise: l.linePaise }))
  const typed = choice.couponCode?.trim() || null
  const couponCode = choice.couponHeldBack ? null : typed
  const common = {
    lines: offerLines,
    settings,
    couponCode,
    customer: couponCustomerOf(choice.email ?? '', choice.phone ?? ''),
    postalCode: choice.postalCode ?? '',
    parcel,
    at: new Date(),
    lock: false,
  }
  const [online, cod] = await Promise.all([
    priceChoice(db, { ...common, payment: 'online' }),
    priceChoice(db, { ...common, payment: 'cod' }),
  ])
  const payment = choice.payment ?? 'online'
  const chosen = payment === 'cod' ? cod : online
  const { subtotalPaise, couponDiscountPaise, prepaidDiscountPaise, deliveryPaise, codFeePaise, totalPaise } = chosen.priced
  return {
    lines,
    subtotalPaise,
    couponDiscountPaise,
    prepaidDiscountPaise,
    deliveryPaise,
    codFeePaise,
    totalPaise,
    // What the cart says below the subtotal ("Add ₹X more for free delivery"), on the goods after the coupon.
    moreForFreeDeliveryPaise: moreForFreeDeliveryPaise(subtotalPaise - couponDiscountPaise, settings, parcel),
    /** Set when the charge is only where it starts (weight slabs, no delivery PIN yet): the cart says "from". */
    deliveryFrom: deliveryPaise > 0 && deliveryChargeIsFrom(settings, parcel),
    weightGrams: parcel.weightGrams,
    ready: lines.every((l) => l.status === 'ok'),
    payment,
    /** The code typed, as the shop keeps it, and what it takes off; or why it takes nothing. */
    coupon: couponQuote(typed, chosen.coupon, choice.couponHeldBack),
    paymentOptions: { online: optionOf(online), cod: optionOf(cod) },
  }
}
export type CartQuote = Awaited<ReturnType<typeof quoteCart>>
