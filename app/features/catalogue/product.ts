import { type Category, type PackSize, PACK_SIZES, PRICE_KEY_OF_SIZE, isSizedCategory } from './categories'
import { mediaUrl } from '../media/media-url'
import { paiseToRupees } from '../money/money'
import type { CartLine } from '../cart/cart'
import { currentLanguage, LANGUAGE_TAGS, type Language } from '~/i18n/language'

/** What a pack holds: grams, millilitres or a count (capsules, say). */
export type NetQuantity = { amount: number; unit: 'g' | 'ml' | 'unit' }

/**
 * One pack on sale. `mrpPaise`, the maximum retail price on its label (never below the price), and `net`, what it
 * holds, are read from the database; a product built in code without them has its price as its MRP.
 */
export type Offer = { size: 'one' | PackSize; pricePaise: number; stock: number; mrpPaise?: number; net?: NetQuantity | null }

export const DIET_MARKS = ['veg', 'non-veg', 'none'] as const
export type DietMark = (typeof DIET_MARKS)[number]

/** What the label declares besides the packs (decision 039); blank text means not declared. */
export type ProductDeclarations = {
  ingredients: string
  allergens: string
  dietMark: DietMark
  shelfLifeMonths: number | null
  storage: string
  manufacturer: string
  countryOfOrigin: string
}

export const NO_DECLARATIONS: ProductDeclarations = {
  ingredients: '',
  allergens: '',
  dietMark: 'veg',
  shelfLifeMonths: null,
  storage: '',
  manufacturer: '',
  countryOfOrigin: 'India',
}

/**
 * A product as the shop shows it: the row plus its offers (one price, or one per pack size). Its name and
 * description are in the language of the request that read it when the owner wrote them in it, else in English:
 * `nameLanguage` and `descriptionLanguage` say which (absent: English), so a page in another language marks the
 * English with `lang` (see `fallbackLang`).
 */
export type Product = {
  id: string
  slug: string
  name: string
  description: string
  nameLanguage?: Language
  descriptionLanguage?: Language
  category: Category
  subcategory: string | null
  frontImage: string | null
  backImage: string | null
  offers: Offer[]
  /** Read from the database with the product; absent on products built in code. */
  declarations?: ProductDeclarations
}

/**
 * The `lang` attribute for an owner's text in `language` shown on a page in `pageLanguage`: `en-IN` for the English
 * shown on a Tamil page in place of a missing translation, nothing when the text is in the page's language.
 */
export function fallbackLang(language: Language | undefined, pageLanguage: Language): string | undefined {
  const own = language ?? 'en'
  return own === pageLanguage ? undefined : LANGUAGE_TAGS[own]
}

/** `fallbackLang` on the page being rendered: `lang` for an element showing the owner's text in `language`. */
export function ownTextLang(language: Language | undefined) {
  return fallbackLang(language, currentLanguage())
}

export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export function isSized(product: Pick<Product, 'category'>) {
  return isSizedCategory(product.category)
}

/** What can be bought now: the units of every size together. */
export function stockCount(product: Pick<Product, 'offers'>) {
  return product.offers.reduce((sum, o) => sum + o.stock, 0)
}

export function offerFor(product: Pick<Product, 'offers'>, size: Offer['size']) {
  return product.offers.find((o) => o.size === size)
}

/** Sized products list from the smallest to the middle size, as the spec's cards do. */
export function priceRange(product: Pick<Product, 'offers'>) {
  const prices = PACK_SIZES.slice(0, 2)
    .map((s) => offerFor(product, s)?.pricePaise)
    .filter((p) => p !== undefined)
  const all = prices.length ? prices : product.offers.map((o) => o.pricePaise)
  return { from: Math.min(...all), to: Math.max(...all) }
}

export function productPath(product: Pick<Product, 'id' | 'slug' | 'category'>) {
  return isSizedCategory(product.category) ? `/product/${product.slug}/${product.id}` : `/product/${product.id}`
}

/** The public JSON shape, with the spec's field names and prices in rupees. */
export function productJson(product: Product, mediaBase: string) {
  const base = {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    category: product.category,
    subcategory: product.subcategory,
    imageUrl: product.frontImage ? mediaUrl(mediaBase, product.frontImage, 960) : '',
    backsideImageUrl: product.backImage ? mediaUrl(mediaBase, product.backImage, 960) : '',
    stockCount: stockCount(product),
    url: productPath(product),
  }
  if (!isSized(product)) return { ...base, price: paiseToRupees(product.offers[0]?.pricePaise ?? 0) }
  const prices = Object.fromEntries(
    PACK_SIZES.map((s) => [PRICE_KEY_OF_SIZE[s], paiseToRupees(offerFor(product, s)?.pricePaise ?? 0)]),
  ) as Record<'startg' | 'halfg' | 'onekg', number>
  const stockBySize = Object.fromEntries(PACK_SIZES.map((s) => [s, offerFor(product, s)?.stock ?? 0]))
  return { ...base, prices, stockBySize }
}

/** The three packs of a sized product, smallest first, with what each costs and how many are left. */
export function packOffers(product: Pick<Product, 'offers'>) {
  return PACK_SIZES.flatMap((size) => {
    const offer = offerFor(product, size)
    return offer ? [{ ...offer, size }] : []
  })
}

/** The single price of a one-price product (its only offer). */
export function singleOffer(product: Pick<Product, 'offers'>) {
  return offerFor(product, 'one') ?? product.offers[0]
}

/**
 * What goes into the browser's cart for one product (and pack size, for sized products). The price
 * is only for display: the server prices every cart again from the database.
 */
export function cartLineFor(product: Product, quantity: number, size: PackSize | undefined, mediaBase: string): CartLine {
  const offer = size ? offerFor(product, size) : singleOffer(product)
  return {
    id: product.id,
    ...(size ? { size } : {}),
    name: product.name,
    imageUrl: product.frontImage ? mediaUrl(mediaBase, product.frontImage, 320) : '',
    url: productPath(product),
    pricePaise: offer?.pricePaise ?? 0,
    stockCount: offer?.stock ?? 0,
    quantity,
  }
}

/** Products grouped by category, in the order the categories are given; empty groups left out. */
export function groupByCategory<P extends Pick<Product, 'category'>>(items: readonly P[], categories: readonly Category[]) {
  return categories
    .map((category) => ({ category, products: items.filter((p) => p.category === category) }))
    .filter((g) => g.products.length > 0)
}
